import {
  detectMapping,
  fieldForHeader,
  fromStoredMapping,
  looksLikeHeaderRow,
  mappingProblems,
  positionalMapping,
  toStoredMapping,
} from '../../src/domain/column-mapping';

describe('column mapping: header detection by name', () => {
  it.each([
    ['JobTitle', 'title'],
    ['Job Title', 'title'],
    ['title', 'title'],
    [' job_title ', 'title'],
    ['JobDesc', 'description'],
    ['Description', 'description'],
    ['Job Description', 'description'],
    ['CompanyName', 'company'],
    ['Company', 'company'],
    ['CountryCode', 'country'],
    ['Country', 'country'],
    ['State', 'state'],
    ['City', 'city'],
    ['ZipCode', 'zip'],
    ['ZIP', 'zip'],
    ['Zip Code', 'zip'],
    ['Postal Code', 'zip'],
    ['NAICSCode', 'naics'],
    ['NAICS', 'naics'],
    ['Industry', 'naics'],
    ['FTEValue', 'fte'],
    ['FTE', 'fte'],
    ['Employees', 'fte'],
    ['Revenue', 'revenue'],
  ])('%s → %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it('ignores unknown headers, non-text cells, and keeps the first of two columns naming one field', () => {
    expect(fieldForHeader('Salary50')).toBeNull();
    expect(fieldForHeader(42)).toBeNull();
    expect(detectMapping(['Title', 'Notes', 'Job Title', 'State'])).toEqual({ title: 0, state: 3 });
  });

  it('tells a header row from a data row', () => {
    expect(looksLikeHeaderRow(['Job Title', 'Company', 'State'])).toBe(true);
    expect(looksLikeHeaderRow(['Software Developers', 'Contoso', 'MA'])).toBe(false);
    // A data row whose title happens to read "Title" still carries a number.
    expect(looksLikeHeaderRow(['Title', 'State', 120])).toBe(false);
  });

  it('reports a missing title column and two fields on one column', () => {
    expect(mappingProblems({ state: 1 }, 3)).toEqual(['Choose the column that holds the job title.']);
    expect(mappingProblems({ title: 0, city: 0 }, 3)[0]).toMatch(/same column/);
    expect(mappingProblems({ title: 5 }, 3)[0]).toMatch(/outside/);
    expect(mappingProblems({ title: 0, fte: 1 }, 2)).toEqual([]);
  });

  it('guesses the spec field order when there is no header row', () => {
    expect(positionalMapping(3)).toEqual({ title: 0, description: 1, company: 2 });
  });

  it('remembers by header name, so a moved column is still found', () => {
    const stored = toStoredMapping({ title: 0, state: 2 }, ['Role', 'x', 'Region']);
    expect(stored).toMatchObject({
      title: { header: 'Role' },
      state: { header: 'Region' },
      city: { none: true },
    });
    expect(fromStoredMapping(stored, ['Region', 'Role'], 2)).toEqual({ title: 1, state: 0 });
    expect(fromStoredMapping(toStoredMapping({ title: 1 }, null), null, 3)).toEqual({ title: 1 });
  });

  it('finds a remembered header again after its case, spaces or punctuation were edited', () => {
    // Guards the comparison of remembered headers: normalised like detection, not exact text.
    const stored = toStoredMapping({ title: 0, state: 1, fte: 2 }, [
      'Role Name',
      'Work Region',
      'Head-count',
    ]);
    expect(fromStoredMapping(stored, ['HEADCOUNT', ' role name ', 'work_region'], 3)).toEqual({
      title: 1,
      state: 2,
      fte: 0,
    });
    // A header that is really different is gone: the field falls back to detection.
    expect(fromStoredMapping(stored, ['Role', 'Region', 'Staff'], 3)).toEqual({});
  });
});

describe('the Job Code input column (D19)', () => {
  test('is found by its header, never by position', () => {
    expect(detectMapping(['Job Title', 'State', 'Job Code']).jobCode).toBe(2);
    expect(detectMapping(['Title', 'O*NET Code']).jobCode).toBe(1);
    expect(positionalMapping(11).jobCode).toBeUndefined();
  });
  test('"not used" is not remembered for it, so a Job Code column added later is found', () => {
    const stored = toStoredMapping({ title: 0 }, ['Job Title']);
    expect(stored.jobCode).toBeUndefined();
    expect(stored.company).toEqual({ none: true });
  });
});
