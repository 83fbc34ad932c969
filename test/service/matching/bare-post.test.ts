import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { atBarePost } from '../../../src/service/matching/bare-post';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A title that is only an owner's word names a manager (docs/methodology.md §2a, "Eleventh round:
 * managers2"). Occupation 0 is a physician specialty, 1 and 2 managers.
 */
const isManager = (o: number): boolean => o === 1 || o === 2;
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});

describe('atBarePost', () => {
  it('answers a bare owner by the best-ranked manager, at most Probable', () => {
    const out = atBarePost(ranking(['owner'], [0, 0.9], [2, 0.86], [1, 0.7]), isManager);
    expect(out.list.map((e) => e.o)).toEqual([2, 0, 1]);
    expect(out.list[0]?.rating).toBe('Probable');
    expect(atBarePost(ranking(['proprietor'], [0, 0.8], [1, 0.7]), isManager).list[0]?.o).toBe(1);
  });

  it('leaves an owner of something named, a manager answer, and a ranking with no manager', () => {
    const named = ranking(['practice', 'owner'], [0, 0.9], [1, 0.7]);
    expect(atBarePost(named, isManager)).toBe(named);
    const managed = ranking(['owner'], [1, 0.9], [0, 0.7]);
    expect(atBarePost(managed, isManager)).toBe(managed);
    const none = ranking(['owner'], [0, 0.9]);
    expect(atBarePost(none, isManager)).toBe(none);
  });
});

describe('on the real O*NET index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers "Owners" by a manager, not the physician specialty one respondent reported the word under', () => {
    const answer = matcher.match('Owners', '');
    expect(answer?.socCode.startsWith('11-')).toBe(true);
    expect(answer?.rating).not.toBe('Confident');
  });
});
