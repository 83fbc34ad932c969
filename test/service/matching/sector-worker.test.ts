import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { atSectorWorker } from '../../../src/service/matching/sector-worker';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A bare machine worker ("Operator", "Tender") is the one the request's sector employs
 * (docs/methodology.md §2a, "Ninth round, machine titles"). Our own example titles.
 */

const SOC = ['43-2021', '51-8093', '43-2099', '47-5049', '51-4052'];
const ranking = (words: string[], ...entries: [number, number][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: 'Possible' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);
/** A sector that employs occupation 2 at nine times its share of all jobs, 3 at three times, the rest below. */
const telecom = Float64Array.from([0.8, 0.1, 9, 3, 0.2]);
/** Three SOC codes list the bare title (scores of a near-exact match), a fourth reaches it less well. */
const operator = ranking(['operator'], [0, 0.88], [1, 0.87], [2, 0.86], [3, 0.86], [4, 0.5]);

describe('atSectorWorker', () => {
  it('answers the occupation listing the bare title that the sector employs most concentrated, Possible', () => {
    const out = atSectorWorker(operator, telecom, SOC);
    expect(order(out)).toEqual([2, 0, 1, 3, 4]);
    expect(out.list[0]).toMatchObject({ o: 2, rating: 'Possible' });
  });

  it('keeps the ranking without an industry, a concentrated claimant or three claimants', () => {
    expect(atSectorWorker(operator, undefined, SOC)).toBe(operator);
    const weak = Float64Array.from([0.8, 0.1, 1.5, 1.9, 9]);
    expect(atSectorWorker(operator, weak, SOC)).toBe(operator);
    // A figure OEWS withholds (NaN) is no concentration.
    const withheld = Float64Array.from([0.8, 0.1, Number.NaN, Number.NaN, 9]);
    expect(atSectorWorker(operator, withheld, SOC)).toBe(operator);
    const two = ranking(['operator'], [0, 0.88], [2, 0.86], [3, 0.6]);
    expect(atSectorWorker(two, telecom, SOC)).toBe(two);
  });

  it('reads only a bare machine worker: not a trade’s noun, nor a worker with what it works', () => {
    const trade = ranking(['caster'], [0, 0.88], [1, 0.87], [2, 0.86], [3, 0.86]);
    expect(atSectorWorker(trade, telecom, SOC)).toBe(trade);
    const named = ranking(['press', 'operator'], [0, 0.88], [1, 0.87], [2, 0.86], [3, 0.86]);
    expect(atSectorWorker(named, telecom, SOC)).toBe(named);
  });
});

describe('a bare machine worker in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads an operator by the industry’s sector, at most Possible', () => {
    expect(matcher.match('Operator', '', '517111')).toMatchObject({ socCode: '43-2099', rating: 'Possible' });
    expect(matcher.match('Operator', '', '212111')?.socCode).toBe('47-5049');
    // The level is set apart first: a senior operator at a carrier is the same operator.
    expect(matcher.match('Senior Operator', '', '517111')?.socCode).toBe('43-2099');
    expect(matcher.match('Operator', '', '')?.socCode).not.toBe('43-2099');
  });

  it('leaves a trade’s own noun to the title', () => {
    expect(matcher.match('Caster', '', '331511')?.socCode).toBe('51-4052');
  });

  it('ranks the same first candidate as it matches (D18)', () => {
    for (const naics of ['', '517111', '212111'])
      expect(matcher.rank('Operator', '', 5, naics)[0]?.socCode).toBe(
        matcher.match('Operator', '', naics)?.socCode,
      );
  });
});
