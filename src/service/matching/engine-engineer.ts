import { inferred, leading, type Ranking } from './ranking';
import { PROBABLE_SCORE } from './rating';
import { mostConcentrated } from './sector-prior';

/**
 * An "engineer" read from the employer's sector: the one who designs, or the one who runs the engine
 * (docs/methodology.md §2a, "Tenth round, media").
 *
 * The SOC classifies engineers who design and plan as Engineers (17-2000), but English also calls
 * "engineer" whoever runs an engine, a plant or a transmitter, and the SOC files those workers with their
 * work: Locomotive Engineers, Ship Engineers, Stationary Engineers, Operating Engineers, Broadcast and Sound
 * Engineering Technicians. O*NET lists both kinds under the same words ("Transmitter Engineer",
 * "Transmission Engineer" for electronics and electrical engineers and for broadcast technicians), and the
 * title's own score leans to the designer, whose titles hold more of them. With an industry (NAICSCode,
 * D10), the sector says which: when the ranking leads with a designing engineer the sector employs below
 * its share of all jobs, and the title reaches (Probable or better) an engineer of another kind the sector
 * employs at least MIN_CONCENTRATION times its share, that one answers: an engineer of a transmitter at a
 * broadcaster keeps the station on the air. The answer is read, not found: at most Probable. Without an
 * industry, or where the sector employs the designer as much, the ranking stays.
 */
const MIN_CONCENTRATION = 2;
const RATIO = 4;
/**
 * Engineers (17-2000) and Sales Engineers (41-9031, "engineering background … to sell", SOC 2018
 * definitions): engineers who design, not who run an engine.
 */
const designs = (soc: string | undefined): boolean =>
  soc !== undefined && (soc.startsWith('17-2') || soc === '41-9031');

export function atEngineEngineer(
  ranking: Ranking,
  /** Each occupation's concentration in the request's sector (SectorPrior.concentration), if any. */
  concentration: Float64Array | undefined,
  socCodes: readonly string[],
): Ranking {
  const { list, words } = ranking;
  const first = list[0];
  if (concentration === undefined || first === undefined || !words.includes('engineer')) return ranking;
  // A title O*NET lists under one occupation ("Electrical Engineer", Confident) is found, not read.
  if (!designs(socCodes[first.o]) || first.rating === 'Confident') return ranking;
  const designer = concentration[first.o] as number;
  // A NaN concentration (withheld) fails every comparison: the answer stands.
  if (!(designer >= 0)) return ranking;
  const best = mostConcentrated(
    list,
    concentration,
    (e, c) =>
      !designs(socCodes[e.o]) && e.score >= PROBABLE_SCORE && c >= MIN_CONCENTRATION && c >= RATIO * designer,
  );
  return best === undefined ? ranking : leading(ranking, { ...best, rating: inferred(best.rating) });
}
