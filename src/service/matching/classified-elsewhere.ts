import { INSPECTOR } from './inspector-title';
import { inferred, leading, type Ranking } from './ranking';

/**
 * Inspection the SOC classifies elsewhere (docs/methodology.md §2a, "Tenth round, inspectors").
 *
 * The SOC 2018 defines Compliance Officers (13-1041) by what is left over: they "perform other
 * compliance and enforcement inspection and analysis activities not classified elsewhere", and the
 * definition names where the rest is classified: "Excludes Financial Examiners (13-2061), Tax Examiners
 * and Collectors, and Revenue Agents (13-2081), Occupational Health and Safety Specialists (19-5011),
 * Occupational Health and Safety Technicians (19-5012), Transportation Security Screeners (33-9093),
 * Agricultural Inspectors (45-2011), Construction and Building Inspectors (47-4011), and Transportation
 * Inspectors (53-6051)". O*NET files many inspectors' titles under both sides ("Property Inspector"
 * under Government Property Inspectors and under the building inspectors, "Motor Vehicle Inspector" under
 * Compliance Officers and under the transportation inspectors), so the scorer leaves them close and the
 * residual's own title ("… Compliance Inspectors") tips the scale.
 *
 * So an inspector's title (its head noun "inspector") answered by the residual gives way to the
 * best-ranked candidate within WINDOW of its score that is one of the occupations the definition
 * excludes and that some O*NET title of which names an inspector: the SOC's own rule for a coder who
 * finds the title under both. The moved answer is at most Probable. Further behind, the residual
 * keeps the title ("Environmental Inspector", which the residual lists and the specialists barely
 * reach); other heads ("Compliance Analyst") are no inspection the excluded occupations claim.
 */

/**
 * The residual occupations of inspection: SOC code → the SOC codes its definition excludes (the unit test
 * checks both against the SOC 2018 definitions file the data build reads).
 */
export const CLASSIFIED_ELSEWHERE: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [
    '13-1041',
    new Set(['13-2061', '13-2081', '19-5011', '19-5012', '33-9093', '45-2011', '47-4011', '53-6051']),
  ],
]);

/** How far behind the residual a candidate it excludes may be, and still answer. */
const WINDOW = 0.05;

export function atClassifiedElsewhere(
  ranking: Ranking,
  socCodes: readonly string[],
  /** The title's head noun (title-shape.ts headNoun), read only for a residual answer. */
  head: () => string | null,
  /** Some O*NET title of occupation o uses the word. */
  titleHas: (o: number, word: string) => boolean,
): Ranking {
  const top = ranking.list[0];
  if (top === undefined) return ranking;
  const elsewhere = CLASSIFIED_ELSEWHERE.get(socCodes[top.o] as string);
  if (elsewhere === undefined || head() !== INSPECTOR) return ranking;
  const other = ranking.list.find(
    (e) =>
      e.score >= top.score - WINDOW && elsewhere.has(socCodes[e.o] as string) && titleHas(e.o, INSPECTOR),
  );
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}
