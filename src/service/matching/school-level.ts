import { inferred, leading, type Ranking } from './ranking';
import { subjectTeacher } from './subject-teacher';

/**
 * Teachers by the level of school they teach at, read from the employer's industry (NAICSCode, D10;
 * docs/methodology.md §2a, "Readings").
 *
 * A title rarely says the level ("Chemistry Teacher", "Teacher, Music"), and the SOC splits teachers by
 * it: postsecondary teachers (25-1000, by subject), school teachers (25-2000, by grade) and other
 * teachers and instructors (25-3000: adult education, self-enrichment, tutors). The industry does say it:
 * NAICS 6111 is elementary and secondary schools; 6112 junior colleges, 6113 colleges and universities,
 * 6114 business schools and 6115 technical and trade schools teach at the postsecondary level (the SOC
 * files career and technical teachers of trade schools under 25-1194). With one of those industries, an
 * answer that is a teacher of another level gives way to the best-ranked teacher of the industry's level
 * among the title's candidates, and likewise for teaching assistants and education administrators;
 * among those, first one whose own O*NET title names the title's subject ("Teacher, Music" at a college
 * is an art, drama and music teacher, not the first postsecondary teacher the word "teacher" reaches).
 * The answer is read, not found: at most Probable. A title that names a level itself ("Professor",
 * "Elementary Teacher", "College Instructor"), a substitute teacher or a tutor (ANY_LEVEL_TEACHERS), other
 * industries, a two-digit sector ("61") and no industry leave the ranking as it is.
 */
export type SchoolLevel = 'school' | 'postsecondary';

/** The school level an industry code names, or null when it names none. */
export function industrySchoolLevel(naics: string): SchoolLevel | null {
  const code = naics.trim();
  if (code.startsWith('6111')) return 'school';
  if (/^611[2-5]/.test(code)) return 'postsecondary';
  return null;
}

interface EducationRole {
  readonly kind: 'teacher' | 'assistant' | 'administrator';
  /** 'any': a teacher the SOC defines by the kind of teaching, at whatever level of school (see below). */
  readonly level: SchoolLevel | 'other' | 'any';
}

/**
 * Teachers the SOC 2018 definitions name by how they teach, not by whom or at what level: substitute
 * teachers, short-term (25-3031, "a temporary replacement for a regular classroom teacher") and tutors
 * (25-3041, "to support formal class instruction", excluding the postsecondary and school teachers). A
 * school's industry is where they work, so it does not make them a teacher of its level ("Tutor" at an
 * elementary school had become a special education teacher, Possible, from an exact title, Confident).
 */
const ANY_LEVEL_TEACHERS: ReadonlySet<string> = new Set(['25-3031', '25-3041']);

/** An education occupation's kind and level, or null for any other occupation. */
export function educationRole(soc: string): EducationRole | null {
  if (soc.startsWith('25-1')) return { kind: 'teacher', level: 'postsecondary' };
  if (soc.startsWith('25-2')) return { kind: 'teacher', level: 'school' };
  if (ANY_LEVEL_TEACHERS.has(soc)) return { kind: 'teacher', level: 'any' };
  if (soc.startsWith('25-3')) return { kind: 'teacher', level: 'other' };
  if (soc === '25-9044') return { kind: 'assistant', level: 'postsecondary' };
  if (soc === '25-9042' || soc === '25-9043') return { kind: 'assistant', level: 'school' };
  if (soc === '11-9033') return { kind: 'administrator', level: 'postsecondary' };
  if (soc === '11-9032') return { kind: 'administrator', level: 'school' };
  return null;
}

/** Title words that name a level of school: the title says it, the industry need not. */
export const LEVEL_WORDS: ReadonlySet<string> = new Set([
  'professor',
  'postsecondary',
  'college',
  'university',
  'faculty',
  'lecturer',
  'preschool',
  'kindergarten',
  'elementary',
  'middle',
  'secondary',
  'high',
  'school',
]);

/** The ranking with its answer moved to the industry's school level where it is another's (see above). */
export function atSchoolLevel(
  ranking: Ranking,
  level: SchoolLevel | null,
  socCodes: readonly string[],
  ownTitleWords: readonly ReadonlySet<string>[],
): Ranking {
  const top = ranking.list[0];
  if (level === null || top === undefined || ranking.words.some((w) => LEVEL_WORDS.has(w))) return ranking;
  const role = educationRole(socCodes[top.o] as string);
  if (role === null || role.level === level || role.level === 'any') return ranking;
  const atLevel = ranking.list.filter((e) => {
    const other = educationRole(socCodes[e.o] as string);
    return other !== null && other.kind === role.kind && other.level === level;
  });
  // The subject: the title's words that the answer's own title does not hold ("music" of "Teacher, Music").
  const topOwn = ownTitleWords[top.o] as ReadonlySet<string>;
  const subject = ranking.words.filter((w) => !topOwn.has(w));
  const alternative =
    atLevel.find((e) => subject.some((w) => (ownTitleWords[e.o] as ReadonlySet<string>).has(w))) ??
    // A school teacher named by a subject is one the SOC defines by subjects (subject-teacher.ts).
    (level === 'school' && role.kind === 'teacher' && subject.length > 0
      ? subjectTeacher(atLevel, socCodes)
      : undefined) ??
    atLevel[0];
  return alternative === undefined
    ? ranking
    : leading(ranking, { ...alternative, rating: inferred(alternative.rating) });
}
