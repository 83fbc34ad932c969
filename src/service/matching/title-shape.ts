import { titleWords } from '../text/normalize';

/**
 * Rules about how a title is written, read from the text alone before any O*NET look-up: where its
 * head noun is, a department in parentheses, an executive over a function, two roles joined in one,
 * trainee and rank words (docs/methodology.md §2a). They are word classes of English job titles,
 * not lists of test titles.
 */

/**
 * A department in parentheses names the field the job works in: "Engineer (Fire Dept)" is a fire
 * engineer, "Clerk (Police Department)" a police clerk (public-sector payroll titles). Read as
 * written, the department word itself counts against the occupations that do the work.
 */
export function departmentFirst(title: string): string {
  const m = DEPARTMENT_QUALIFIER.exec(title);
  return m === null ? title : `${m[2]} ${m[1]}`;
}

const DEPARTMENT_QUALIFIER = /^(.*\S)\s*\(\s*([^()]*?\S)\s+(?:dept\.?|department|division|div\.?)\s*\)\s*$/i;

/**
 * The head noun of a title among its content words: the last content word of the part before a
 * prepositional phrase or a comma ("Director of Marketing", "Manager, Accounts Payable"), or null when
 * that part has none (its words were all level words, as in "VP of Sales").
 */
export function headNoun(
  title: string,
  content: readonly string[],
  personNoun: (word: string) => boolean,
): string | null {
  // Most titles have no such phrase: their head is their last content word, unless they are written
  // head first, as indexes of occupations list them ("Operator Forklift", "Technician Surgical"): a person
  // noun first and none last, or a supervisor's or helper's rank word first ("Supervisor Cashier",
  // "Helper Bricklayer": English puts these ranks after the person they supervise or help, "Cashier
  // Supervisor"; "Assistant", "Chief" and "Head" come first as modifiers and are not among them).
  if (!LEAD_SPLIT.test(title)) {
    const last = content[content.length - 1];
    if (last === undefined) return null;
    const first = content[0] as string;
    if (content.length > 1 && RANK_FIRST_WORDS.has(first)) return first;
    // The first word is rarely a person noun: ask about it first.
    return content.length > 1 && personNoun(first) && !personNoun(last) ? first : last;
  }
  const lead = title.split(LEAD_SPLIT)[0] ?? title;
  const leadWords = titleWords(lead);
  for (let i = leadWords.length - 1; i >= 0; i--) {
    const w = leadWords[i] as string;
    if (content.includes(w)) return w;
  }
  return null;
}

/** Rank words that head a title written before the person noun they rank (see headNoun). */
const RANK_FIRST_WORDS: ReadonlySet<string> = new Set(['supervisor', 'foreman', 'manager', 'helper']);

const LEAD_SPLIT = /\s(?:of|for|to|at|in|-|–)\s|,|\(|\//i;

/**
 * The part of an O*NET occupation title that holds its head nouns: before an "of" phrase ("First-Line
 * Supervisors of Retail Sales Workers", "Captains, Mates, and Pilots of Water Vessels") and before an
 * "Except" clause ("Janitors and Cleaners, Except Maids and Housekeeping Cleaners"). The words after
 * name whom the occupation supervises, what it works on, or what it is not.
 */
export function occupationTitleHeadPart(title: string): string {
  return title.split(/\s+of\s+|,?\s+except\b/i)[0] ?? title;
}

/**
 * The head noun of an O*NET occupation title, the last word before its qualifiers, and the word right
 * before it in the same conjunct, which qualifies it: "Physician Assistants" -> assistant qualified by
 * physician; "Accountants and Auditors" -> auditor, unqualified; "First-Line Supervisors of Police" ->
 * supervisor; "Helpers--Electricians" -> helper.
 */
export function occupationTitleHead(title: string): { head: string; modifier: string | null } | null {
  const lead = title.split(/--/)[0]?.split(LEAD_SPLIT)[0] ?? '';
  const words = titleWords(lead.split(/\s+and\s+/i).at(-1) ?? '');
  const head = words.at(-1);
  return head === undefined ? null : { head, modifier: words.at(-2) ?? null };
}

/**
 * Role nouns that name a kind of position but no field of work: a title made of these alone fits many
 * occupations and is rated at most Possible. Linguistic class, not a list of test titles: the head
 * nouns that O*NET titles combine with a field ("Marketing Specialist", "Production Planner").
 */
const ROLE_WORDS: ReadonlySet<string> = new Set([
  'intern',
  'internship',
  'extern',
  'trainee',
  'apprentice',
  'student',
  'associate',
  'specialist',
  'coordinator',
  'consultant',
  'analyst',
  'assistant',
  'advisor',
  'adviser',
  'agent',
  'representative',
  'officer',
  'administrator',
  'supervisor',
  'operator',
  'worker',
  'staff',
  'planner',
  'scheduler',
  'technician',
  'engineer',
  'clerk',
  'helper',
  'lead',
  'manager',
  'member',
  'professional',
]);

/** Rank words: they say how senior a job is, not which occupation ("Vice President", "Director"). */
export const MANAGEMENT_WORDS: ReadonlySet<string> = new Set([
  'vice',
  'president',
  'chief',
  'director',
  'head',
  'assistant',
]);

/**
 * A title of rank words only ("Vice President", "Director") says how senior, not which occupation;
 * one of role nouns only ("Intern", "Specialist", "Planner") needs a field ("Marketing Intern", "HR
 * Specialist") before it names one.
 */
export function namesNoField(words: readonly string[]): boolean {
  return words.every((w) => MANAGEMENT_WORDS.has(w)) || words.every((w) => ROLE_WORDS.has(w));
}

/** "Chief <function> Officer" or "VP of <function>" (also SVP, EVP, AVP, "Vice President, <function>"). */
export function executiveFunction(title: string): string | null {
  const t = title.trim();
  const chief = /^chief\s+(.+?)\s+officer$/i.exec(t)?.[1];
  if (chief !== undefined) return /^executive$/i.test(chief.trim()) ? null : chief;
  const vp =
    /^(?:senior\s+|executive\s+|assistant\s+)?(?:vice[\s-]+president|[se]?vp|avp)\b\s*(?:,|of\b|for\b|-|–)?\s*(.+)$/i.exec(
      t,
    )?.[1];
  return vp === undefined || vp.trim() === '' ? null : vp;
}

/**
 * The words before an exclusion clause: "Painter exc Automotive" is a painter, not an
 * automotive painter; the words after "exc" (except, excluding) name what the job is not, so matching on them
 * would pull towards the very occupations excluded.
 */
export function withoutExclusion(words: readonly string[]): readonly string[] {
  for (let i = 1; i < words.length; i++)
    if (EXCLUSION_WORDS.has(words[i] as string)) return words.slice(0, i);
  return words;
}

const EXCLUSION_WORDS: ReadonlySet<string> = new Set(['exc', 'except', 'excluding']);

/** Kinds of title word the readings look for, so that a title without any is read once, cheaply. */
export const WordClass = { Trainee: 1, Faculty: 2, Physician: 4 } as const;

const WORD_CLASSES: ReadonlyMap<string, number> = new Map([
  ...['resident', 'residency', 'fellow', 'fellowship', 'pgy', 'house'].map(
    (w) => [w, WordClass.Trainee] as const,
  ),
  ...['professor', 'instructor', 'faculty', 'lecturer', 'attending'].map(
    (w) => [w, WordClass.Faculty] as const,
  ),
  ...['physician', 'doctor'].map((w) => [w, WordClass.Physician] as const),
]);

/** The word classes a title's words hold, as WordClass bits ("pgy2" is a trainee word too). */
export function wordClasses(words: readonly string[]): number {
  let classes = 0;
  for (const w of words) classes |= WORD_CLASSES.get(w) ?? (w.startsWith('pgy') ? WordClass.Trainee : 0);
  return classes;
}

/** Separators between two roles in one title: a slash, a spaced dash, or a hyphen between words. */
export const ROLE_JOIN = /\s*\/\s*|\s+[-–]\s+|(?<=[a-z])-(?=[a-z])/i;

/**
 * Words of practitioners in graduate medical training: residents, fellows, "PGY-2" (post-graduate
 * year), house officers. A title word, not a level word: "Resident Manager" is no trainee.
 */
const MEDICAL_TRAINEE_WORDS: ReadonlySet<string> = new Set([
  'resident',
  'residency',
  'fellow',
  'fellowship',
  'pgy',
]);

/** "House officer", "house staff", "house physician": a hospital's residents (a level word drops "staff" before "physician"). */
const HOUSE_TRAINEE: ReadonlySet<string> = new Set(['officer', 'staff', 'physician', 'doctor']);

/** The words of a title that mark graduate medical training: "pgy2" and "house officer" included. */
export function traineeWords(words: readonly string[]): string[] {
  return words.filter(
    (w, i) =>
      MEDICAL_TRAINEE_WORDS.has(w) ||
      /^pgy\d*$/.test(w) ||
      (w === 'house' && HOUSE_TRAINEE.has(words[i + 1] ?? '')) ||
      ((w === 'officer' || w === 'staff') && words[i - 1] === 'house'),
  );
}

/** Words that say medicine without naming a specialty: "Medical Resident", "Resident Physician". */
export const MEDICINE_WORDS: ReadonlySet<string> = new Set([
  'physician',
  'doctor',
  'md',
  'medical',
  'medicine',
  'clinical',
]);

/**
 * A physician's person noun among a title's words: "physician", or "doctor" alone or beside "medical"
 * or "MD" ("Medical Doctor"). "Doctor" beside another practice is that practice's ("Chiropractic
 * Doctor", "Doctor of Physical Therapy").
 */
export function physicianNoun(word: string, words: readonly string[]): boolean {
  return (
    word === 'physician' ||
    (word === 'doctor' && (words.length === 1 || words.includes('medical') || words.includes('md')))
  );
}

/** Words of an academic appointment that name no field: "Assistant Professor without Tenure, Department of ...". */
export const ACADEMIC_WORDS: ReadonlySet<string> = new Set([
  'assistant',
  'associate',
  'adjunct',
  'visiting',
  'acting',
  'department',
  'division',
  'tenure',
  'track',
]);

/**
 * Academic ranks and roles of clinical faculty: in a clinical department ("Assistant Professor of
 * Pediatrics", "Attending Physician, Neonatology") they are held by practising physicians.
 */
export const FACULTY_WORDS: ReadonlySet<string> = new Set([
  'professor',
  'instructor',
  'faculty',
  'lecturer',
  'attending',
]);

const ENTRY_WORDS = /\b(intern|interns|internship|trainee|apprentice|student|extern|entry[-\s]level)\b/i;
const MEDICAL_WORDS =
  /\b(medical|physician|doctor|md|surgical|surgery|surgeon|resident|residency|fellow|hospitalist|clinical)\b/i;

/**
 * An entry-level title that does not name medicine ("Marketing Intern", "Graduate Trainee", "Intern"):
 * it is never priced as a doctor or a chief executive.
 */
export function isEntryLevelTitle(title: string): boolean {
  return ENTRY_WORDS.test(title) && !MEDICAL_WORDS.test(title);
}
