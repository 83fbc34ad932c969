import type { OnetPart } from '../data/onet/part';
import { isAllOther, isSocDetailedOccupation } from '../soc-code';
import { leading, listsTitle, type Ranking } from './ranking';
import { oewsSector } from './sector-prior';

/**
 * A title that names a person only as someone employed ("Employee", "Worker", "Staff") is the occupation
 * the employer's sector employs most (docs/methodology.md §2a, "Eleventh round: nouns3").
 *
 * Such a noun says that the person works, not what at: O*NET lists no occupation under it alone, and uses
 * it only beside the work ("Farm Worker", "Staff Nurse") or as what another job deals with ("Employee
 * Relations Specialist"), so the title's own words reach those other jobs: a bare "Employee" was answered
 * as a human resources specialist whatever the industry. With an industry (NAICSCode, D10) and nothing in
 * the title to choose by, the likeliest job is the one the sector employs most people in (OEWS national
 * sector staffing): an employee of an amusement park is most likely one of its attendants, a worker at a
 * farm a farmworker. This is a different question from sector-worker.ts, where the title already
 * narrows the answer to the occupations listing it and the sector chooses the one most concentrated
 * there; here the title narrows nothing, so the sector's share of jobs itself is the evidence. The answer
 * is a guess from the sector alone, so at most Possible; a residual ("All Other") ties behind a named
 * occupation with the same OEWS figure (OEWS publishes some groups' jobs only together).
 *
 * Only a title of one such noun (level words set apart) that no occupation lists as written (a near-exact
 * match, ranking.ts listsTitle), sent without a description: a description says what the person does,
 * which is better evidence than the sector's staffing. Without an industry the ranking stays.
 */
const EMPLOYED: ReadonlySet<string> = new Set(['employee', 'worker', 'staff', 'personnel']);

export class SectorStaff {
  /** Per OEWS sector key, the occupation (index) the sector employs most. */
  private readonly most = new Map<string, number>();

  constructor(part: OnetPart, socCodes: readonly string[]) {
    const { codes, sectorEmployment } = part.occupations;
    for (const [key, { byOccupation }] of Object.entries(sectorEmployment)) {
      let best = -1;
      byOccupation.forEach((jobs, o) => {
        if (jobs <= 0 || !isSocDetailedOccupation(codes[o] as string)) return;
        const held = best < 0 ? -1 : (byOccupation[best] as number);
        // A named occupation before a residual with the same figure; otherwise the first of equals.
        if (
          jobs > held ||
          (jobs === held && isAllOther(socCodes[best] as string) && !isAllOther(socCodes[o] as string))
        )
          best = o;
      });
      if (best >= 0) this.most.set(key, best);
    }
  }

  /** The occupation the industry's sector employs most, or undefined without a sector the file covers. */
  mostEmployed(naics: string): number | undefined {
    const key = oewsSector(naics);
    return key === null ? undefined : this.most.get(key);
  }

  /** A bare employed person's ranking led by the sector's most employed occupation, Possible. */
  apply(ranking: Ranking, naics: string, description = ''): Ranking {
    const { words, list } = ranking;
    if (naics === '' || description.trim() !== '' || words.length !== 1) return ranking;
    if (!EMPLOYED.has(words[0] as string)) return ranking;
    if (list.some(listsTitle)) return ranking;
    const o = this.mostEmployed(naics);
    if (o === undefined) return ranking;
    const held = list.find((e) => e.o === o);
    return leading(ranking, { o, score: held?.score ?? 0, rating: 'Possible' });
  }
}
