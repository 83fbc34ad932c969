import { detectMapping, positionalMapping } from '../../src/domain/column-mapping';
import { formulaChoices, type FormulaChoice } from '../../src/formulas/formula-search';
import { insertFormulas, previewFormula, type BuilderDeps } from '../../src/usecases/insert-formulas';
import { installSimHost, type SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';

/**
 * The formula builder's use case on the simulated host: the formula for the active row through the header
 * mapping, Insert into the active cell's column with relative references, one per selected visible row,
 * asking before it replaces anything, and refusing what would break the sheet.
 */

let sim: SimHost;
afterEach(() => sim?.uninstall());

const choice = (key: string): FormulaChoice => {
  const found = formulaChoices().find((c) => c.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
};
const deps: BuilderDeps = {
  mappingFor: (b) =>
    b.headerCells ? detectMapping(b.headerCells.slice(0, b.width)) : positionalMapping(b.width),
};
const asked: number[] = [];
const answer = (yes: boolean) => ({
  ...deps,
  confirmOverwrite: async (n: number) => {
    asked.push(n);
    return yes;
  },
});

const HEADERS: CellValue[] = ['Job Title', 'City', 'State', 'Company', 'FTE'];
const ROWS: CellValue[][] = [
  ['Software Developer', 'Seattle', 'WA', 'Acme', 250],
  ['Registered Nurse', 'Boston', 'MA', 'Mercy', 1200],
  ['Accountant', 'Austin', 'TX', 'Ledger', 40],
  ['Electrician', '', 'OH', 'Volt', 12],
  ['Pharmacist', 'Chicago', 'IL', 'Rx', 300],
];

/** Jobs in A1:E6; K2:K6 selected (the active cell K2), where the formulas go. */
function setup(
  selection = { r0: 1, c0: 10, r1: 5, c1: 10 },
): NonNullable<ReturnType<SimHost['workbook']['sheet']>> {
  sim = installSimHost({
    sheets: [{ name: 'Jobs', rows: [HEADERS, ...ROWS] }],
    selection: { sheet: 'Jobs', rect: selection },
  });
  asked.length = 0;
  return sim.workbook.sheet('Jobs') as NonNullable<ReturnType<SimHost['workbook']['sheet']>>;
}

describe('formula builder: preview', () => {
  it('shows the formula for the active row, each argument at its mapped cell, and where Insert writes', async () => {
    setup();
    sim.workbook.activeCell = { r: 3, c: 10 }; // K4
    const p = await previewFormula({ choice: choice('fn:SALARY50') }, deps);
    expect(p.formula).toBe('=JOBPRICE.SALARY50(A4,,,C4,B4,,,E4)');
    expect(p.row).toBe(4);
    expect(p.args).toEqual([
      { param: 'title', address: 'A4', header: 'Job Title', value: 'Accountant' },
      { param: 'state', address: 'C4', header: 'State', value: 'TX' },
      { param: 'city', address: 'B4', header: 'City', value: 'Austin' },
      { param: 'fte', address: 'E4', header: 'FTE', value: '40' },
    ]);
    expect(p).toMatchObject({ span: 'K2:K6', rows: 5, hiddenRows: 0, problem: null, extras: [] });
  });

  it('reads a field through FIELD, its name in quotes, and offers the name as an editable parameter', async () => {
    setup();
    const p = await previewFormula({ choice: choice('field:DataScope_Region') }, deps);
    expect(p.formula).toBe('=JOBPRICE.FIELD("DataScope_Region",A2,,,C2,B2,,,E2)');
    expect(p.extras).toEqual([
      expect.objectContaining({ param: 'name', optional: false, text: '"DataScope_Region"' }),
    ]);
    const typed = new Map([['name', 'Comp75']]);
    await expect(
      previewFormula({ choice: choice('field:DataScope_Region'), typed }, deps),
    ).resolves.toMatchObject({
      formula: '=JOBPRICE.FIELD("Comp75",A2,,,C2,B2,,,E2)',
    });
  });

  it('asks for a required parameter left empty (FIELD picked as a function, without a field name)', async () => {
    setup();
    const p = await previewFormula({ choice: choice('fn:FIELD') }, deps);
    expect(p.formula).toBe('=JOBPRICE.FIELD(,A2,,,C2,B2,,,E2)');
    expect(p.problem).toMatch(/^Fill in name first: Result field name/);
    const typed = new Map([['name', 'JobLevelName']]);
    await expect(previewFormula({ choice: choice('fn:FIELD'), typed }, deps)).resolves.toMatchObject({
      formula: '=JOBPRICE.FIELD("JobLevelName",A2,,,C2,B2,,,E2)',
      problem: null,
    });
  });

  it('refuses a column that holds the job itself (the formula would read its own cell)', async () => {
    const sheet = setup({ r0: 1, c0: 2, r1: 5, c1: 2 }); // C2:C6, the State column
    const p = await previewFormula({ choice: choice('fn:SALARY50') }, deps);
    expect(p.problem).toBe(
      'Column C holds the state the formulas read. Click a cell in an empty column for the formulas.',
    );
    await expect(insertFormulas({ choice: choice('fn:SALARY50') }, answer(true))).resolves.toEqual({
      status: 'refused',
      problem: p.problem,
    });
    expect(sheet.get(1, 2)).toEqual({ value: 'WA' });
  });

  it('asks for rows below the header when only the header row is selected, and refuses a protected sheet', async () => {
    setup({ r0: 0, c0: 10, r1: 0, c1: 10 });
    const p = await previewFormula({ choice: choice('fn:COMP50') }, deps);
    expect(p.rows).toBe(0);
    expect(p.problem).toMatch(/^Select the rows to fill, below the header row/);
    const sheet = setup();
    sheet.protected = true;
    await expect(previewFormula({ choice: choice('fn:COMP50') }, deps)).resolves.toMatchObject({
      problem:
        'The sheet "Jobs" is protected, so formulas cannot be inserted. Unprotect it (Review > Unprotect Sheet) and try again.',
    });
  });
});

describe('formula builder: insert', () => {
  it('writes one formula per selected row, each reading its own row, in one write', async () => {
    const sheet = setup();
    sim.workbook.resetStats();
    await expect(insertFormulas({ choice: choice('fn:SALARY50') }, answer(true))).resolves.toEqual({
      status: 'inserted',
      written: 5,
      span: 'K2:K6',
      replaced: 0,
    });
    expect(asked).toEqual([]);
    for (let r = 1; r <= 5; r++)
      expect(sheet.get(r, 10)?.formula).toBe(
        `=JOBPRICE.SALARY50(A${r + 1},,,C${r + 1},B${r + 1},,,E${r + 1})`,
      );
    expect(sim.workbook.syncs.filter((s) => s.writes > 0)).toHaveLength(1);
  });

  it('asks before replacing anything; declining changes nothing, accepting replaces', async () => {
    const sheet = setup();
    sheet.set(2, 10, { value: 'keep me' });
    sheet.set(4, 10, { value: 5, formula: '=2+3' });
    await expect(insertFormulas({ choice: choice('fn:JOB') }, answer(false))).resolves.toEqual({
      status: 'declined',
      cells: 2,
    });
    expect(asked).toEqual([2]);
    expect(sheet.get(2, 10)).toEqual({ value: 'keep me' });
    expect(sheet.get(1, 10)).toBeUndefined();
    await expect(insertFormulas({ choice: choice('fn:JOB') }, answer(true))).resolves.toMatchObject({
      status: 'inserted',
      replaced: 2,
    });
    expect(sheet.get(2, 10)?.formula).toBe('=JOBPRICE.JOB(A3,,,C3,B3,,,E3)');
    expect(sheet.get(4, 10)?.formula).toBe('=JOBPRICE.JOB(A5,,,C5,B5,,,E5)');
  });

  it('turns a column formatted as text to General where it writes, so the formulas calculate', async () => {
    const sheet = setup();
    for (let r = 1; r <= 5; r++) sheet.set(r, 10, { value: '', numberFormat: '@' });
    sim.workbook.evaluateFormula = () => 42;
    await insertFormulas({ choice: choice('fn:COMP50') }, answer(true));
    expect(asked).toEqual([]); // a formatted empty cell holds nothing to replace
    expect(sheet.get(1, 10)).toEqual({ value: 42, formula: '=JOBPRICE.COMP50(A2,,,C2,B2,,,E2)' });
  });

  it('skips rows hidden by a filter, and stops at the last row with data', async () => {
    const sheet = setup({ r0: 1, c0: 10, r1: 1_048_575, c1: 10 }); // the whole column K from row 2
    sim.workbook.sheet('Jobs')?.hiddenRows.add(3);
    const report = await insertFormulas({ choice: choice('fn:MATCHRATING') }, answer(true));
    expect(report).toMatchObject({ status: 'inserted', written: 4, span: 'K2:K6' });
    expect(sheet.get(3, 10)).toBeUndefined();
    expect(sheet.get(4, 10)?.formula).toBe('=JOBPRICE.MATCHRATING(A5,,,C5,B5,,,E5)');
    expect(sheet.get(6, 10)).toBeUndefined();
  });

  it('finds a table the active row runs through, even from a column outside it', async () => {
    sim = installSimHost({
      sheets: [{ name: 'Jobs', rows: [['Pay survey 2026'], [], HEADERS, ...ROWS] }],
      tables: [{ name: 'Jobs', sheet: 'Jobs', rect: { r0: 2, c0: 0, r1: 7, c1: 4 } }],
      selection: { sheet: 'Jobs', rect: { r0: 3, c0: 6, r1: 4, c1: 6 } },
    });
    const report = await insertFormulas({ choice: choice('fn:SALARY90') }, answer(true));
    expect(report).toMatchObject({ status: 'inserted', written: 2, span: 'G4:G5' });
    expect(sim.workbook.sheet('Jobs')?.get(3, 6)?.formula).toBe('=JOBPRICE.SALARY90(A4,,,C4,B4,,,E4)');
  });
});
