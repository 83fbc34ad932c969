import { atEngineEngineer } from '../../../src/service/matching/engine-engineer';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { MatchRating } from '../../../src/service/contracts';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * An "engineer" who designs or who runs the engine, told apart by the request's sector
 * (docs/methodology.md §2a, "Tenth round, media"). Our own example titles.
 */

const SOC = ['17-2071', '17-2072', '27-4012', '41-9031', '53-4011'];
const ranking = (words: string[], ...entries: [number, number, MatchRating][]): Ranking => ({
  words,
  level: null,
  list: entries.map(([o, score, rating]) => ({ o, score, rating })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);
/** A broadcaster: employs the broadcast technicians 40 times their share, sales engineers 30, electrical engineers once. */
const broadcaster = Float64Array.from([1, 9, 40, 30, 0]);
const control = ranking(
  ['control', 'engineer'],
  [0, 1.02, 'Probable'],
  [1, 0.95, 'Probable'],
  [3, 0.93, 'Probable'],
  [2, 0.9, 'Probable'],
);

describe('atEngineEngineer', () => {
  it('answers the engineer of another kind the sector employs far more than the designer, at most Probable', () => {
    const out = atEngineEngineer(control, broadcaster, SOC);
    // Sales engineers design what they sell: never chosen over the designer.
    expect(order(out)).toEqual([2, 0, 1, 3]);
    expect(out.list[0]).toMatchObject({ o: 2, rating: 'Probable' });
  });

  it('keeps the ranking without an industry, "engineer", a designer first or a sector that employs it as much', () => {
    expect(atEngineEngineer(control, undefined, SOC)).toBe(control);
    const words = { ...control, words: ['control', 'technician'] };
    expect(atEngineEngineer(words, broadcaster, SOC)).toBe(words);
    const railroad = ranking(['engineer'], [4, 1.02, 'Probable'], [0, 0.95, 'Probable']);
    expect(atEngineEngineer(railroad, broadcaster, SOC)).toBe(railroad);
    // The designer at 15 times its share: the technicians' 40 is under four times that.
    const close = Float64Array.from([15, 9, 40, 30, 0]);
    expect(atEngineEngineer(control, close, SOC)).toBe(control);
    // A figure OEWS withholds (NaN) is no concentration.
    const withheld = Float64Array.from([Number.NaN, 9, 40, 30, 0]);
    expect(atEngineEngineer(control, withheld, SOC)).toBe(control);
  });

  it('leaves a title one occupation lists as written (Confident) and a candidate the title barely reaches', () => {
    const found = ranking(['electrical', 'engineer'], [0, 1.2, 'Confident'], [2, 0.9, 'Probable']);
    expect(atEngineEngineer(found, broadcaster, SOC)).toBe(found);
    const weak = ranking(['control', 'engineer'], [0, 1.02, 'Probable'], [2, 0.3, 'Possible']);
    expect(atEngineEngineer(weak, broadcaster, SOC)).toBe(weak);
  });
});

describe('an engineer by the sector in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads a transmitter engineer at a broadcaster as a broadcast technician, Probable', () => {
    expect(matcher.match('Transmitter Engineer', '', '516110')).toMatchObject({
      socCode: '27-4012',
      rating: 'Probable',
    });
    expect(matcher.match('Transmitter Engineer', '', '')?.socCode).not.toBe('27-4012');
    expect(matcher.match('Transmitter Engineer', '', '336111')?.socCode).not.toBe('27-4012');
    expect(matcher.match('Electrical Engineer', '', '516110')?.socCode).toBe('17-2071');
  });
});
