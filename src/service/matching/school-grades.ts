import { namesTeaching } from './teaching';

/**
 * School grades in a title (docs/methodology.md §2a, "Readings"): "Teacher Grades 9-12", "Math Teacher
 * Grades 6 thru 8", "5th Grade Teacher". The SOC splits school teachers by level (elementary, middle,
 * secondary school: 25-2021, 25-2022, 25-2031, and their special education and aide counterparts), which
 * O*NET's titles name in words ("Middle School Teacher"), while schools number the grades. Matched as
 * written, the numbers are no title words and "thru" was read as a short form of "therapeutic". The
 * grades are read as the level of school they belong to in U.S. schools: kindergarten to grade 5
 * elementary, 6 to 8 middle, 9 to 12 high school; a range starting in elementary school is elementary
 * ("Grades 1 thru 8", as K-8 schools are), one within 6 to 8 middle, one from 9 on high school. A range
 * from elementary to high school ("Grades K-12") names no one level: the grades are dropped. Only in a
 * title that names teaching or a school: elsewhere a grade is a pay grade ("Clerk Grade 3") or a product's
 * ("Lumber Grader Grade 2").
 */

/** Most titles name no grade: a look for the word comes first. */
const MAY_NAME_GRADES = /grade/i;
/** Words that put a title in a class, besides those that name teaching (teaching.ts). */
const SCHOOL_WORDS = /\b(?:teaching|classroom)\b/i;
const GRADE = String.raw`(k|\d{1,2})(?:st|nd|rd|th)?`;
/** "Grade(s) 9", "Grades 9-12", "Grades 9 thru 12", "Grades 7 and 8". */
const GRADES_AFTER = new RegExp(
  String.raw`\bgrades?\s+${GRADE}(?:\s*(?:-|–|to|thru|through|and)\s*${GRADE})?\b`,
  'i',
);
/** "5th Grade", "K-5 Grade". */
const GRADES_BEFORE = new RegExp(String.raw`\b${GRADE}(?:\s*(?:-|–)\s*${GRADE})?\s+grades?\b`, 'i');

const gradeNumber = (g: string): number => (g.toLowerCase() === 'k' ? 0 : Number(g));

/** The level of school a range of grades belongs to, or null when it spans elementary to high school. */
export function schoolLevelOfGrades(low: number, high: number): string | null {
  const [from, to] = low <= high ? [low, high] : [high, low];
  if (to > 12) return null;
  if (from <= 5) return to >= 9 ? null : 'elementary school';
  return from <= 8 ? (to <= 8 ? 'middle school' : null) : 'high school';
}

/** The title with its grades read as the level of school they name (see above); as it is without any. */
export function readGrades(title: string): string {
  if (!MAY_NAME_GRADES.test(title) || !(SCHOOL_WORDS.test(title) || namesTeaching(title))) return title;
  for (const pattern of [GRADES_AFTER, GRADES_BEFORE]) {
    const m = pattern.exec(title);
    if (m === null) continue;
    const low = gradeNumber(m[1] as string);
    const level = schoolLevelOfGrades(low, m[2] === undefined ? low : gradeNumber(m[2]));
    const read = `${title.slice(0, m.index)} ${level ?? ''} ${title.slice(m.index + m[0].length)}`;
    return read.replace(/\s+/g, ' ').trim() || title;
  }
  return title;
}
