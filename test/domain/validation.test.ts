import { jobSpec } from '../../src/domain/job';
import { ECHO_LIMIT, echo, MSG } from '../../src/domain/messages';
import { localJobError } from '../../src/domain/validation';

/**
 * D21 in the add-in's local validation (shared with the service): a row over a text limit fails before
 * it is sent, with the service's message, spelt out here.
 */
describe('localJobError: D21 text limits', () => {
  const emoji = '\u{1F600}'; // one character, two UTF-16 units

  it('D21: JobTitle at most 200 characters', () => {
    expect(localJobError(jobSpec({ title: 'T'.repeat(200) }))).toBeNull();
    expect(localJobError(jobSpec({ title: 'T'.repeat(201) }))).toBe(
      'JobTitle is too long (at most 200 characters).',
    );
  });

  it('D21: CompanyName at most 200 characters', () => {
    expect(localJobError(jobSpec({ title: 'Nurse', company: 'C'.repeat(200) }))).toBeNull();
    expect(localJobError(jobSpec({ title: 'Nurse', company: 'C'.repeat(201) }))).toBe(
      'CompanyName is too long (at most 200 characters).',
    );
  });

  it('D21: JobDesc at most 10,000 characters', () => {
    expect(localJobError(jobSpec({ title: 'Nurse', description: 'd'.repeat(10_000) }))).toBeNull();
    expect(localJobError(jobSpec({ title: 'Nurse', description: 'd'.repeat(10_001) }))).toBe(
      'JobDesc is too long (at most 10000 characters).',
    );
  });

  it('D21: characters are code points; surrounding white space does not count', () => {
    expect(localJobError(jobSpec({ title: emoji.repeat(200) }))).toBeNull();
    expect(localJobError(jobSpec({ title: emoji.repeat(201) }))).toBe(
      'JobTitle is too long (at most 200 characters).',
    );
    expect(localJobError(jobSpec({ title: `  ${'T'.repeat(200)}\t ` }))).toBeNull();
    // A lone surrogate is still one character.
    expect(localJobError(jobSpec({ title: '\ud800'.repeat(200) }))).toBeNull();
  });

  it('D21: limits are checked after the required title (D4) and before FTE/Revenue (D5) and location (D7)', () => {
    expect(localJobError(jobSpec({ title: ' ', description: 'd'.repeat(10_001) }))).toBe(
      'Get the service failed.',
    );
    expect(
      localJobError(jobSpec({ title: 'T'.repeat(201), scope: { city: 'Austin', fte: 5, revenue: 5 } })),
    ).toBe('JobTitle is too long (at most 200 characters).');
    expect(
      localJobError(
        jobSpec({ title: 'T'.repeat(201), company: 'C'.repeat(201), description: 'd'.repeat(10_001) }),
      ),
    ).toBe('JobTitle is too long (at most 200 characters).');
    expect(
      localJobError(jobSpec({ title: 'Nurse', company: 'C'.repeat(201), description: 'd'.repeat(10_001) })),
    ).toBe('CompanyName is too long (at most 200 characters).');
  });
});

describe('localJobError: the other text fields have limits of their own (not D21; docs/api.md)', () => {
  const over = (n: number): string => 'x'.repeat(n + 1);

  it.each([
    ['JobCode', 50, (v: string) => jobSpec({ title: 'Nurse', jobCode: v })],
    ['CountryCode', 50, (v: string) => jobSpec({ title: 'Nurse', scope: { country: v } })],
    ['State', 100, (v: string) => jobSpec({ title: 'Nurse', scope: { state: v } })],
    ['City', 200, (v: string) => jobSpec({ title: 'Nurse', scope: { state: 'TX', city: v } })],
    ['ZipCode', 20, (v: string) => jobSpec({ title: 'Nurse', scope: { zip: v } })],
    ['NAICSCode', 20, (v: string) => jobSpec({ title: 'Nurse', scope: { naics: v } })],
  ] as const)('%s at most %i characters, measured trimmed', (field, max, spec) => {
    expect(localJobError(spec(` ${'x'.repeat(max)} `))).toBeNull();
    expect(localJobError(spec(over(max)))).toBe(`${field} is too long (at most ${max} characters).`);
  });

  it('they come after D21 fields and before D5 and D7, in the order of the request', () => {
    expect(
      localJobError(jobSpec({ title: 'Nurse', description: over(10_000), scope: { city: over(200) } })),
    ).toBe('JobDesc is too long (at most 10000 characters).');
    expect(localJobError(jobSpec({ title: 'Nurse', scope: { city: over(200), fte: 5, revenue: 5 } }))).toBe(
      'City is too long (at most 200 characters).',
    );
    expect(localJobError(jobSpec({ title: 'Nurse', scope: { state: over(100), zip: over(20) } }))).toBe(
      'State is too long (at most 100 characters).',
    );
  });
});

describe('messages repeat at most 256 characters of a caller text', () => {
  it('cuts a long echo with an ellipsis and keeps every value within its limit whole', () => {
    const huge = 'C'.repeat(900_000);
    expect(MSG.locationUnresolved(`city ${huge}, TX`)).toBe(
      `Location could not be resolved: city ${'C'.repeat(251)}…`,
    );
    expect(MSG.duplicateSubRequestId(huge).length).toBeLessThan(400);
    const longestCity = `city ${'C'.repeat(200)}, TX`;
    expect(MSG.locationUnresolved(longestCity)).toBe(`Location could not be resolved: ${longestCity}`);
    expect(echo('\u{1F600}'.repeat(300))).toBe(`${'\u{1F600}'.repeat(ECHO_LIMIT)}…`);
  });
});
