import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { atSectorSupervisor } from '../../../src/service/matching/sector-supervisor';
import { loadRealMatcher } from './onet-part-fixture';

/**
 * A first-line supervisor whose workers the title leaves unnamed is the supervisor of the workers the
 * request's sector employs (docs/methodology.md §2a, "Readings"). Our own example titles.
 */

/** Occupations 0-3 are first-line supervisors of four groups; occupation 4 is a worker. */
const SOC = ['33-1091', '41-1011', '35-1012', '51-1011', '51-4121'];
const isSupervisor = (o: number): boolean => o < 4;
const ranking = (...entries: [number, number][]): Ranking => ({
  words: ['example'],
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
/** How many supervisor groups' titles use a word: unit words many, the workers' words one. */
const GROUPS = new Map([
  ['floor', 8],
  ['shift', 10],
  ['retail', 3],
  ['clerk', 2],
]);
const OWN = (w: string): number => GROUPS.get(w) ?? 0;
const order = (r: Ranking): number[] => r.list.map((e) => e.o);
/** A sector that employs occupation 3 at eight times its share of all jobs, the others below theirs. */
const factory = Float64Array.from([0.3, 0.2, 0.4, 8, 9]);

describe('atSectorSupervisor', () => {
  it('answers the sector’s supervisors when three supervisor groups claim the title, at most Probable', () => {
    const out = atSectorSupervisor(
      ranking([0, 1.04], [1, 1.0], [2, 0.99], [3, 0.83]),
      factory,
      isSupervisor,
      SOC,
      OWN,
    );
    expect(order(out)).toEqual([3, 0, 1, 2]);
    expect(out.list[0]).toMatchObject({ o: 3, rating: 'Probable' });
  });

  it('keeps a title one group claims first, a worker among the first three, and a weak concentration', () => {
    const named = ranking([0, 1.1], [4, 0.9], [1, 0.8], [3, 0.7]);
    expect(atSectorSupervisor(named, factory, isSupervisor, SOC, OWN)).toBe(named);
    const three = ranking([0, 1.04], [1, 1.0], [2, 0.99], [3, 0.83]);
    const weak = Float64Array.from([0.3, 0.2, 0.4, 1.5, 9]);
    expect(atSectorSupervisor(three, weak, isSupervisor, SOC, OWN)).toBe(three);
    expect(atSectorSupervisor(three, undefined, isSupervisor, SOC, OWN)).toBe(three);
    // A figure OEWS withholds (NaN) is no concentration.
    const withheld = Float64Array.from([0.3, 0.2, 0.4, Number.NaN, 9]);
    expect(atSectorSupervisor(three, withheld, isSupervisor, SOC, OWN)).toBe(three);
  });

  it('lets only a supervisor the title reaches as a Probable answer compete', () => {
    const barely = ranking([0, 1.04], [1, 1.0], [2, 0.99], [3, 0.5]);
    expect(atSectorSupervisor(barely, factory, isSupervisor, SOC, OWN)).toBe(barely);
  });

  it('reads a title one group claims alone by the sector when it names the rank but none of its workers', () => {
    // docs/methodology.md §2a, "Eighth round, restricted lines the title misses".
    const alone = (...words: string[]): Ranking => ({
      ...ranking([1, 0.96], [4, 0.7], [3, 0.65]),
      words,
    });
    const unit = alone('floor', 'manager');
    expect(order(atSectorSupervisor(unit, factory, isSupervisor, SOC, OWN))).toEqual([3, 1, 4]);
    expect(atSectorSupervisor(unit, factory, isSupervisor, SOC, OWN).list[0]?.rating).toBe('Probable');
    // The workers named ("retail"), no rank named, or a sector that employs the answer's group at its share.
    for (const named of [alone('retail', 'floor', 'manager'), alone('floor', 'clerk')])
      expect(atSectorSupervisor(named, factory, isSupervisor, SOC, OWN)).toBe(named);
    const atShare = Float64Array.from([0.3, 1, 0.4, 8, 9]);
    expect(atSectorSupervisor(unit, atShare, isSupervisor, SOC, OWN)).toBe(unit);
    const withheld = Float64Array.from([0.3, Number.NaN, 0.4, 8, 9]);
    expect(atSectorSupervisor(unit, withheld, isSupervisor, SOC, OWN)).toBe(unit);
  });

  it('answers the sector’s own supervisors, Possible, when the title of rank and unit words reaches none', () => {
    const unreached: Ranking = { ...ranking([1, 0.96], [4, 0.7], [2, 0.5]), words: ['floor', 'manager'] };
    const out = atSectorSupervisor(unreached, factory, isSupervisor, SOC, OWN);
    expect(out.list[0]).toMatchObject({ o: 3, rating: 'Possible' });
    expect(order(out)).toEqual([3, 1, 4, 2]);
    // Not where the workers are named, nor where no supervisor is concentrated in the sector.
    const named: Ranking = { ...unreached, words: ['retail', 'floor', 'manager'] };
    expect(atSectorSupervisor(named, factory, isSupervisor, SOC, OWN)).toBe(named);
    const spread = Float64Array.from([0.3, 0.2, 0.4, 1.5, 9]);
    expect(atSectorSupervisor(unreached, spread, isSupervisor, SOC, OWN)).toBe(unreached);
  });

  it('keeps the answer when it is itself the most concentrated supervisor', () => {
    const first = ranking([3, 1.04], [1, 1.0], [2, 0.99]);
    expect(atSectorSupervisor(first, factory, isSupervisor, SOC, OWN)).toBe(first);
  });
});

describe('unnamed workers in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads a shift supervisor at a metal works as the production workers’ supervisor', () => {
    expect(matcher.match('Shift Supervisor', '', '332710')).toMatchObject({
      socCode: '51-1011',
      rating: 'Probable',
    });
    expect(matcher.match('Shift Supervisor', '', '')?.socCode).not.toBe('51-1011');
    expect(matcher.rank('Shift Supervisor', '', 3, '332710')[0]?.socCode).toBe('51-1011');
  });

  it('reads a shift supervisor in government as the law enforcement supervisors the title reaches, not a weaker match', () => {
    // Police and correctional officers' supervisors (33-1012, 33-1011) both work almost all in government
    // and the title reaches both as Probable; the firefighters' supervisors it barely reaches do not compete.
    const soc = matcher.match('Shift Supervisor', '', '921110')?.socCode;
    expect(['33-1011', '33-1012']).toContain(soc);
  });

  it('reads a floor manager at a restaurant as the food workers’ supervisor, not the retail one', () => {
    expect(matcher.match('Floor Manager', '', '722511')).toMatchObject({
      socCode: '35-1012',
      rating: 'Probable',
    });
    expect(matcher.match('Floor Manager', '', '')?.socCode).toBe('41-1011');
    expect(matcher.match('Floor Manager', '', '452210')?.socCode).toBe('41-1011');
  });

  it('reads a floor manager at a metal works as the production supervisors the sector employs, Possible', () => {
    expect(matcher.match('Floor Manager', '', '332710')).toMatchObject({
      socCode: '51-1011',
      rating: 'Possible',
    });
  });

  it('keeps a supervisor whose workers the title names', () => {
    expect(matcher.match('Cook Supervisor', '', '332710')?.socCode).toBe('35-1012');
  });
});
