import { titleWords } from '../text/normalize';
import { inferred, leading, type Ranking } from './ranking';

/**
 * A postsecondary teacher only for a title that names teaching (docs/methodology.md §2a, "Readings").
 *
 * O*NET files the teachers of an occupation under postsecondary teachers (25-1000) with titles that
 * name the occupation they teach: "Clinical Laboratory Aide Teacher" and "Corrective Therapy Aide
 * Teacher" are alternate titles of Health Specialties Teachers, Postsecondary. Such a title holds every
 * word of "Laboratory Aide", and the matcher's head-noun check only asks that a title hold the query's
 * head noun, so the teachers of aides answered for the aides. A title that names no teaching (no word
 * of TEACHING_WORDS) is no teacher's: a postsecondary teacher answer gives way to the best-ranked
 * candidate that is none, at most Probable. Where every candidate is a teacher, the answer stays.
 */
const TEACHING_WORDS: ReadonlySet<string> = new Set([
  'teacher',
  'teaching',
  'professor',
  'instructor',
  'lecturer',
  'faculty',
  'tutor',
  'educator',
  'preceptor',
  'docent',
  'dean',
]);

/** A word that names teaching (see above). */
export const isTeachingWord = (w: string): boolean => TEACHING_WORDS.has(w);

/** True when the title (or its matching words) names teaching (see above). */
export function namesTeaching(title: string, words: readonly string[] = []): boolean {
  // The matching words, when given, answer most titles without reading the title again.
  const teaching = (w: string): boolean => TEACHING_WORDS.has(w);
  return words.some(teaching) || titleWords(title).some(teaching);
}

/** A postsecondary teacher's SOC code (25-1000). */
export const isPostsecondaryTeacher = (soc: string): boolean => soc.startsWith('25-1');

/** The ranking with a postsecondary teacher answer moved to the first other candidate, for a title naming no teaching. */
export function atTeachingTitle(ranking: Ranking, title: string, socCodes: readonly string[]): Ranking {
  const top = ranking.list[0];
  const isTeacher = (o: number): boolean => isPostsecondaryTeacher(socCodes[o] as string);
  if (top === undefined || !isTeacher(top.o) || namesTeaching(title, ranking.words)) return ranking;
  const other = ranking.list.find((e) => !isTeacher(e.o));
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}
