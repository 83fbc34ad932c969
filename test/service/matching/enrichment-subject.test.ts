import { atEnrichmentSubject } from '../../../src/service/matching/enrichment-subject';
import { industrySchoolLevel } from '../../../src/service/matching/school-level';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A subject's teacher named without a level of school is a self-enrichment teacher where O*NET files the
 * title under both alike (docs/methodology.md §2a, "Eleventh round: teachers4"). Our own example titles.
 */

/**
 * Occupation 0 is the secondary school teachers, 1 the self-enrichment teachers, 2 the postsecondary art,
 * drama and music teachers, 3 the special education teachers of secondary schools, 4 musicians.
 */
const SOC = ['25-2031', '25-3021', '25-1121', '25-2058', '27-2042'];
const ranking = (...entries: [number, number][]): Ranking => ({
  words: ['guitar', 'teacher'],
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.9 ? 'Probable' : 'Possible' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('atEnrichmentSubject', () => {
  it('answers the self-enrichment teachers where both list the title within the prior', () => {
    const out = atEnrichmentSubject(
      ranking([0, 1.003], [1, 0.999], [2, 0.965]),
      industrySchoolLevel(''),
      SOC,
    );
    expect(order(out)).toEqual([1, 0, 2]);
    expect(out.list[0]?.rating).toBe('Probable');
    // An industry that names no level of school (a fine arts school, NAICS 611610) reads the same.
    expect(
      order(atEnrichmentSubject(ranking([0, 1.003], [1, 0.999]), industrySchoolLevel('611610'), SOC)),
    ).toEqual([1, 0]);
  });

  it('keeps the school teacher at an industry that names a level of school', () => {
    const school = ranking([0, 1.003], [1, 0.999]);
    expect(atEnrichmentSubject(school, industrySchoolLevel('611110'), SOC)).toBe(school);
    expect(atEnrichmentSubject(school, industrySchoolLevel('611310'), SOC)).toBe(school);
  });

  it('keeps the school teacher where it lists the title better or alone', () => {
    const better = ranking([0, 1.089], [1, 1.049]);
    expect(atEnrichmentSubject(better, industrySchoolLevel(''), SOC)).toBe(better);
    const alone = ranking([0, 1.016], [2, 0.97], [1, 0.58]);
    expect(atEnrichmentSubject(alone, industrySchoolLevel(''), SOC)).toBe(alone);
  });

  it('leaves a title no occupation lists and another answer alone', () => {
    const unlisted = ranking([0, 0.677], [1, 0.668]);
    expect(atEnrichmentSubject(unlisted, industrySchoolLevel(''), SOC)).toBe(unlisted);
    const special = ranking([3, 1.003], [1, 0.999]);
    expect(atEnrichmentSubject(special, industrySchoolLevel(''), SOC)).toBe(special);
    const postsecondary = ranking([2, 1.003], [1, 0.999]);
    expect(atEnrichmentSubject(postsecondary, industrySchoolLevel(''), SOC)).toBe(postsecondary);
  });
});

describe('self-enrichment subjects in the matcher (real O*NET data)', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers a pastime’s or an art’s teacher named without a school as a self-enrichment teacher', () => {
    expect(matcher.match('Guitar Teacher', '')?.socCode).toBe('25-3021');
    expect(matcher.match('Theater Teacher', '', '713940')?.socCode).toBe('25-3021');
  });

  it('keeps academic subjects, titles naming a level and teachers at a school with the school teachers', () => {
    expect(matcher.match('Spanish Teacher', '')?.socCode).toBe('25-2031');
    expect(matcher.match('High School Guitar Teacher', '')?.socCode).toBe('25-2031');
    expect(matcher.match('Guitar Teacher', '', '611110')?.socCode).toBe('25-2031');
  });
});
