import type { OnetPart } from '../data/onet/part';
import { inferred, leading, type Ranking } from './ranking';

/**
 * An inspector's title answered by an occupation that inspects (docs/methodology.md §2a, "Tenth round,
 * inspectors").
 *
 * The SOC gives inspection occupations of their own to the fields it inspects, named by the worker
 * noun: goods in production ("Inspectors, Testers, Sorters, Samplers, and Weighers"), structures
 * ("Construction and Building Inspectors"), farm products ("Agricultural Inspectors"), vehicles and cargo
 * ("Transportation Inspectors"), fire hazards ("Fire Inspectors and Investigators"), and O*NET lists
 * many inspectors' titles under the health and safety specialists and the compliance officers too. A
 * title whose head noun is "inspector" ("Rail Car Inspector", "Inspector Dams") names one of them, and
 * its other words say what is inspected; an occupation none of whose O*NET titles names an inspector
 * matched those other words only, as the field's other workers do (the rail car repairers for a rail car
 * inspector, the bus drivers for a transit bus inspector). The scorer counts a title without the head
 * noun at a discount (scorer.ts), which a closer match of the other words can outweigh: such an answer
 * gives way to the best-ranked inspection occupation within WINDOW of its score, at most Probable. An
 * occupation that lists a few inspectors' titles among many (a production helper's) is none. Further
 * behind, the answer stays: the title then reaches no inspection occupation of its field. Other worker
 * nouns keep their answer: a technician or an operator is named by the field or the machine, which the
 * field's other occupations share (machine-title.ts reads the machine workers' nouns; a rule for every
 * head noun was measured and left out, docs/methodology.md §2a).
 */

/** The worker noun the SOC's inspection occupations are named by. */
export const INSPECTOR = 'inspector';

/**
 * An inspection occupation: O*NET lists at least this many inspectors' titles under its SOC code. The
 * seven the SOC names by inspection (production, building, agricultural, transportation and fire
 * inspectors, the health and safety specialists, the compliance officers) list 21 to 383; no other SOC
 * code lists more than 13 (the agricultural graders and sorters), most one to five.
 */
const INSPECTION_TITLES = 20;

/** How far behind the answer an inspection occupation may be, and still answer. */
const WINDOW = 0.15;

/** Per occupation of the part: whether its SOC code is an inspection occupation (see INSPECTION_TITLES). */
export function inspectionOccupations(part: OnetPart, socCodes: readonly string[]): Uint8Array {
  const { titles, vocab } = part;
  const inspector = vocab.indexOf(INSPECTOR);
  const bySoc = new Map<string, number>();
  for (let t = 0; t < titles.occ.length; t++) {
    for (let k = titles.start[t] as number; k < (titles.start[t + 1] as number); k++) {
      if (titles.words[k] !== inspector) continue;
      const soc = socCodes[titles.occ[t] as number] as string;
      bySoc.set(soc, (bySoc.get(soc) ?? 0) + 1);
      break;
    }
  }
  return Uint8Array.from(socCodes, (soc) => ((bySoc.get(soc) ?? 0) >= INSPECTION_TITLES ? 1 : 0));
}

export function atInspectorTitle(
  ranking: Ranking,
  /** The title's head noun (title-shape.ts headNoun), read only for an inspector's title. */
  head: () => string | null,
  /** Some O*NET title of occupation o uses the word. */
  titleHas: (o: number, word: string) => boolean,
  /** Per occupation, whether it is an inspection occupation (inspectionOccupations). */
  inspection: Uint8Array,
): Ranking {
  const { list, words } = ranking;
  const top = list[0];
  if (top === undefined || words.length < 2 || !words.includes(INSPECTOR)) return ranking;
  if (titleHas(top.o, INSPECTOR) || head() !== INSPECTOR) return ranking;
  const other = list.find((e) => e.score >= top.score - WINDOW && inspection[e.o] === 1);
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}
