import { jobSpec } from '../../src/domain/job';
import { parseJobArgs } from '../../src/formulas/args';
import { fieldValue, lookupField, NOT_IN_SCOPE } from '../../src/functions/fields';
import { findJobPriceCalls } from '../../src/formulas/formula-args';
import { jobArgumentPositions } from '../../src/formulas/function-catalog';
import { jobKey } from '../../src/domain/job';

describe('formula arguments → JobSpec', () => {
  it('reads the first five arguments in order and treats null and "" as unused', () => {
    const parsed = parseJobArgs({
      title: ' Software Developer ',
      description: null,
      country: 'USA',
      state: 'CA',
      city: 'San Jose',
      zip: '',
      naics: null,
      fte: null,
      revenue: '',
    });
    expect(parsed).toEqual({
      ok: true,
      spec: jobSpec({
        title: 'Software Developer',
        scope: { country: 'USA', state: 'CA', city: 'San Jose' },
      }),
    });
  });

  it('sends jobcode as JobCode when given, and leaves it out when blank (D19)', () => {
    const pinned = parseJobArgs({ title: 'Intern', jobCode: ' 15-1252.00 ' });
    expect(pinned.ok && pinned.spec.jobCode).toBe('15-1252.00');
    for (const blank of [null, undefined, '', '  ']) {
      const parsed = parseJobArgs({ title: 'Intern', jobCode: blank });
      expect(parsed.ok && 'jobCode' in parsed.spec).toBe(false);
    }
    const plain = parseJobArgs({ title: 'Intern' });
    // The cache key tells the pinned job from the matched one.
    expect(pinned.ok && plain.ok && jobKey(pinned.spec) !== jobKey(plain.spec)).toBe(true);
    expect(parseJobArgs({ title: 'Intern', jobCode: true })).toEqual({
      ok: false,
      message: 'jobcode must be text, not TRUE.',
    });
  });

  it('finds the job arguments at their formula positions: FIELD shifted by its name, MATCH with header before jobcode', () => {
    const plain = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(jobArgumentPositions('SALARY50')).toEqual(plain);
    expect(jobArgumentPositions('salary50')).toEqual(plain);
    expect(jobArgumentPositions('FIELD')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(jobArgumentPositions('MATCH')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 10]);
  });

  it('writes a ZIP given as a number as 5-digit text (leading zeros restored)', () => {
    const parsed = parseJobArgs({ title: 'Nurse', zip: 2134 });
    expect(parsed.ok && parsed.spec.scope.zip).toBe('02134');
    expect(parseJobArgs({ title: 'Nurse', zip: 123456 })).toEqual({
      ok: false,
      message: 'zip must be a 5-digit ZIP code; 123456 is not one.',
    });
  });

  it('accepts numbers and number-like text for fte and revenue, and refuses anything else with a message', () => {
    const a = parseJobArgs({ title: 'Nurse', fte: '1,250' });
    expect(a.ok && a.spec.scope.fte).toBe(1250);
    const b = parseJobArgs({ title: 'Nurse', revenue: 5e7 });
    expect(b.ok && b.spec.scope.revenue).toBe(5e7);
    expect(parseJobArgs({ title: 'Nurse', fte: 'about 50' })).toEqual({
      ok: false,
      message: 'fte must be a number; "about 50" is not one.',
    });
    expect(parseJobArgs({ title: 'Nurse', revenue: true })).toEqual({
      ok: false,
      message: 'revenue must be a number, not TRUE.',
    });
  });

  it('uses the plain form of numbers given for text arguments (NAICS 5112)', () => {
    const parsed = parseJobArgs({ title: 'Nurse', naics: 5112 });
    expect(parsed.ok && parsed.spec.scope.naics).toBe('5112');
  });

  it('refuses a range where a single value is expected', () => {
    expect(parseJobArgs({ title: [['a']] as unknown as string })).toEqual({
      ok: false,
      message: 'title must be a single value (text or a number), not a range or an array.',
    });
  });
});

describe('result fields', () => {
  it('finds a field case-insensitively and lists every valid name for an unknown one', () => {
    expect(lookupField(' salary50 ')).toEqual({ ok: true, field: 'Salary50' });
    expect(lookupField('DATASCOPE_REGION')).toEqual({ ok: true, field: 'DataScope_Region' });
    const unknown = lookupField('Salary55');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.message).toMatch(/^Unknown field "Salary55"\. Valid names: Salary10, /);
      expect(unknown.message).toContain('DataScope_City');
    }
  });

  it('never invents a figure: a missing one is "not in scope", a missing DataScope_ field is empty', () => {
    expect(fieldValue({ Salary50: 1 }, 'Comp50')).toEqual({ ok: false, message: NOT_IN_SCOPE });
    expect(fieldValue({ Salary50: 1 }, 'DataScope_RevenueRange')).toEqual({ ok: true, value: '' });
    expect(fieldValue({ Salary50: 1 }, 'Salary50')).toEqual({ ok: true, value: 1 });
  });
});

describe('reading JOBPRICE calls back from formula text (refresh)', () => {
  it('reads literals, empty arguments and single-cell references, with or without a sheet', () => {
    const [call] = findJobPriceCalls(
      `=JOBPRICE.SALARY50(A2, $B$3, "USA", , 'My ''Jobs'''!C4, Sheet2!d5, 5112, TRUE, -1.5e3)`,
    );
    expect(call?.name).toBe('SALARY50');
    expect(call?.args).toEqual([
      { kind: 'ref', sheet: null, address: 'A2' },
      { kind: 'ref', sheet: null, address: 'B3' },
      { kind: 'literal', value: 'USA' },
      { kind: 'empty' },
      { kind: 'ref', sheet: "My 'Jobs'", address: 'C4' },
      { kind: 'ref', sheet: 'Sheet2', address: 'D5' },
      { kind: 'literal', value: 5112 },
      { kind: 'literal', value: true },
      { kind: 'literal', value: -1500 },
    ]);
  });

  it('finds calls nested in other functions, ignores look-alikes inside text, and marks expressions unresolved', () => {
    const calls = findJobPriceCalls(
      `=IFERROR(jobprice.Field("Comp50", A2&" II", "JOBPRICE.X(1)"), JOBPRICE.MATCH(B2))`,
    );
    expect(calls.map((c) => c.name)).toEqual(['FIELD', 'MATCH']);
    expect(calls[0]?.args[1]).toEqual({ kind: 'unresolved', text: 'A2&" II"' });
    expect(calls[0]?.args[2]).toEqual({ kind: 'literal', value: 'JOBPRICE.X(1)' });
  });
});
