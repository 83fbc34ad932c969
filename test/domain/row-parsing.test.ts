import { isBlankRow, parseRow, parseZip, TITLE_REQUIRED } from '../../src/domain/row-parsing';
import { MSG } from '../../src/domain/messages';

const M = {
  title: 0,
  description: 1,
  company: 2,
  country: 3,
  state: 4,
  city: 5,
  zip: 6,
  naics: 7,
  fte: 8,
  revenue: 9,
};
const row = (over: Record<number, unknown>): unknown[] => {
  const cells: unknown[] = ['Software Developers', '', 'Contoso', '', '', '', '', '', '', ''];
  for (const [k, v] of Object.entries(over)) cells[Number(k)] = v;
  return cells;
};

describe('row parsing: cell types and the service rules (D4, D5, D7)', () => {
  it('builds a JobSpec from a good row, upper-casing codes and trimming text', () => {
    const parsed = parseRow(7, row({ 3: 'usa', 4: 'ma', 5: ' Boston ', 7: 5112, 8: 120 }), M);
    expect(parsed).toEqual({
      row: 7,
      spec: {
        title: 'Software Developers',
        description: '',
        company: 'Contoso',
        scope: { country: 'USA', state: 'MA', city: 'Boston', zip: '', naics: '5112', fte: 120, revenue: 0 },
      },
    });
  });

  it('restores the leading zero Excel drops from a ZIP typed as a number (2134 → "02134")', () => {
    expect(parseZip(2134)).toBe('02134');
    expect(parseZip('02134-1234')).toBe('02134');
    expect(parseZip('')).toBe('');
    const parsed = parseRow(2, row({ 6: 2134 }), M);
    expect('spec' in parsed && parsed.spec.scope.zip).toBe('02134');
  });

  it('says which cell has the wrong type, with the value', () => {
    expect(parseRow(3, row({ 8: 'abc' }), M)).toEqual({
      row: 3,
      error: "FTEValue must be a number, got 'abc'.",
    });
    expect(parseRow(3, row({ 9: true }), M)).toEqual({
      row: 3,
      error: 'Revenue must be a number, got TRUE.',
    });
    expect(parseRow(3, row({ 6: 'Boston' }), M)).toEqual({
      row: 3,
      error: "ZipCode must be 5 digits, got 'Boston'.",
    });
    // A state name is read (see us-states.test.ts); one that names no state is refused.
    expect(parseRow(3, row({ 4: 'Massachusets' }), M)).toEqual({
      row: 3,
      error: 'State "Massachusets" is not a US state: write its name (California) or its 2-letter code (CA).',
    });
    expect(parseRow(3, row({ 0: '#N/A' }), M)).toEqual({
      row: 3,
      error: 'JobTitle cell shows the Excel error #N/A.',
    });
  });

  it('reads numbers written as text, with thousands separators', () => {
    const parsed = parseRow(4, row({ 9: '1,500,000' }), M);
    expect('spec' in parsed && parsed.spec.scope.revenue).toBe(1_500_000);
  });

  it('gives the service messages for the service rules: both FTE and revenue (D5), city without state (D7)', () => {
    expect(parseRow(5, row({ 8: 10, 9: 1000 }), M)).toEqual({ row: 5, error: MSG.bothFteAndRevenue });
    expect(parseRow(5, row({ 5: 'Boston' }), M)).toEqual({ row: 5, error: MSG.locationIncomplete });
    expect(parseRow(5, row({ 8: -1 }), M)).toEqual({ row: 5, error: MSG.negativeFteOrRevenue });
  });

  it('names the missing title rather than the service\'s generic "Get the service failed." (D4)', () => {
    expect(parseRow(6, row({ 0: '  ' }), M)).toEqual({ row: 6, error: TITLE_REQUIRED });
  });

  it('treats a row whose mapped cells are all empty as blank', () => {
    expect(isBlankRow(['', ' ', '', '', '', '', '', '', '', ''], M)).toBe(true);
    expect(isBlankRow(row({}), M)).toBe(false);
  });
});

describe('a mapped Job Code column is always sent as JobCode (D19)', () => {
  test('a code in the cell pins the job; a blank cell leaves the title to match', () => {
    const withCode = { ...M, jobCode: 10 };
    const pinned = parseRow(3, [...row({}), ' 15-1252.00 '], withCode);
    expect('spec' in pinned && pinned.spec.jobCode).toBe('15-1252.00');
    const blank = parseRow(4, [...row({}), ''], withCode);
    expect('spec' in blank && blank.spec.jobCode).toBeUndefined();
  });
});
