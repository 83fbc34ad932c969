import { inferred, leading, type RankTitle, type Ranking } from './ranking';
import { isRankWord } from './rank-answer';
import { educationRole, LEVEL_WORDS, type SchoolLevel } from './school-level';
import { subjectTeacher } from './subject-teacher';
import { isTeachingWord } from './teaching';

/**
 * A school subject's director, supervisor or teacher at a school is a teacher (docs/methodology.md §2a,
 * "Readings").
 *
 * O*NET files the practitioners of the subjects schools teach under arts, design, entertainment and
 * sports occupations (SOC 27-1000 art and design workers, 27-2000 entertainers, performers and sports
 * workers), with titles such as "Music Supervisor" and "Swim Instructor", so a school's director of music
 * answered as Music Directors and Composers. The SOC reports those who must hold a teaching certificate in
 * a teaching category (its definition of Coaches and Scouts, 27-2022, says so), and a school's or a
 * college's post that directs, supervises or teaches a subject is such a post. With an industry that names
 * a level of school (school-level.ts: NAICS 6111, 6112-6115), an answer of those groups to a title that
 * names direction ("director", "supervisor") or teaching gives way to the teacher of that level the title
 * reads as: its subject (the words that are no rank and no teaching) read as "<subject> teacher", and of
 * that reading's teachers of the industry's level, first one whose own O*NET title names the subject
 * (Art, Drama, and Music Teachers, Postsecondary at a college), else the best-ranked. The answer is read,
 * not found: at most Probable. A title naming a level itself, another answer, a title naming neither
 * direction nor teaching ("Audiovisual Technician", "Coach"), and a reading with no teacher of the level
 * leave the ranking as it is.
 */

/** Rank words that name the direction of a subject rather than of workers. */
const DIRECTION_WORDS: ReadonlySet<string> = new Set(['director', 'supervisor']);

/** Entertainers, performers and sports workers (27-2000): musicians, actors, dancers, coaches. */
const isSubjectPractitioner = (soc: string): boolean => soc.startsWith('27-2');

export function atSchoolSubject(
  ranking: Ranking,
  level: SchoolLevel | null,
  socCodes: readonly string[],
  ownTitleWords: readonly ReadonlySet<string>[],
  ranked: RankTitle,
  description: string,
): Ranking {
  const top = ranking.list[0];
  if (level === null || top === undefined || !isSubjectPractitioner(socCodes[top.o] as string))
    return ranking;
  const { words } = ranking;
  if (words.some((w) => LEVEL_WORDS.has(w))) return ranking;
  if (!words.some((w) => DIRECTION_WORDS.has(w) || isTeachingWord(w))) return ranking;
  const subject = words.filter((w) => !isRankWord(w) && !isTeachingWord(w));
  if (subject.length === 0) return ranking;
  const teachers = ranked(`${subject.join(' ')} teacher`, description).list.filter((e) => {
    const role = educationRole(socCodes[e.o] as string);
    return role !== null && role.kind === 'teacher' && role.level === level;
  });
  const teacher =
    teachers.find((e) => subject.some((w) => (ownTitleWords[e.o] as ReadonlySet<string>).has(w))) ??
    // A school teacher named by a subject is one the SOC defines by subjects (subject-teacher.ts).
    (level === 'school' ? subjectTeacher(teachers, socCodes) : undefined) ??
    teachers[0];
  return teacher === undefined ? ranking : leading(ranking, { ...teacher, rating: inferred(teacher.rating) });
}
