import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { atSupportSector } from '../../../src/service/matching/support-sector';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * An aide of a practitioner stays a healthcare support worker through the industry's weighing
 * (docs/methodology.md §2a, "Eleventh round: people2"). Our own example titles.
 */

/** Occupation 0 is a practitioner (podiatrists), 1 a support occupation (medical assistants), 2 a clerk. */
const SOC = ['29-1081', '31-9092', '43-9061'];
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('atSupportSector', () => {
  it('keeps the support worker a title naming an aide led with before the weighing', () => {
    const before = ranking(['helper', 'podiatrist'], [1, 0.68], [0, 0.82]);
    const weighed = ranking(['helper', 'podiatrist'], [0, 0.7], [1, 0.66], [2, 0.3]);
    const out = atSupportSector(weighed, before, SOC);
    expect(order(out)).toEqual([1, 0, 2]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('leaves the weighing alone for a title naming no assisting word', () => {
    const before = ranking(['podiatrist'], [1, 0.68], [0, 0.82]);
    const weighed = ranking(['podiatrist'], [0, 0.7], [1, 0.66]);
    expect(atSupportSector(weighed, before, SOC)).toBe(weighed);
  });

  it('leaves the weighing alone where it kept the answer or chose no practitioner', () => {
    const before = ranking(['podiatry', 'aide'], [1, 0.68], [2, 0.6]);
    const same = ranking(['podiatry', 'aide'], [1, 0.7], [2, 0.6]);
    expect(atSupportSector(same, before, SOC)).toBe(same);
    const clerk = ranking(['podiatry', 'aide'], [2, 0.7], [1, 0.66]);
    expect(atSupportSector(clerk, before, SOC)).toBe(clerk);
    const practitionerFirst = ranking(['podiatry', 'aide'], [0, 0.9], [1, 0.6]);
    expect(atSupportSector(practitionerFirst, practitionerFirst, SOC)).toBe(practitionerFirst);
  });
});

describe('aides of practitioners at their industry (real O*NET data)', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it("answers a chiropractor's aide at a chiropractor's office as a healthcare support worker", () => {
    expect(matcher.match('Chiropractor aide', '', '621310')?.socCode).toBe('31-9092');
    expect(matcher.match('Chiropractor aide', '')?.socCode).toBe('31-9092');
  });

  it('keeps the practitioner a title without an assisting word names', () => {
    expect(matcher.match('Chiropractor', '', '621310')?.socCode).toBe('29-1011');
  });
});
