import type { OnetPart } from '../../../src/service/data/onet/part';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { SectorPrior } from '../../../src/service/matching/sector-prior';
import { loadRealMatcher, loadRealOnetPart } from './onet-part-fixture';

/**
 * The request's industry (NAICSCode, D10) weighs a title's candidates by how concentrated each
 * occupation is in that sector (docs/methodology.md §2a, "Readings"). Our own example titles.
 */

/** Three occupations in two OEWS sectors: the prior reads only the sector employment. */
function partWith(sectorEmployment: OnetPart['occupations']['sectorEmployment']): OnetPart {
  return { occupations: { sectorEmployment } } as unknown as OnetPart;
}
const SOC = ['11-1111', '22-2222', '33-3333'];
/** A ranking of [occupation, score] entries, best first. */
const ranking = (...entries: [number, number][]): Ranking => ({
  words: ['example'],
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);

describe('SectorPrior', () => {
  // Sector 44 holds half of its jobs in occupation 1 and few in occupation 0, none in occupation 2;
  // sector 62 the reverse, and OEWS withholds occupation 2's figure there (-1).
  const prior = new SectorPrior(
    partWith({
      '44': { total: 1000, byOccupation: [10, 500, 0] },
      '62': { total: 1000, byOccupation: [490, 10, -1] },
    }),
    SOC,
  );

  it('puts first a close candidate concentrated in the sector, at most Probable', () => {
    const out = prior.apply(ranking([0, 0.9], [1, 0.88], [2, 0.5]), '441110');
    expect(order(out)).toEqual([1, 0, 2]);
    expect(out.list[0]).toMatchObject({ o: 1, rating: 'Probable' });
    expect(order(prior.apply(ranking([1, 0.9], [0, 0.88]), '621111'))).toEqual([0, 1]);
  });

  it('keeps a clear lead, and the ranking without an industry or for a sector it has no figures of', () => {
    const clear = ranking([0, 0.95], [1, 0.8], [2, 0.5]);
    expect(prior.apply(clear, '441110')).toBe(clear);
    const close = ranking([0, 0.9], [1, 0.88]);
    for (const naics of ['', '92', '99', 'retail']) expect(prior.apply(close, naics)).toBe(close);
  });

  it('holds back an occupation the sector does not employ, but not one whose figure is withheld', () => {
    expect(order(prior.apply(ranking([2, 0.9], [1, 0.88]), '44'))).toEqual([1, 2]);
    expect(order(prior.apply(ranking([2, 0.9], [1, 0.88]), '62'))).toEqual([2, 1]);
    expect(order(prior.apply(ranking([2, 0.9], [0, 0.88]), '62'))).toEqual([0, 2]);
  });

  it('reads a candidate’s score as at most that of any ranked before it', () => {
    // A reading put occupation 0 first although occupation 1 scored higher: only the prior can undo it.
    expect(order(prior.apply(ranking([0, 0.6], [1, 0.95]), '62'))).toEqual([0, 1]);
    expect(order(prior.apply(ranking([0, 0.6], [1, 0.95]), '44'))).toEqual([1, 0]);
    expect(order(prior.apply(ranking([0, 0.9], [1, 0.7]), '44'))).toEqual([0, 1]);
  });
});

describe('SectorPrior: how far a concentration counts', () => {
  // In sector 44, occupation 1 holds about 7.4 times its share of all jobs (ln 2), occupation 0 about 2.7
  // times (ln 1); occupation 2 is not employed there at all.
  const prior = new SectorPrior(
    partWith({
      '44': { total: 1000, byOccupation: [100, 100, 0] },
      '31': { total: 11000, byOccupation: [340, 62, 500] },
    }),
    SOC,
  );

  it('helps a candidate up to seven times as concentrated by twice the weight (+0.10)', () => {
    // 0.86 + 0.10 beats 0.90 + 0.05: with the help capped at e, as before, the order would stand.
    expect(order(prior.apply(ranking([0, 0.9], [1, 0.86]), '44'))).toEqual([1, 0]);
    expect(order(prior.apply(ranking([0, 0.9], [1, 0.84]), '44'))).toEqual([0, 1]);
  });

  it('holds back an occupation the sector does not employ by the weight only (-0.05)', () => {
    // 0.90 - 0.05 against 0.78 + 0.05: the unemployed occupation keeps its lead (a penalty of 0.10 would
    // lose it); against 0.82 + 0.05 it does not.
    expect(order(prior.apply(ranking([2, 0.9], [0, 0.78]), '44'))).toEqual([2, 0]);
    expect(order(prior.apply(ranking([2, 0.9], [0, 0.82]), '44'))).toEqual([0, 2]);
  });
});

describe('SectorPrior: a reading’s answer and the sector (docs/methodology.md §2a, "Eleventh round: restricted3")', () => {
  // Sector 44 employs occupation 1 at 1.6 times its share of all jobs and occupation 0 at 1.04 (about
  // 1.5 times as concentrated: both at home); sector 62 employs occupation 0 at 0.96 and occupation 1 at
  // 0.4 (2.4 times apart).
  const prior = new SectorPrior(
    partWith({
      '44': { total: 1000, byOccupation: [130, 400, 470] },
      '62': { total: 1000, byOccupation: [120, 100, 780] },
    }),
    SOC,
  );

  it('keeps a reading’s answer against a candidate the sector employs at under twice its concentration', () => {
    // A reading put occupation 0 first although occupation 1 scored higher; capped at 0.6, occupation 1
    // would have won by the sector's small difference alone.
    const read = ranking([0, 0.6], [1, 0.95]);
    expect(prior.apply(read, '441110')).toBe(read);
  });

  it('lets a reading’s answer give way to a candidate the sector employs at twice its concentration or more', () => {
    const out = prior.apply(ranking([1, 0.6], [0, 0.95]), '621111');
    expect(order(out)).toEqual([0, 1]);
    expect(out.list[0]).toMatchObject({ o: 0, rating: 'Probable' });
  });

  it('weighs a ranking in the title’s own score order as before, whatever the factor', () => {
    expect(order(prior.apply(ranking([0, 0.9], [1, 0.89]), '44'))).toEqual([1, 0]);
  });
});

describe('the industry in the real matcher', () => {
  let matcher: OnetMatcher;
  let part: OnetPart;
  beforeAll(async () => {
    [matcher, part] = await Promise.all([loadRealMatcher(), loadRealOnetPart()]);
  }, 120_000);

  it('stores each occupation’s employment per OEWS sector', () => {
    const { codes, sectorEmployment } = part.occupations;
    const nurses = codes.indexOf('29-1141.00');
    const health = sectorEmployment['62'];
    const manufacturing = sectorEmployment['31'];
    expect(health?.total).toBeGreaterThan(10_000_000);
    expect(health?.byOccupation[nurses]).toBeGreaterThan(10 * (manufacturing?.byOccupation[nurses] ?? 0));
    for (const { byOccupation } of Object.values(sectorEmployment))
      expect(byOccupation).toHaveLength(codes.length);
  });

  it('counts a detailed occupation a sector does not publish as none there, not its broad aggregate’s jobs', () => {
    // OEWS publishes Laborers and Material Movers (53-7060) in every sector but Machine Feeders and
    // Offbearers (53-7063) only in some: summed over the sectors, the feeders' jobs stay near their
    // national count, and manufacturing, which holds most of them, is where they are concentrated.
    const { codes, employment, sectorEmployment } = part.occupations;
    const feeders = codes.indexOf('53-7063.00');
    const sectors = Object.values(sectorEmployment);
    const summed = sectors.reduce(
      (sum, { byOccupation }) => sum + Math.max(0, byOccupation[feeders] ?? 0),
      0,
    );
    expect(summed).toBeLessThan(1.5 * (employment[feeders] ?? 0));
    const manufacturing = sectorEmployment['31'];
    expect(manufacturing?.byOccupation[feeders]).toBeGreaterThan(summed / 2);
  });

  it('reads a shift supervisor at a restaurant as the food service workers’ supervisor, at most Probable', () => {
    expect(matcher.match('Shift Supervisor', '', '722511')).toMatchObject({
      socCode: '35-1012',
      rating: 'Probable',
    });
    expect(matcher.match('Shift Supervisor', '', '')?.socCode).not.toBe('35-1012');
  });

  it('keeps a practitioner’s helper an aide at the practitioner’s office, where both are at home', () => {
    // The helper reading answers Medical Assistants; health care employs chiropractors about as
    // concentrated, which no longer undoes it.
    expect(matcher.match('Chiropractor helper', '', '621310')).toMatchObject({
      socCode: '31-9092',
      rating: 'Probable',
    });
  });

  it('keeps a title O*NET settles, whatever the industry', () => {
    expect(matcher.match('Registered Nurse', '', '311111')).toMatchObject({
      socCode: '29-1141',
      rating: 'Confident',
    });
    expect(matcher.match('Software Developer', '', '722511')?.socCode).toBe('15-1252');
  });

  it('ranks the same first candidate as it matches (D18)', () => {
    for (const naics of ['', '722511', '31', '92'])
      expect(matcher.rank('Shift Supervisor', '', 5, naics)[0]?.socCode).toBe(
        matcher.match('Shift Supervisor', '', naics)?.socCode,
      );
  });
});
