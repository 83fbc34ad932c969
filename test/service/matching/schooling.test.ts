import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { atSchooling, readSchooling } from '../../../src/service/matching/schooling';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A schooling clause in a title is matched without, and read as the O*NET Job Zones it allows
 * (docs/methodology.md §2a, "Readings"). Our own example titles.
 */

describe('readSchooling', () => {
  it('cuts the clause and reads "less than" and "without" as an upper bound', () => {
    expect(readSchooling('Pharmacist less than a bachelor’s degree')).toEqual({
      title: 'Pharmacist',
      schooling: { minZone: 1, maxZone: 3 },
    });
    expect(readSchooling('Biologist, less than master’s degree')).toEqual({
      title: 'Biologist',
      schooling: { minZone: 1, maxZone: 4 },
    });
    expect(readSchooling('Court Clerk without professional degree').schooling).toEqual({
      minZone: 1,
      maxZone: 4,
    });
    expect(readSchooling('Cook less than high school diploma').schooling).toEqual({ minZone: 1, maxZone: 3 });
  });

  it('reads a degree held, "or higher", as a lower bound, and "no degree" as an upper one', () => {
    expect(readSchooling('Accountant with Bachelor’s Degree')).toEqual({
      title: 'Accountant',
      schooling: { minZone: 4, maxZone: 5 },
    });
    expect(readSchooling('Nurse (Associate Degree)')).toEqual({
      title: 'Nurse',
      schooling: { minZone: 3, maxZone: 5 },
    });
    expect(readSchooling('Geologist education master’s degree or higher').schooling).toEqual({
      minZone: 5,
      maxZone: 5,
    });
    expect(readSchooling('Clerk high school diploma or some college and no degree').schooling).toEqual({
      minZone: 1,
      maxZone: 3,
    });
  });

  it('leaves titles without a clause, and a title that begins with one, as they are', () => {
    for (const title of [
      'High School Teacher',
      'Associate Professor',
      'College Admissions Counselor',
      'Degree Audit Specialist',
      'Professional Degree Program Advisor',
    ])
      expect(readSchooling(title)).toEqual({ title, schooling: null });
  });
});

describe('atSchooling', () => {
  // Occupations 0-3 in Job Zones 5, 3, 4 and 2.
  const zones = [5, 3, 4, 2];
  const ranking = (...os: number[]): Ranking => ({
    words: ['example'],
    level: null,
    list: os.map((o, i) => ({ o, score: 1 - i / 10, rating: i === 0 ? 'Confident' : 'Probable' })),
  });

  it('moves the answer to the best-ranked candidate in the zones, at most Probable', () => {
    const out = atSchooling(ranking(0, 2, 1, 3), { minZone: 1, maxZone: 3 }, zones);
    expect(out.list.map((e) => e.o)).toEqual([1, 0, 2, 3]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('keeps an answer in the zones, or one no close candidate fits, at most Probable', () => {
    const fits = atSchooling(ranking(2, 1), { minZone: 4, maxZone: 5 }, zones);
    expect(fits.list.map((e) => [e.o, e.rating])).toEqual([
      [2, 'Probable'],
      [1, 'Probable'],
    ]);
    // Only the sixth candidate fits: too far down to be what the title means; the fifth is not.
    const far = atSchooling(ranking(0, 2, 0, 2, 0, 3), { minZone: 1, maxZone: 2 }, zones);
    expect(far.list[0]).toMatchObject({ o: 0, rating: 'Probable' });
    expect(atSchooling(ranking(0, 2, 0, 2, 3), { minZone: 1, maxZone: 2 }, zones).list[0]?.o).toBe(3);
  });

  it('changes nothing without a clause', () => {
    const r = ranking(0, 1);
    expect(atSchooling(r, null, zones)).toBe(r);
  });
});

describe('schooling in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads a practitioner with less than the practice’s schooling as its technician', () => {
    expect(matcher.match('Pharmacist less than a bachelor’s degree', '')).toMatchObject({
      socCode: '29-2052',
      rating: 'Probable',
    });
    expect(matcher.match('Veterinarian, less than bachelor’s degree', '')?.socCode).toBe('29-2056');
    expect(matcher.match('Pharmacist', '')).toMatchObject({ socCode: '29-1051', rating: 'Confident' });
  });

  it('matches a title with a degree held as the title, the degree read as no level', () => {
    const nurse = matcher.match('Registered Nurse - Associate Degree', '');
    expect(nurse).toMatchObject({ socCode: '29-1141', rating: 'Probable', levelShift: 0 });
    expect(nurse?.jobLevelName).toBe(matcher.match('Registered Nurse', '')?.jobLevelName);
    expect(matcher.match('Accountant with Bachelor’s Degree', '')?.socCode).toBe('13-2011');
  });
});
