import { inferred, leading, listsTitle, type Ranking } from './ranking';
import type { SchoolLevel } from './school-level';

/**
 * A subject's teacher named without a level of school is a self-enrichment teacher where O*NET files the
 * title under both (docs/methodology.md §2a, "Eleventh round: teachers4").
 *
 * The SOC 2018 defines school teachers by the grade levels they teach (kindergarten and elementary,
 * middle, secondary school) and self-enrichment teachers (25-3021) by the kind of course: "courses other
 * than those that normally lead to an occupational objective or degree ... self-improvement,
 * nonvocational, and nonacademic subjects. Teaching may or may not take place in a traditional
 * educational institution." O*NET files many "<subject> Teacher" titles of the arts, crafts, languages
 * and pastimes under both ("Guitar Teacher", "Theater Teacher"), as the same kind of title from as many
 * sources, and the two then part only by the occupation prior (priors.ts): the school teachers' larger
 * employment, which is that of their academic subjects, not this one's, and rests on a level the title
 * does not give. A title that names neither a school nor a level fits the self-enrichment teachers'
 * definition as written. So, where the industry names no level of school (one that does is read by
 * school-level.ts), the answer is a school teacher that lists the title, and the self-enrichment
 * teachers list it as closely (within MAX_GAP), the self-enrichment teachers answer, at most Probable.
 * A subject only the school teachers list ("Spanish Teacher"), one they list as a better kind of title (a
 * title their incumbents report), and a title naming a level ("High School Guitar Teacher": the
 * self-enrichment teachers list no such title) keep their answer.
 */

const SELF_ENRICHMENT_TEACHERS = '25-3021';
/**
 * How close the self-enrichment teachers must score: the occupation prior parts the two by about 0.02
 * where they list a title alike; a better kind of title or another source is worth 0.015 or more.
 */
const MAX_GAP = 0.025;

/** Kindergarten, elementary, middle and secondary school teachers, not special education (25-2021..25-2032). */
const isSchoolTeacher = (soc: string): boolean => /^25-20[23]\d$/.test(soc);

export function atEnrichmentSubject(
  ranking: Ranking,
  /** The level of school the request's industry names (school-level.ts industrySchoolLevel), or null. */
  schoolLevel: SchoolLevel | null,
  socCodes: readonly string[],
): Ranking {
  const top = ranking.list[0];
  if (top === undefined || !listsTitle(top) || !isSchoolTeacher(socCodes[top.o] as string)) return ranking;
  if (schoolLevel !== null) return ranking;
  const enrichment = ranking.list.find((e) => socCodes[e.o] === SELF_ENRICHMENT_TEACHERS);
  if (enrichment === undefined || !listsTitle(enrichment) || top.score - enrichment.score > MAX_GAP)
    return ranking;
  return leading(ranking, { ...enrichment, rating: inferred(enrichment.rating) });
}
