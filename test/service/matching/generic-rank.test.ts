import { atGenericRank } from '../../../src/service/matching/generic-rank';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * Generic rank titles: a subordinate rank word and a bare rank head noun are read as the head noun at
 * the Junior level (docs/methodology.md §2a, the eighth round, "generic rank titles").
 */
describe('atGenericRank', () => {
  // Occupation 0 holds the extra-word alternate title ("Assistant Payroll Manager" under a clerk's
  // occupation); occupation 1's own title carries the head noun.
  const managerOwn = (o: number, w: string): boolean => o === 1 && w === 'manager';
  const headAlone: Ranking = {
    words: ['manager'],
    level: null,
    list: [{ o: 1, score: 0.9, rating: 'Confident' }],
  };
  const ranked = (title: string): Ranking => (title === 'manager' ? headAlone : { ...headAlone, list: [] });
  const direct = (words: string[], score = 0.6): Ranking => ({
    words,
    level: null,
    list: [{ o: 0, score, rating: 'Probable' }],
  });

  it('reads the head noun, Junior, at most Probable, where the answer’s own title lacks it', () => {
    const read = atGenericRank(direct(['assistant', 'manager']), ranked, '', managerOwn);
    expect(read.list[0]).toMatchObject({ o: 1, rating: 'Probable' });
    expect(read.level).toMatchObject({ name: 'Junior', shift: -1, words: ['assistant'] });
    expect(read.words).toEqual(['manager']);
  });

  it('keeps a listed title, an answer of the head noun’s kind, other words and other heads', () => {
    for (const ranking of [
      direct(['assistant', 'manager'], 0.9),
      direct(['deputy', 'manager', 'payroll']),
      direct(['assistant', 'cook']),
      direct(['payroll', 'manager']),
    ])
      expect(atGenericRank(ranking, ranked, '', managerOwn)).toBe(ranking);
    const own = {
      ...direct(['deputy', 'manager']),
      list: [{ o: 1, score: 0.6, rating: 'Probable' as const }],
    };
    expect(atGenericRank(own, ranked, '', managerOwn)).toBe(own);
  });
});

describe('generic rank titles on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers an assistant or deputy of a bare rank as the rank itself, a level below', () => {
    const manager = matcher.match('Manager', '');
    for (const title of ['Assistant Manager', 'Deputy Manager', 'Asst. Mgr.']) {
      const answer = matcher.match(title, '');
      expect(answer?.socCode).toBe(manager?.socCode);
      expect(answer?.levelShift).toBe(-1);
      expect(answer?.rating).not.toBe('Confident');
    }
    expect(matcher.match('Deputy Director', '')?.socCode).toBe(matcher.match('Director', '')?.socCode);
    // A written seniority word stays the title's level.
    expect(matcher.match('Senior Assistant Manager', '')).toMatchObject({
      socCode: manager?.socCode,
      levelShift: 1,
    });
  });

  it('keeps titles O*NET lists and those with a word beside the rank', () => {
    expect(matcher.match('Assistant Principal', '')).toMatchObject({
      socCode: '11-9032',
      rating: 'Confident',
    });
    expect(matcher.match('Assistant General Manager', '')?.socCode).toBe('11-1021');
    expect(matcher.match('Assistant Carpenter', '')?.socCode).toBe('47-3012');
  });
});
