import { inferred, leading, type RankedEntry, type Ranking } from './ranking';
import { isRankWord } from './rank-answer';
import { PROBABLE_SCORE } from './rating';

/**
 * A supervisor whose workers the title leaves unnamed, read from the employer's sector
 * (docs/methodology.md §2a, "Readings").
 *
 * The SOC classifies a first-line supervisor by the workers supervised (supervisors of production
 * workers, of food preparation workers, of retail sales workers...), and O*NET lists the supervisor
 * titles that name only a unit or a shift ("Shift Supervisor", "Department Supervisor", "Floor
 * Manager") under several of those groups. When the title's three best candidates are first-line
 * supervisors of three different groups, the title names a rank but not the workers; with an industry
 * (NAICSCode, D10), they are the workers that industry employs: the answer is the first-line supervisor
 * candidate most concentrated in the industry's sector (OEWS national sector staffing, sector-prior.ts),
 * when the sector employs it at least MIN_CONCENTRATION times its share of all jobs (a shift supervisor
 * at a factory supervises production workers). Only a candidate the title itself reaches well enough for
 * a Probable answer (rating.ts) competes: the sector chooses among the supervisors the title names, it
 * does not bring in one the title barely reaches. The answer is read, not found: at most Probable. A title
 * that one group claims ahead of the others, no industry, or no candidate that concentrated leave the
 * ranking as it is.
 *
 * A title one group claims alone reads the same way when it names the rank and the unit but no workers
 * of that group ("Floor Manager", filed by O*NET with the retail sales workers' supervisors), and the
 * sector employs the group below its share of all jobs (concentration under UNNAMED_CONCENTRATION): a
 * floor manager at a restaurant supervises the restaurant's workers (docs/methodology.md §2a, "Eighth
 * round, restricted lines the title misses"). Such a title is rank words and unit words: words that the
 * O*NET titles of at least UNIT_GROUPS supervisor groups use, a quarter of O*NET's 25 ("floor", "shift",
 * "department", "station"). A word fewer groups use ("cook", "food", "retail", "production") names the
 * workers, and the answer stands. Where the title reaches none of the supervisors the sector employs at
 * least MIN_CONCENTRATION times its share (a floor manager at a factory: O*NET's production supervisors
 * list no floor), the sector's most concentrated supervisors answer, at most Possible.
 */
const CLAIMANTS = 3;
const MIN_CONCENTRATION = 2;
const UNNAMED_CONCENTRATION = 1;
/** A word at least this many first-line supervisor groups' O*NET titles use is a unit, not the workers. */
const UNIT_GROUPS = 6;

/** A title of rank words and unit words, with a rank word: no workers named. */
function namesNoWorkers(words: readonly string[], supervisorGroups: (word: string) => number): boolean {
  return words.some(isRankWord) && words.every((w) => isRankWord(w) || supervisorGroups(w) >= UNIT_GROUPS);
}

export function atSectorSupervisor(
  ranking: Ranking,
  /** Each occupation's concentration in the request's sector (SectorPrior.concentration), if any. */
  concentration: Float64Array | undefined,
  isFirstLineSupervisor: (o: number) => boolean,
  socCodes: readonly string[],
  /** How many first-line supervisor groups' O*NET titles use a word. */
  supervisorGroups: (word: string) => number,
): Ranking {
  const { list } = ranking;
  const first = list[0];
  if (concentration === undefined || first === undefined || !isFirstLineSupervisor(first.o)) return ranking;
  const claimants = list.slice(0, CLAIMANTS);
  const claimed =
    claimants.length === CLAIMANTS &&
    claimants.every((e) => isFirstLineSupervisor(e.o)) &&
    new Set(claimants.map((e) => socCodes[e.o])).size === CLAIMANTS;
  // A NaN concentration (withheld) is not below the bound: the answer stands.
  const unnamed =
    !claimed &&
    (concentration[first.o] as number) < UNNAMED_CONCENTRATION &&
    namesNoWorkers(ranking.words, supervisorGroups);
  if (!claimed && !unnamed) return ranking;
  let best: RankedEntry | undefined;
  for (const e of list) {
    const c = concentration[e.o] as number;
    // A figure OEWS withholds (NaN) fails every comparison: such a candidate is never chosen.
    if (!isFirstLineSupervisor(e.o) || e.score < PROBABLE_SCORE || !(c >= MIN_CONCENTRATION)) continue;
    if (best === undefined || c > (concentration[best.o] as number)) best = e;
  }
  if (best === undefined && unnamed) {
    // The title of rank and unit words reaches none of the sector's supervisors: the sector's own most
    // concentrated supervisors answer, as the title's answer would, at most Possible (the title does not
    // name them).
    const own = sectorSupervisor(concentration, isFirstLineSupervisor);
    if (own >= 0 && socCodes[own] !== socCodes[first.o])
      return leading(ranking, { o: own, score: first.score, rating: 'Possible' });
  }
  if (best === undefined || socCodes[best.o] === socCodes[first.o]) return ranking;
  return leading(ranking, { ...best, rating: inferred(best.rating) });
}

/** The first-line supervisor occupation the sector employs most concentrated (at least MIN_CONCENTRATION), or -1. */
function sectorSupervisor(
  concentration: Float64Array,
  isFirstLineSupervisor: (o: number) => boolean,
): number {
  let best = -1;
  for (let o = 0; o < concentration.length; o++) {
    const c = concentration[o] as number;
    if (
      isFirstLineSupervisor(o) &&
      c >= MIN_CONCENTRATION &&
      (best < 0 || c > (concentration[best] as number))
    )
      best = o;
  }
  return best;
}
