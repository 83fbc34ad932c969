import { MACHINE_WORKERS } from './machine-title';
import { leading, listsTitle, type Ranking } from './ranking';
import { mostConcentrated } from './sector-prior';

/**
 * A bare machine worker read from the employer's sector (docs/methodology.md §2a, "Ninth round, machine
 * titles").
 *
 * The SOC names the workers of machines and plants by what they work and how: "… Machine Setters,
 * Operators, and Tenders", "Machine Feeders and Offbearers", "… Plant Operators". The worker noun alone
 * ("Operator", "Tender") says how the person works, not what: O*NET lists the bare title under many
 * occupations of different sectors (Communications Equipment Operators, Underground Mining Machine
 * Operators, Gas Plant Operators…), and the title's own score cannot choose among them. With an industry
 * (NAICSCode, D10), the answer is the occupation listing the bare title that the industry's sector employs
 * most concentrated (OEWS national sector staffing, sector-prior.ts), when it employs it at least
 * MIN_CONCENTRATION times its share of all jobs: an operator at a telephone company works its
 * communications equipment, one at a mine its mining machines. The title names no trade, so the answer
 * is at most Possible, as a title of one generic word is (rating.ts).
 *
 * Only a title of one such noun (its level words set apart) and only where occupations of at least
 * CLAIMANTS SOC codes list it as written (a near-exact match, ranking.ts listsTitle). A trade's noun
 * ("Caster", "Host") names the work already, and its own occupations compete by the title as any title's
 * do; without an industry, or with no occupation the sector employs that concentrated, the ranking stays.
 */
const CLAIMANTS = 3;
const MIN_CONCENTRATION = 2;

export function atSectorWorker(
  ranking: Ranking,
  /** Each occupation's concentration in the request's sector (SectorPrior.concentration), if any. */
  concentration: Float64Array | undefined,
  socCodes: readonly string[],
): Ranking {
  const { list, words } = ranking;
  const first = list[0];
  if (concentration === undefined || first === undefined || words.length !== 1) return ranking;
  if (!MACHINE_WORKERS.has(words[0] as string)) return ranking;
  const listing = list.filter(listsTitle);
  if (new Set(listing.map((e) => socCodes[e.o])).size < CLAIMANTS) return ranking;
  // A figure OEWS withholds (NaN) fails the comparison: such a candidate is never chosen.
  const best = mostConcentrated(listing, concentration, (_, c) => c >= MIN_CONCENTRATION);
  if (best === undefined || socCodes[best.o] === socCodes[first.o]) return ranking;
  return leading(ranking, { ...best, rating: 'Possible' });
}
