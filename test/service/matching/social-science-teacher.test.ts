import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { atSocialScienceTeacher } from '../../../src/service/matching/social-science-teacher';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A postsecondary teacher of a social science the SOC does not list separately is its group's residual
 * (25-1069), not the residual of all postsecondary teachers (25-1199): docs/methodology.md §2a,
 * "Eleventh round: people2". Our own example titles.
 */

/**
 * Occupation 0 is the residual of all postsecondary teachers, 1 the social sciences teachers' residual,
 * 2 a social scientist (urban and regional planners), 3 a technician of the social sciences (19-4000,
 * no social scientist), 4 a secondary school teacher, 5 a business specialist.
 */
const SOC = ['25-1199', '25-1069', '19-3051', '19-4061', '25-2031', '13-1075'];
const ranking = (...entries: [number, number][]): Ranking => ({
  words: ['planning', 'teacher'],
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.9 ? 'Confident' : 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('atSocialScienceTeacher', () => {
  it('answers the social sciences residual where a social scientist shows the subject', () => {
    const out = atSocialScienceTeacher(ranking([0, 0.945], [1, 0.942], [2, 0.6]), SOC);
    expect(order(out)).toEqual([1, 0, 2]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('keeps the catch-all where no social scientist is among the four best candidates', () => {
    const humanities = ranking([0, 0.945], [1, 0.942], [4, 0.7], [3, 0.6]);
    expect(atSocialScienceTeacher(humanities, SOC)).toBe(humanities);
    const late = ranking([0, 0.945], [1, 0.942], [4, 0.7], [5, 0.65], [3, 0.6], [2, 0.5]);
    expect(atSocialScienceTeacher(late, SOC)).toBe(late);
  });

  it('keeps the catch-all where the social sciences residual is not close', () => {
    const far = ranking([0, 0.945], [2, 0.7], [1, 0.85]);
    expect(atSocialScienceTeacher(far, SOC)).toBe(far);
  });

  it('leaves another answer alone', () => {
    const planner = ranking([2, 0.8], [0, 0.6], [1, 0.59]);
    expect(atSocialScienceTeacher(planner, SOC)).toBe(planner);
  });
});

describe('social sciences teachers in the matcher (real O*NET data)', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers a planning or survey research subject as a social science', () => {
    // Both residuals list these titles; the catch-all scored first before the rule.
    expect(matcher.match('Teacher of Urban Planning', '', '611310')?.socCode).toBe('25-1069');
    expect(matcher.match('Senior City Planning Teacher', '')?.socCode).toBe('25-1069');
  });

  it('keeps subjects that reach no social scientist with the catch-all', () => {
    expect(matcher.match('Liberal Arts Teacher', '', '611310')?.socCode).toBe('25-1199');
    expect(matcher.match('Weight Control Lecturer', '')?.socCode).toBe('25-1199');
  });
});
