import { inferred, leading, listsTitle, type RankedEntry, type Ranking } from './ranking';

/**
 * A title O*NET files under several named occupations of one SOC broad group and under the group's
 * "All Other" occupation names none of them (docs/methodology.md §2a, "Eleventh round: technicians2").
 *
 * The SOC closes many broad groups with a residual for the workers "not listed separately" (Drafters, All
 * Other; Engineering Technologists and Technicians, Except Drafters, All Other; Social Workers, All Other).
 * O*NET lists a title that names the group's kind of worker and no discipline ("Engineering Technician",
 * "Drafter") under several of the named occupations and under the residual too, and the score then leans
 * to whichever named occupation lists it with the most sources or the largest employment (civil engineering
 * technicians, mechanical drafters), a discipline the title does not name. Where the direct match lists the
 * title under at least MIN_NAMED named occupations of the leader's broad group, and the group's residual
 * lists it as closely (within MAX_GAP of the leader: what O*NET's kinds of title and the residual's prior
 * part them by), the residual answers, at most Probable. A title that one named occupation lists much more
 * closely than the residual ("Bus Monitor", the school bus monitors' own words) keeps its answer.
 */
const MIN_NAMED = 2;
const MAX_GAP = 0.1;

export function atSharedTitle(
  ranking: Ranking,
  socCodes: readonly string[],
  /** Whether a SOC code is an "All Other" residual (soc-code.ts isAllOther). */
  isResidual: (soc: string) => boolean,
): Ranking {
  const { list } = ranking;
  const first = list[0];
  if (first === undefined || !listsTitle(first)) return ranking;
  const lead = socCodes[first.o] as string;
  if (isResidual(lead)) return ranking;
  // The SOC broad group: the code's first five digits ("17-302" of 17-3022).
  const broad = lead.slice(0, 6);
  const named = new Set<string>();
  let residual: RankedEntry | undefined;
  for (const e of list) {
    if (!listsTitle(e)) break;
    const soc = socCodes[e.o] as string;
    if (!soc.startsWith(broad)) continue;
    if (!isResidual(soc)) named.add(soc);
    else residual ??= e;
  }
  if (residual === undefined || named.size < MIN_NAMED || residual.score < first.score - MAX_GAP)
    return ranking;
  return leading(ranking, { ...residual, rating: inferred(first.rating) });
}
