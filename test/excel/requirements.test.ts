import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectMapping, positionalMapping } from '../../src/domain/column-mapping';
import { convertJobPriceFormulasToValues } from '../../src/excel/convert-to-values';
import { MIN_EXCEL_API, SPILL_API } from '../../src/excel/requirements';
import { readSelection } from '../../src/excel/selection-reader';
import { priceSelection, SelectionProblem } from '../../src/usecases/pricing-run';
import { readJobPriceFormulasInSelection } from '../../src/excel/jobprice-cells';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeService, HEADERS, install, jobRow, rect } from './helpers';

/**
 * The manifest declares the ExcelApi version the code really needs, newer APIs are used
 * only after isSetSupported, a protected sheet is said before the service is called, and visible rows
 * come from RangeAreas.areas. The simulated host refuses an API newer than the version it is given.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const byHeaders = (block: { headerCells: CellValue[] | null; width: number }) =>
  block.headerCells ? detectMapping(block.headerCells.slice(0, block.width)) : positionalMapping(block.width);
const rows = (n: number): CellValue[][] => [HEADERS, ...Array.from({ length: n }, (_, i) => jobRow(i))];

function workbook(excelApi: string, n = 6, hiddenRows: number[] = [2, 4]): SimHost {
  host = install({
    sheets: [{ name: 'Jobs', rows: rows(n), hiddenRows }],
    selection: { sheet: 'Jobs', rect: rect(0, 0, n, 9) },
  });
  host.workbook.apiVersions.ExcelApi = excelApi;
  return host;
}

const price = (service = fakeService()) =>
  priceSelection({
    mode: 'price',
    send: service.send,
    mappingFor: byHeaders,
    confirmOverwrite: async () => true,
  });

describe('requirement sets', () => {
  it('manifest.xml declares ExcelApi at the version the code needs, and the shared runtime', () => {
    const xml = readFileSync(join(__dirname, '..', '..', 'manifest.xml'), 'utf8');
    expect(xml).toContain(`<Set Name="ExcelApi" MinVersion="${MIN_EXCEL_API}"/>`);
    expect(xml).toContain('<Set Name="SharedRuntime" MinVersion="1.1"/>');
    expect(SPILL_API).not.toBe(MIN_EXCEL_API); // spills are optional, checked at run time
  });

  it(`prices (filtered rows too), converts and finds formulas on an Excel with exactly ExcelApi ${MIN_EXCEL_API}`, async () => {
    workbook(MIN_EXCEL_API);
    await expect(price()).resolves.toMatchObject({ status: 'done', priced: 4, skippedHidden: 2 });
    const sheet = host.workbook.sheet('Jobs');
    sheet?.set(20, 0, { value: 5, formula: '=JOBPRICE.SALARY50(A2)' });
    host.workbook.selection = { sheet: 'Jobs', rect: rect(0, 0, 30, 30) };
    await expect(readJobPriceFormulasInSelection()).resolves.toHaveLength(1);
    await expect(convertJobPriceFormulasToValues()).resolves.toEqual({ converted: 1, skipped: 0 });
  });

  it('cannot run on ExcelApi 1.8: 1.9 is the real minimum, not a guess', async () => {
    workbook('1.8');
    await expect(price()).rejects.toMatchObject({ code: 'ApiNotFound' });
  });
});

describe('a protected sheet is said before the service is called', () => {
  it('pricing stops with a message naming the sheet; nothing sent, nothing written', async () => {
    workbook(MIN_EXCEL_API);
    const sheet = host.workbook.sheet('Jobs');
    if (sheet) sheet.protected = true;
    const service = fakeService();
    const run = price(service);
    await expect(run).rejects.toBeInstanceOf(SelectionProblem);
    await expect(run).rejects.toThrow(
      'The sheet "Jobs" is protected, so JobPrice cannot write there. Unprotect it (Review > Unprotect Sheet) and try again. Nothing was sent to the service.',
    );
    expect(service.calls).toHaveLength(0);
    expect(sheet?.usedRect(true)?.c1).toBe(HEADERS.length - 1);
  });

  it('Convert to values says the sheet is protected', async () => {
    workbook(MIN_EXCEL_API);
    const sheet = host.workbook.sheet('Jobs');
    sheet?.set(1, 0, { value: 5, formula: '=JOBPRICE.SALARY50(A2)' });
    if (sheet) sheet.protected = true;
    await expect(convertJobPriceFormulasToValues()).rejects.toThrow(/The sheet "Jobs" is protected/);
  });
});

describe('visible rows from RangeAreas.areas', () => {
  it('reads 1,000 rows filtered into 500 areas exactly', async () => {
    const hiddenRows = Array.from({ length: 500 }, (_, i) => 2 * i + 2);
    workbook(MIN_EXCEL_API, 1000, hiddenRows);
    const block = await readSelection();
    expect(block.hidden).toHaveLength(1000);
    block.hidden.forEach((h, i) => expect({ i, h }).toEqual({ i, h: hiddenRows.includes(i + 1) }));
  });
});
