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
export function headNoun(title: string, content: readonly string[]): string | null {
  // Most titles have no such phrase: their head is their last content word.
  if (!LEAD_SPLIT.test(title)) return content[content.length - 1] ?? null;
  const lead = title.split(LEAD_SPLIT)[0] ?? title;
  const leadWords = titleWords(lead);
  for (let i = leadWords.length - 1; i >= 0; i--) {
    const w = leadWords[i] as string;
    if (content.includes(w)) return w;
  }
  return null;
}

const LEAD_SPLIT = /\s(?:of|for|to|at|in|-|–)\s|,|\(|\//i;

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

/** Separators between two roles in one title: a slash, a spaced dash, or a hyphen between words. */
export const ROLE_JOIN = /\s*\/\s*|\s+[-–]\s+|(?<=[a-z])-(?=[a-z])/i;

/** Words of physicians in training. */
export const MEDICAL_TRAINEE_WORDS: ReadonlySet<string> = new Set([
  'resident',
  'residency',
  'fellow',
  'fellowship',
  'pgy',
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
