import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * D18 candidates and D19 pinning come from the same ranking as pricing: the first candidate is the job
 * `match` prices, the list is empty exactly when `match` finds nothing, and a pinned code is priced as
 * that benchmark, Confident, at the title's seniority.
 */
let matcher: OnetMatcher;

beforeAll(async () => {
  matcher = await loadRealMatcher();
}, 120_000);

const TITLES = [
  'Registered Nurse',
  'Sr. Software Engineer',
  'Truck Driver',
  'Manager',
  'Analyst',
  'Intern',
  'Data Analyst',
  'Chief People Officer',
  'Warehouse Associate',
  'asdf qwerty',
  '',
];

describe('rank (D18)', () => {
  test.each(TITLES)('the first candidate of "%s" is what match() prices', (title) => {
    const m = matcher.match(title, '');
    const ranked = matcher.rank(title, '', 5);
    if (m === null) expect(ranked).toEqual([]);
    else {
      expect(ranked[0]?.onetCode).toBe(m.onetCode);
      expect(ranked[0]?.rating).toBe(m.rating);
      expect(ranked[0]?.score).toBe(m.score);
    }
  });

  test('candidates are best first, distinct, bounded by the limit, and carry a family and a rating', () => {
    const ranked = matcher.rank('Software Engineer', '', 5);
    expect(ranked.length).toBeGreaterThan(1);
    expect(ranked.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < ranked.length; i++)
      expect((ranked[i] as { score: number }).score).toBeLessThanOrEqual(
        (ranked[i - 1] as { score: number }).score,
      );
    expect(new Set(ranked.map((r) => r.onetCode)).size).toBe(ranked.length);
    for (const r of ranked) {
      expect(r.socCode).toBe(r.onetCode.slice(0, 7));
      expect(r.jobFamilyName).not.toBe('');
      expect(['Confident', 'Probable', 'Possible']).toContain(r.rating);
    }
    expect(matcher.rank('Software Engineer', '', 0)).toEqual([]);
  });

  test('a description re-ranks candidates exactly as it re-ranks the match', () => {
    const desc = 'Prepare budgets and financial forecasts; analyse variances for management.';
    expect(matcher.rank('Analyst', desc, 3)[0]?.onetCode).toBe(matcher.match('Analyst', desc)?.onetCode);
  });
});

describe('pinned (D19)', () => {
  test('an O*NET-SOC code is priced as that benchmark, Confident, whatever the title says', () => {
    const p = matcher.pinned('15-1252.00', 'Barista');
    expect(p).toMatchObject({ onetCode: '15-1252.00', socCode: '15-1252', rating: 'Confident' });
    expect(p?.occupationTitle).toBe('Software Developers');
  });

  test('a 6-digit SOC code pins its main O*NET occupation; surrounding spaces are ignored', () => {
    expect(matcher.pinned(' 29-1141 ', 'Nurse')?.onetCode).toBe('29-1141.00');
  });

  test("the title's seniority words still set the level", () => {
    const plain = matcher.pinned('15-1252.00', 'Developer');
    const senior = matcher.pinned('15-1252.00', 'Senior Developer');
    expect(plain?.levelShift).toBe(0);
    expect(senior?.levelShift).toBeGreaterThan(0);
    expect(senior?.jobLevelName).toBe('Senior');
  });

  test('an unknown code is null', () => {
    expect(matcher.pinned('99-9999.00', 'Nurse')).toBeNull();
    expect(matcher.pinned('nurse', 'Nurse')).toBeNull();
    expect(matcher.pinned('', 'Nurse')).toBeNull();
  });
});
