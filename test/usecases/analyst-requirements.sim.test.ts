import { detectMapping } from '../../src/domain/column-mapping';
import { MIN_EXCEL_API } from '../../src/excel/requirements';
import { writeComposite } from '../../src/usecases/composite';
import { loadMarketBand } from '../../src/usecases/market-band';
import { chartSelection } from '../../src/usecases/market-chart';
import { writePayRanges } from '../../src/usecases/pay-ranges';
import { priceSelection } from '../../src/usecases/pricing-run';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';

/**
 * Every Office API of the work after pricing (names, conditional formats, R1C1 formulas, sheets, tables,
 * charts and their series, find, the selection event) is within the ExcelApi version the manifest
 * declares: on a host with exactly that version, each use case runs through. The simulated host refuses
 * any API of a newer set.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const SHEET_HEADERS = [...HEADERS, 'Current Salary', 'Mercer P50'];
const mappingFor = (block: { headerCells: CellValue[] | null; width: number }) =>
  detectMapping((block.headerCells ?? []).slice(0, block.width));

it(`prices with a pay column, writes ranges and a composite, draws the band and charts on ExcelApi ${MIN_EXCEL_API}`, async () => {
  host = install({
    sheets: [
      { name: 'Jobs', rows: [SHEET_HEADERS, ...[0, 1, 2].map((i) => [...jobRow(i), 70_000 + i, 80_000])] },
    ],
    selection: { sheet: 'Jobs', rect: rect(0, 0, 3, SHEET_HEADERS.length - 1) },
  });
  host.workbook.apiVersions.ExcelApi = MIN_EXCEL_API;
  await expect(
    priceSelection({
      mode: 'price',
      send: fakeService().send,
      mappingFor,
      confirmOverwrite: async () => true,
    }),
  ).resolves.toMatchObject({ status: 'done', priced: 3 });
  await expect(
    writeComposite({
      settings: {
        sources: [{ header: 'Mercer P50', weight: 1, effectiveDate: '' }],
        jobPrice: { use: true, weight: 1 },
        agedTo: '',
        ratePercent: 3,
      },
      mappingFor,
      confirmOverwrite: async () => true,
    }),
  ).resolves.toMatchObject({ status: 'done', rows: 3 });
  await expect(
    writePayRanges({
      settings: { target: 'Composite P50', spreadPercent: 50, rounding: 1000 },
      mappingFor,
      confirmOverwrite: async () => true,
    }),
  ).resolves.toMatchObject({ status: 'done', rows: 3 });
  host.workbook.select('Jobs', rect(2, 0, 2, 0));
  await expect(loadMarketBand()).resolves.toMatchObject({ row: 3 });
  host.workbook.select('Jobs', rect(0, 0, 3, SHEET_HEADERS.length - 1));
  await expect(chartSelection({ mappingFor, confirmReplace: async () => true })).resolves.toMatchObject({
    status: 'done',
    jobs: 3,
  });
});
