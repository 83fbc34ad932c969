import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RESULT_FIELDS } from '../../src/api/wire';
import { FUNCTIONS, type FunctionEntry } from '../../src/formulas/function-catalog';
import { formulaChoices, searchFormulas } from '../../src/formulas/formula-search';
import {
  defaultExtras,
  formulaForRow,
  FUNCTION_NAMESPACE,
  jobColumns,
  parseExtraInput,
} from '../../src/formulas/formula-text';

/** The formula builder's pure parts: the field search over the catalog, and the formula text for a row. */

const entry = (id: string): FunctionEntry => {
  const found = FUNCTIONS.find((f) => f.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('field search over every function and output field', () => {
  it('lists every function of the catalog and every output field, reading the catalog it is given', () => {
    const all = searchFormulas('');
    expect(all.filter((c) => c.kind === 'function').map((c) => c.name)).toEqual(FUNCTIONS.map((f) => f.id));
    expect(all.filter((c) => c.kind === 'field').map((c) => c.name)).toEqual([...RESULT_FIELDS]);
    // A function another change adds to the catalog is found without touching the builder.
    const added: FunctionEntry = {
      id: 'MARKETRATIO',
      exportName: 'marketRatio',
      description: 'Current pay divided by the market median of the job.',
      returnsHelp: 'The ratio.',
      returns: { kind: 'number', field: 'Salary50' },
      leading: [{ param: 'pay', tsType: 'number', optional: false, help: 'Current pay.' }],
    };
    const found = searchFormulas('market ratio', formulaChoices([...FUNCTIONS, added]));
    expect(found[0]?.name).toBe('MARKETRATIO');
  });

  it('finds by name first, then by meaning, and reaches a field through its own function or FIELD', () => {
    expect(
      searchFormulas('salary50')
        .map((c) => c.key)
        .slice(0, 2),
    ).toEqual(['fn:SALARY50', 'field:Salary50']);
    const median = searchFormulas('median salary');
    expect(
      median
        .slice(0, 2)
        .map((c) => c.key)
        .sort(),
    ).toEqual(['field:Salary50', 'fn:SALARY50']);
    expect(median[0]?.entry.id).toBe('SALARY50');
    const region = searchFormulas('region')[0];
    expect(region).toMatchObject({ key: 'field:DataScope_Region', field: 'DataScope_Region' });
    expect(region?.entry.id).toBe('FIELD');
    expect(
      searchFormulas('bonus')
        .slice(0, 4)
        .map((c) => c.name),
    ).toEqual(expect.arrayContaining(['BONUSTARGET50', 'BONUSTARGETAVG']));
    expect(searchFormulas('sal 90').map((c) => c.name)).toContain('SALARY90');
    expect(searchFormulas('card')[0]?.name).toBe('JOB');
    expect(searchFormulas('zzz')).toEqual([]);
  });
});

describe('the formula for a row, through the header mapping', () => {
  // Title in A, City in B, State in C, Company in D (no argument), FTE in E: offsets from column A.
  const columns = jobColumns({ title: 0, city: 1, state: 2, company: 3, fte: 4 }, 0);

  it('points each argument at its column on that row, leaves the rest empty and drops trailing empties', () => {
    expect(formulaForRow(entry('SALARY50'), columns, 1)).toBe('=JOBPRICE.SALARY50(A2,,,C2,B2,,,E2)');
    expect(formulaForRow(entry('SALARY50'), columns, 40)).toBe('=JOBPRICE.SALARY50(A41,,,C41,B41,,,E41)');
    expect(formulaForRow(entry('JOB'), jobColumns({ title: 2 }, 3), 6)).toBe('=JOBPRICE.JOB(F7)');
  });

  it("puts FIELD's name first and MATCH's header before jobcode", () => {
    const extras = defaultExtras(entry('FIELD'), 'DataScope_Region', []);
    expect(formulaForRow(entry('FIELD'), columns, 1, extras)).toBe(
      '=JOBPRICE.FIELD("DataScope_Region",A2,,,C2,B2,,,E2)',
    );
    const pinned = jobColumns({ title: 0, jobCode: 5 }, 0);
    expect(formulaForRow(entry('MATCH'), pinned, 1, new Map([['header', parseExtraInput('true', 1)]]))).toBe(
      '=JOBPRICE.MATCH(A2,,,,,,,,,TRUE,F2)',
    );
  });

  it('reads what was typed for other parameters: a cell of the row follows the row, others stay', () => {
    expect(parseExtraInput('k2', 1)).toEqual({ kind: 'column', col: 10 });
    expect(parseExtraInput('$K$2', 1)).toEqual({ kind: 'fixed', text: '$K$2' });
    expect(parseExtraInput('K1', 1)).toEqual({ kind: 'fixed', text: 'K1' });
    expect(parseExtraInput("'Rates 2026'!B3", 1)).toEqual({ kind: 'fixed', text: "'Rates 2026'!B3" });
    expect(parseExtraInput('1.25', 1)).toEqual({ kind: 'literal', text: '1.25' });
    expect(parseExtraInput('Comp50', 1)).toEqual({ kind: 'literal', text: '"Comp50"' });
    expect(parseExtraInput('say "hi"', 1)).toEqual({ kind: 'literal', text: '"say ""hi"""' });
    expect(parseExtraInput('  ', 1)).toEqual({ kind: 'empty' });
  });

  it('fills a parameter from a column whose header names it', () => {
    const withPay: FunctionEntry = {
      ...entry('SALARY50'),
      id: 'RATIO',
      leading: [{ param: 'currentpay', tsType: 'number', optional: false, help: 'Pay.' }],
    };
    const extras = defaultExtras(withPay, undefined, [
      { col: 0, header: 'Job Title' },
      { col: 6, header: 'Current Pay' },
    ]);
    expect(formulaForRow(withPay, columns, 4, extras)).toBe('=JOBPRICE.RATIO(G5,A5,,,C5,B5,,,E5)');
  });

  it('uses the namespace manifest.xml declares', () => {
    const manifest = readFileSync(resolve(__dirname, '..', '..', 'manifest.xml'), 'utf8');
    expect(manifest).toContain(`<bt:String id="Functions.Namespace" DefaultValue="${FUNCTION_NAMESPACE}"/>`);
  });
});
