import { inferred, leading, type Ranking } from './ranking';

/**
 * A schooling clause in a title (docs/methodology.md §2a, "Readings"): "Biologist less than a bachelor's
 * degree", "Nurse (Associate Degree)", "Analyst with Master's Degree", "… high school diploma or some
 * college and no degree". Occupation indexes and some employers write the worker's schooling into the
 * title. Its words are no part of the job's name, and matched as title words they mislead ("associate"
 * reads as a level, "degree" and "college" as an education administrator's words), so the title is
 * matched without the clause. What it says is kept as a range of O*NET Job Zones, which O*NET defines by
 * the preparation an occupation needs (2: high school; 3: vocational school or an associate's degree; 4:
 * a bachelor's; 5: graduate school): "less than a bachelor's degree" is at most zone 3, "a bachelor's
 * degree or higher" at least zone 4. An answer outside the range gives way to the best-ranked of the
 * first CANDIDATES candidates inside it ("Pharmacist less than a bachelor's degree": the pharmacy
 * technicians rather than the pharmacists); where none fits, the answer stays. Either way it is at most
 * Probable: the schooling a person has does not settle which job he or she holds.
 */
const CANDIDATES = 5;

export interface Schooling {
  /** The Job Zones the stated schooling allows, inclusive. */
  readonly minZone: number;
  readonly maxZone: number;
}

const DEGREE = String.raw`(?:associate|bachelor|master|doctoral|professional)(?:['’]?s)?\s+degree`;
/** From the clause's first word (with what leads into it) to the end of the title. */
const CLAUSE = new RegExp(
  String.raw`[\s,;:(\[-]+(?:education\s+)?((?:with|without|requiring)\s+(?:an?\s+)?|less\s+than\s+(?:an?\s+)?)?(high\s+school\s+diploma|some\s+college|${DEGREE})`,
  'i',
);

const CLAUSE_END = /degree|diploma|college/i;

/** Zone bounds a degree names, below it ("less than", "without") and at or above it. */
function degreeZones(degree: string): { below: number; atLeast: number } {
  const d = degree.toLowerCase();
  if (d.startsWith('high') || d.startsWith('some')) return { below: 3, atLeast: 1 };
  if (d.startsWith('associate')) return { below: 3, atLeast: 3 };
  if (d.startsWith('bachelor')) return { below: 3, atLeast: 4 };
  return { below: 4, atLeast: 5 };
}

/** The title without its schooling clause, and what the clause says; the title as it is without one. */
export function readSchooling(title: string): { title: string; schooling: Schooling | null } {
  // Most titles name no schooling: a cheap look for the words every clause ends on comes first.
  if (!CLAUSE_END.test(title)) return { title, schooling: null };
  const m = CLAUSE.exec(title);
  if (m === null || m.index === 0) return { title, schooling: null };
  const zones = degreeZones(m[2] as string);
  const clause = title.slice(m.index);
  const schooling: Schooling =
    m[1] !== undefined && /^(?:less|without)/i.test(m[1].trim())
      ? { minZone: 1, maxZone: zones.below }
      : { minZone: zones.atLeast, maxZone: /\bno\s+degree\b/i.test(clause) ? 3 : 5 };
  return { title: title.slice(0, m.index), schooling };
}

/** The ranking with its answer moved into the schooling's zones where another candidate fits (see above). */
export function atSchooling(
  ranking: Ranking,
  schooling: Schooling | null,
  zones: readonly number[],
): Ranking {
  const top = ranking.list[0];
  if (schooling === null || top === undefined) return ranking;
  const fits = (o: number): boolean => {
    const zone = zones[o] as number;
    return zone >= schooling.minZone && zone <= schooling.maxZone;
  };
  const fitting = fits(top.o) ? top : ranking.list.slice(0, CANDIDATES).find((e) => fits(e.o));
  const answer = fitting ?? top;
  return leading(ranking, { ...answer, rating: inferred(answer.rating) });
}
