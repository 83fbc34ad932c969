import { detectMapping } from '../../src/domain/column-mapping';
import { readSelection } from '../../src/excel/selection-reader';
import { priceSelection } from '../../src/usecases/pricing-run';
import type { SimHost } from '../sim-excel/host';
import type { CellValue, SimCulture } from '../sim-excel/model';
import { fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';
import type { JobSpec } from '../../src/domain/job';
import type { SendBatch } from '../../src/domain/plan-runner';
import type { JobResult } from '../../src/api/wire';

/**
 * Numbers typed as text follow the culture Excel reads numbers in (Application.cultureInfo and Excel's
 * own separators, ExcelApi 1.11); a cell that reads as a number only the other way fails its row, saying so.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const FTE = 8;
const REVENUE = 9;
const DE: SimCulture = { name: 'de-DE', decimal: ',', group: '.' };

function sheet(rows: CellValue[][], culture?: SimCulture, excelApi?: string): void {
  host = install({
    sheets: [{ name: 'Sheet1', rows: [HEADERS, ...rows] }],
    selection: { sheet: 'Sheet1', rect: rect(0, 0, rows.length, 9) },
    ...(culture ? { culture } : {}),
  });
  if (excelApi) host.workbook.apiVersions.ExcelApi = excelApi;
}

/** Prices the selection and returns what was sent for each job. */
async function sent(): Promise<JobSpec[]> {
  const specs: JobSpec[] = [];
  const service = fakeService();
  const send: SendBatch<JobResult> = (items, signal) => {
    specs.push(...items.map((i) => i.spec));
    return service.send(items, signal);
  };
  await priceSelection({
    mode: 'price',
    send,
    mappingFor: (b) => detectMapping((b.headerCells ?? []).slice(0, b.width)),
    confirmOverwrite: async () => true,
  });
  return specs;
}

/** The JobPrice Status cell of a sheet row. */
function status(row: number): unknown {
  const sheetNow = host.workbook.sheet('Sheet1');
  const headers = [...(sheetNow?.rows.get(0) ?? new Map<number, { value: unknown }>())];
  const col = headers.find(([, c]) => c.value === 'JobPrice Status')?.[0];
  return col === undefined ? undefined : sheetNow?.get(row, col)?.value;
}

describe('numbers typed as text, in the workbook culture', () => {
  it('reads the culture with the selection (ExcelApi 1.11), and Excel’s own separators when set', async () => {
    sheet([jobRow(0)], DE);
    await expect(readSelection()).resolves.toMatchObject({
      culture: { name: 'de-DE', decimal: ',', group: '.' },
    });
    sheet([jobRow(0)], { ...DE, useSystemSeparators: false, appDecimal: '.', appThousands: ' ' });
    await expect(readSelection()).resolves.toMatchObject({ culture: { decimal: '.', group: ' ' } });
    sheet([jobRow(0)], DE, '1.10');
    await expect(readSelection()).resolves.toMatchObject({ culture: null });
  });

  it('in a German workbook, "1.200" employees are 1,200 and "2,5" revenue is 2.5', async () => {
    sheet([jobRow(0, { [FTE]: '1.200' }), jobRow(1, { [FTE]: '', [REVENUE]: '2,5' })], DE);
    const specs = await sent();
    expect(specs.map((s) => [s.scope.fte, s.scope.revenue])).toEqual([
      [1200, 0],
      [0, 2.5],
    ]);
  });

  it('in an American workbook, "1,5" is flagged on its row, never read as 15 or 1.5', async () => {
    sheet([jobRow(0, { [FTE]: '1,5' }), jobRow(1, { [FTE]: '1,500' })]);
    const specs = await sent();
    expect(specs.map((s) => s.scope.fte)).toEqual([1500]);
    expect(status(1)).toBe(
      'FTEValue "1,5" is ambiguous here (1.5?): type it as a number, without separators.',
    );
  });

  it('below ExcelApi 1.11 (culture unknown), "1,200" is flagged: it is 1200 or 1.2 depending on the country', async () => {
    sheet([jobRow(0, { [FTE]: '1,200' }), jobRow(1, { [FTE]: '1200' })], DE, '1.10');
    const specs = await sent();
    expect(specs.map((s) => s.scope.fte)).toEqual([1200]);
    expect(status(1)).toMatch(/^FTEValue "1,200" is ambiguous here \(1200 or 1\.2\?\)/);
  });
});
