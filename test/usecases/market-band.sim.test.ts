import { detectMapping } from '../../src/domain/column-mapping';
import { jobSpec } from '../../src/domain/job';
import { loadMarketBand } from '../../src/usecases/market-band';
import { priceSelection } from '../../src/usecases/pricing-run';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeResult, fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';

/** The pane's market band reads the row the analyst is on, under the header row of its priced block. */

let host: SimHost;
afterEach(() => host?.uninstall());

const SHEET_HEADERS = [...HEADERS, 'Hourly Rate'];
const mappingFor = (block: { headerCells: CellValue[] | null; width: number }) =>
  detectMapping((block.headerCells ?? []).slice(0, block.width));

async function priced(): Promise<void> {
  // A note above the block: the header row is found by its Salary50 cell, not taken as the first row.
  host = install({
    sheets: [
      { name: 'Jobs', rows: [['Jobs to price, Q3'], SHEET_HEADERS, [...jobRow(0), 40], [...jobRow(1), '']] },
    ],
    selection: { sheet: 'Jobs', rect: rect(1, 0, 3, SHEET_HEADERS.length - 1) },
  });
  await priceSelection({
    mode: 'price',
    send: fakeService().send,
    mappingFor,
    confirmOverwrite: async () => true,
  });
}

describe('the market band of the active row', () => {
  it("reads the row's figures, its pay (hourly, annualised) and where it sits", async () => {
    await priced();
    host.workbook.select('Jobs', rect(2, 4, 2, 4));
    const band = await loadMarketBand();
    const m = fakeResult(jobSpec({ title: 'Job 0', company: 'Company 0', scope: { state: 'MA', fte: 10 } }));
    expect(band).toMatchObject({
      row: 3,
      title: 'Job 0',
      currency: 'USD',
      figures: { 10: m.Salary10, 25: m.Salary25, 50: m.Salary50, 75: m.Salary75, 90: m.Salary90 },
      pay: { kind: 'pay', annual: 83_200, hourly: 40 },
      rangeMin: null,
    });
    expect(band?.position?.ratio).toBe(Math.round((83_200 / (m.Salary50 as number)) * 100) / 100);
  });
  it('is empty on the header row, above it, and on a sheet that was never priced', async () => {
    await priced();
    host.workbook.select('Jobs', rect(1, 0, 1, 0));
    await expect(loadMarketBand()).resolves.toBeNull();
    host.workbook.select('Jobs', rect(0, 0, 0, 0));
    await expect(loadMarketBand()).resolves.toBeNull();
    host.uninstall();
    host = install({
      sheets: [{ name: 'Jobs', rows: [HEADERS, jobRow(0)] }],
      selection: { sheet: 'Jobs', rect: rect(1, 0, 1, 0) },
    });
    await expect(loadMarketBand()).resolves.toBeNull();
  });
});
