import { jobSpec } from '../../src/domain/job';
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
