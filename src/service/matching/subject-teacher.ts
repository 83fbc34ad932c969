/**
 * A school teacher named by a subject (docs/methodology.md §2a, "Tenth round, restricted lines").
 *
 * NAICS 6111 (elementary and secondary schools) names both levels, so when a title that names a subject
 * ("Teacher, Ballet", "First Aid Teacher") is read as a school teacher (school-level.ts, school-subject.ts)
 * and no school teacher's own O*NET title names that subject, the level's teachers are all reached by the
 * word "teacher" alone, and the best-ranked of them is the largest: elementary school teachers. The SOC
 * 2018 definitions tell them apart by what they teach: kindergarten and elementary school teachers "teach
 * academic and social skills", preschool teachers care for and instruct young children, special education
 * teachers teach "academic, social, and life skills" to students with disabilities, while middle and
 * secondary school teachers "teach one or more subjects" (their career/technical teachers "occupational,
 * vocational, career, or technical subjects"). A teacher named by a subject is one of those.
 */
const SUBJECT_TEACHERS: ReadonlySet<string> = new Set(['25-2022', '25-2023', '25-2031', '25-2032']);

/** The first of `teachers` (in ranked order) the SOC defines by the subjects taught, or undefined. */
export function subjectTeacher<T extends { readonly o: number }>(
  teachers: readonly T[],
  socCodes: readonly string[],
): T | undefined {
  return teachers.find((e) => SUBJECT_TEACHERS.has(socCodes[e.o] as string));
}
