import { atHelperGroup } from '../../../src/service/matching/helper-group';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking, RankTitle } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A helper of a trade whose major group has no helper occupation is answered in the trade's group,
 * where O*NET lists the title there too (docs/methodology.md §2a, "Tenth round", movers). Our own
 * example titles.
 */

/**
 * Occupation 0 is the production workers' helpers, 1 a material mover whose titles name a helper, 2 a
 * material mover whose titles do not, 3 a machine operator, 4 a hoist operator (the trade).
 */
const SOC = ['51-9198', '53-7199', '53-7062', '51-4031', '53-7041'];
const TITLE_WORDS = [
  new Set(['helper', 'hoist', 'operator']),
  new Set(['helper', 'hoist', 'operator']),
  new Set(['hoist']),
  new Set(['operator']),
  new Set(['hoist', 'operator']),
];
const titleHas = (o: number, w: string): boolean => TITLE_WORDS[o]?.has(w) === true;
const isHelper = (o: number): boolean => o === 0;
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
/** The trade read alone: a hoist operator (53), or a machine operator (51). */
const tradeIs =
  (o: number): RankTitle =>
  (title) =>
    ranking(title.split(' '), [o, 0.9]);
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('atHelperGroup', () => {
  it("answers a helper of a trade without helpers in the trade's group, where O*NET lists the title there too", () => {
    const out = atHelperGroup(
      ranking(['helper', 'hoist', 'operator'], [0, 0.99], [2, 0.9], [1, 0.87]),
      '',
      tradeIs(4),
      isHelper,
      SOC,
      titleHas,
    );
    expect(order(out)).toEqual([1, 0, 2]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it("keeps the helper answer where the trade's group does not list the title, or the trade has helpers", () => {
    const weak = ranking(['helper', 'hoist', 'operator'], [0, 0.99], [1, 0.8]);
    expect(atHelperGroup(weak, '', tradeIs(4), isHelper, SOC, titleHas)).toBe(weak);
    const unnamed = ranking(['helper', 'hoist', 'operator'], [0, 0.99], [2, 0.95]);
    expect(atHelperGroup(unnamed, '', tradeIs(4), isHelper, SOC, titleHas)).toBe(unnamed);
    const production = ranking(['helper', 'hoist', 'operator'], [0, 0.99], [1, 0.9]);
    expect(atHelperGroup(production, '', tradeIs(3), isHelper, SOC, titleHas)).toBe(production);
  });

  it('leaves titles without a helper word, answers that are no helpers and a bare "Helper" alone', () => {
    const operator = ranking(['hoist', 'operator'], [0, 0.99], [1, 0.9]);
    expect(atHelperGroup(operator, '', tradeIs(4), isHelper, SOC, titleHas)).toBe(operator);
    const mover = ranking(['helper', 'hoist', 'operator'], [2, 0.99], [1, 0.9]);
    expect(atHelperGroup(mover, '', tradeIs(4), isHelper, SOC, titleHas)).toBe(mover);
    const bare = ranking(['helper'], [0, 0.99], [1, 0.9]);
    expect(atHelperGroup(bare, '', tradeIs(4), isHelper, SOC, titleHas)).toBe(bare);
  });
});

describe('a helper of a trade without helpers in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it("answers a car dumper operator's helper as a material mover, not a production helper", () => {
    const m = matcher.match('Car Dumper Operator Helper', '');
    expect(m?.socCode.startsWith('53-')).toBe(true);
    expect(m?.rating).not.toBe('Confident');
  });

  it('keeps the helpers of trades that have them', () => {
    expect(matcher.match('Welder Helper', '')?.socCode).toBe('51-9198');
    expect(matcher.match('Electrician Helper', '')?.socCode).toBe('47-3013');
  });
});
