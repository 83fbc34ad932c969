import { convertJobPriceFormulasToValues } from '../../src/excel/convert-to-values';
import { loadStoredMapping, saveStoredMapping } from '../../src/excel/workbook-settings';
import { readSelection } from '../../src/excel/selection-reader';
import { installSimHost, type SimHost } from '../sim-excel/host';
import { rect } from './helpers';

let host: SimHost;
afterEach(() => host?.uninstall());

describe('convert to values', () => {
  it('freezes JOBPRICE formulas into their values, leaving other formulas and error cells alone', async () => {
    host = installSimHost({
      sheets: [{ name: 'Sheet1' }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 2, 1) },
    });
    const sheet = host.workbook.sheet('Sheet1');
    sheet?.set(0, 0, { value: 101000, formula: '=JOBPRICE.SALARY50(A5)', numberFormat: '[$$-409]#,##0' });
    sheet?.set(0, 1, { value: 3, formula: '=SUM(1,2)' });
    sheet?.set(1, 0, { value: '#BUSY!', formula: '=JOBPRICE.COMP50(A6)' });
    sheet?.set(1, 1, { value: 'Confident', formula: '=jobprice.matchRating(A7)' });
    sheet?.set(2, 0, { value: 'plain' });
    const report = await convertJobPriceFormulasToValues();
    expect(report).toEqual({ converted: 2, skipped: 1 });
    expect(sheet?.get(0, 0)).toEqual({ value: 101000, numberFormat: '[$$-409]#,##0' });
    expect(sheet?.get(0, 1)?.formula).toBe('=SUM(1,2)');
    expect(sheet?.get(1, 0)?.formula).toBe('=JOBPRICE.COMP50(A6)');
    expect(sheet?.get(1, 1)).toEqual({ value: 'Confident' });
    expect(sheet?.get(2, 0)).toEqual({ value: 'plain' });
  });
});

describe('convert to values: every JOBPRICE call, whole spills, text kept as text', () => {
  const install3 = (): NonNullable<ReturnType<SimHost['workbook']['sheet']>> => {
    host = installSimHost({
      sheets: [{ name: 'Sheet1' }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 9, 3) },
    });
    return host.workbook.sheet('Sheet1') as NonNullable<ReturnType<SimHost['workbook']['sheet']>>;
  };

  it('converts formulas that call JOBPRICE anywhere, not text that merely names it', async () => {
    const sheet = install3();
    sheet.set(0, 0, { value: 98000, formula: '=IFERROR(JOBPRICE.SALARY50(A5),"")' });
    sheet.set(0, 1, { value: 196000, formula: '=2 * jobprice.comp50(A5)' });
    sheet.set(0, 2, { value: 'JOBPRICE.SALARY50(', formula: '="JOBPRICE.SALARY50("' });
    sheet.set(0, 3, { value: 5, formula: '=MYJOBPRICE.X(1)' });
    await expect(convertJobPriceFormulasToValues()).resolves.toEqual({ converted: 2, skipped: 0 });
    expect(sheet.get(0, 0)).toEqual({ value: 98000 });
    expect(sheet.get(0, 1)).toEqual({ value: 196000 });
    expect(sheet.get(0, 2)?.formula).toBe('="JOBPRICE.SALARY50("');
    expect(sheet.get(0, 3)?.formula).toBe('=MYJOBPRICE.X(1)');
  });

  it('writes the whole spill of a JOBPRICE.MATCH row (header row too), a missing figure left blank', async () => {
    const sheet = install3();
    host.workbook.selection = { sheet: 'Sheet1', rect: rect(2, 0, 2, 0) }; // the anchor only
    sheet.setSpill(2, 0, '=JOBPRICE.MATCH(A1,,,,,,,,,TRUE)', [
      ['Salary50', 'MatchRating', 'DataEffectiveDate', 'BonusTarget50'],
      [101000, 'Confident', '2025-05-01', '#N/A'],
    ]);
    await expect(convertJobPriceFormulasToValues()).resolves.toEqual({ converted: 1, skipped: 0 });
    expect(host.workbook.sheet('Sheet1')?.read(rect(2, 0, 3, 3))).toEqual([
      ['Salary50', 'MatchRating', 'DataEffectiveDate', 'BonusTarget50'],
      [101000, 'Confident', '2025-05-01', ''],
    ]);
    expect(sheet.get(2, 0)?.formula).toBeUndefined();
    expect(sheet.get(2, 0)?.spill).toBeUndefined();
  });

  it('keeps text results as text: an ISO date, a ZIP with a leading zero, TRUE as a word', async () => {
    const sheet = install3();
    sheet.set(0, 0, { value: '2025-05-01', formula: '=JOBPRICE.FIELD("DataEffectiveDate",A5)' });
    sheet.set(0, 1, { value: '02134', formula: '=JOBPRICE.FIELD("DataScope_Zip",A5)' });
    sheet.set(0, 2, { value: 'TRUE', formula: '=JOBPRICE.FIELD("Flag",A5)' });
    await convertJobPriceFormulasToValues();
    expect(sheet.read(rect(0, 0, 0, 2))).toEqual([['2025-05-01', '02134', 'TRUE']]);
  });

  it('on an Excel without dynamic arrays (ExcelApi 1.11) converts the cells without asking for spills', async () => {
    const sheet = install3();
    host.workbook.apiVersions.ExcelApi = '1.11';
    sheet.set(0, 0, { value: 98000, formula: '=JOBPRICE.SALARY50(A5)' });
    await expect(convertJobPriceFormulasToValues()).resolves.toEqual({ converted: 1, skipped: 0 });
    expect(sheet.get(0, 0)).toEqual({ value: 98000 });
  });
});

describe('column mapping remembered in the workbook', () => {
  it('saves per sheet in document settings (persisted by saveAsync), with names only', async () => {
    host = installSimHost({ sheets: [{ name: 'Jobs' }] });
    await saveStoredMapping('Jobs', { title: { header: 'Role' }, state: { offset: 3 } });
    expect(host.workbook.savedDocumentSettings).toEqual({
      'jobprice.columnMapping': { Jobs: { title: { header: 'Role' }, state: { offset: 3 } } },
    });
    expect(loadStoredMapping('Jobs')).toEqual({ title: { header: 'Role' }, state: { offset: 3 } });
    expect(loadStoredMapping('Other')).toBeNull();
    host.workbook.documentSettings['jobprice.columnMapping'] = { Jobs: { title: { header: 42 } } };
    expect(loadStoredMapping('Jobs')).toBeNull();
  });
});

describe('reading the selection', () => {
  it('reads a whole-column selection only as far as the sheet is used, in a bounded number of syncs', async () => {
    const rows = [['Job Title', 'State'], ...Array.from({ length: 4500 }, (_, i) => [`Job ${i}`, 'MA'])];
    host = installSimHost({
      sheets: [{ name: 'Sheet1', rows }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 1_048_575, 1) },
    });
    const block = await readSelection();
    expect(block.rows).toHaveLength(4500);
    expect(block.headerSource).toBe('selection');
    // 2 (where, headers) + ceil(4500 / 2000) value chunks.
    expect(host.workbook.syncs).toHaveLength(2 + 3);
  });

  it('halves the read chunk when a response would exceed 5 MB', async () => {
    const long = 'x'.repeat(3000);
    const rows = [
      ['Job Title', 'Job Description'],
      ...Array.from({ length: 3000 }, (_, i) => [`Job ${i}`, long]),
    ];
    host = installSimHost({
      sheets: [{ name: 'Sheet1', rows }],
      selection: { sheet: 'Sheet1', rect: rect(0, 0, 3000, 1) },
    });
    const block = await readSelection();
    expect(block.rows).toHaveLength(3000);
    expect(block.rows[2999]?.[0]).toBe('Job 2999');
    expect(host.workbook.syncs.some((s) => s.responseBytes > 5 * 1024 * 1024)).toBe(true); // the refused one
    expect(host.workbook.stats().maxRequestBytes).toBeLessThan(5 * 1024 * 1024);
  });
});
