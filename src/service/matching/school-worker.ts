import { inferred, leading, type Ranking } from './ranking';
import { isPostsecondaryTeacher, namesTeaching } from './teaching';

/**
 * A school's other workers are no teachers (docs/methodology.md §2a, "Readings"). O*NET names school
 * teachers by the level of school they teach at ("Middle School Teacher", "Preschool Teacher"), so a
 * title that names a level of school as the place of another job ("Middle School Nurse", "Elementary
 * School Cafeteria Worker") reached the teachers of that level through the place's words, outweighing
 * the nurse's or the worker's head noun. A school teacher (SOC 25-2000) or another teacher or instructor
 * (25-3000) answers a title that names no teaching (teaching.ts) only where the occupation's titles use
 * the title's head noun ("Adapted Physical Education Specialist" is a special education teacher's
 * title). Otherwise the answer gives way to the best-ranked candidate whose titles use the head noun and
 * that is no teacher of any level, at most Probable; where none does, the answer stays.
 */
const isSchoolTeacher = (soc: string): boolean => soc.startsWith('25-2') || soc.startsWith('25-3');
/** Any teacher: nor is a postsecondary teacher (25-1000) the answer to a title naming no teaching (teaching.ts). */
const isTeacher = (soc: string): boolean => isSchoolTeacher(soc) || isPostsecondaryTeacher(soc);

export function atSchoolWorker(
  ranking: Ranking,
  title: string,
  socCodes: readonly string[],
  headNoun: () => string | null,
  titleHas: (o: number, word: string) => boolean,
): Ranking {
  const top = ranking.list[0];
  if (top === undefined || !isSchoolTeacher(socCodes[top.o] as string)) return ranking;
  if (namesTeaching(title, ranking.words)) return ranking;
  const head = headNoun();
  if (head === null || titleHas(top.o, head)) return ranking;
  const other = ranking.list.find((e) => !isTeacher(socCodes[e.o] as string) && titleHas(e.o, head));
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}
