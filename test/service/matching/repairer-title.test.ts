import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { atRepairerTitle } from '../../../src/service/matching/repairer-title';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A repairer's title ("… mender", "Repairer …") answered by an occupation outside the SOC's repair group
 * whose own title names no repairing gives way to a close repair occupation (docs/methodology.md §2a,
 * "Tenth round, trades"). Our own example titles.
 */

/** 0 sews (51-), 1 repairs (49-), 2 supervises repairers (49-), 3 a maker whose own title names repairing. */
const SOC = ['51-6031', '49-9099', '49-1011', '51-6041'];
const OWN = [
  new Set(['sewing', 'machine', 'operator']),
  new Set(['installation', 'maintenance', 'repair', 'worker']),
  new Set(['supervisor', 'mechanic', 'installer', 'repairer']),
  new Set(['shoe', 'leather', 'worker', 'repairer']),
];
const supervisor = (o: number): boolean => o === 2;
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);
const apply = (r: Ranking, head: string | null): Ranking =>
  atRepairerTitle(r, () => head, SOC, OWN, supervisor);

describe('atRepairerTitle', () => {
  it('moves a mender answered by a maker to a close repair occupation, at most Probable', () => {
    const out = apply(ranking(['kayak', 'mender'], [0, 0.7], [1, 0.62]), 'mender');
    expect(order(out)).toEqual([1, 0]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('keeps a listed title, an answer that repairs, a repairer far behind and other heads', () => {
    const listed = ranking(['kayak', 'mender'], [0, 0.9], [1, 0.86]);
    expect(apply(listed, 'mender')).toBe(listed);
    const repairs = ranking(['kayak', 'repairer'], [3, 0.7], [1, 0.69]);
    expect(apply(repairs, 'repairer')).toBe(repairs);
    const far = ranking(['kayak', 'mender'], [0, 0.7], [1, 0.59]);
    expect(apply(far, 'mender')).toBe(far);
    const operator = ranking(['mender', 'machine', 'operator'], [0, 0.7], [1, 0.69]);
    expect(apply(operator, 'operator')).toBe(operator);
  });

  it('passes over a supervisor where the title names no rank', () => {
    const out = apply(ranking(['kayak', 'repairer'], [0, 0.7], [2, 0.69], [1, 0.65]), 'repairer');
    expect(order(out)).toEqual([1, 0, 2]);
  });
});

describe('a repairer in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads a sail mender as a repair worker, not a textile worker', () => {
    const m = matcher.match('Sail mender', '');
    expect(m?.socCode.startsWith('49-')).toBe(true);
    expect(m?.rating).not.toBe('Confident');
  });

  it('leaves a mender O*NET lists under a maker, and a maker whose title names repairing', () => {
    expect(matcher.match('Bag mender', '')?.socCode).toBe('51-6031');
    expect(matcher.match('Shoe repairer', '')?.socCode).toBe('51-6041');
  });
});
