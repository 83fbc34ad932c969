import { CHIEF_EXECUTIVES_SOC, isManagement } from '../soc-code';
import { titleWords } from '../text/normalize';
import { MANAGEMENT_WORDS } from './title-shape';

/**
 * Seniority ("level") signals in a title, kept apart from the occupation words.
 *
 * levelShift scale, -2..+2, read by the pricing layer as a move of the percentile window:
 *   -2 Entry (intern, trainee, entry level; "Data Entry" is not a level)
 *   -1 Junior (junior, jr, associate as a prefix, I / 1)
 *    0 Intermediate (mid, intermediate, II / 2) and every title without a seniority word, so an
 *      unlevelled title prices at the OEWS figures themselves
 *   +1 Senior (senior, sr, experienced, III / 3), Lead (lead), Director (director, head of)
 *   +2 Principal (principal, staff engineer, IV / V), Executive (vice president, SVP, EVP, president, chief)
 *
 * Two kinds of level word:
 * - pure level words (senior, junior, lead, principal...) say nothing about the occupation, so they are
 *   removed from the words used for matching ("Sr. Software Engineer" matches "Software Engineer").
 *   Where one is the last word or the only word it is the occupation noun ("Warehouse Associate",
 *   "Wait Staff", "Principal" of a school, "Team Lead") and stays a matching word, not a level.
 * - management words (director, head, chief, president, vice president) are occupation words as well:
 *   they stay in the matching words ("Director of Marketing" finds Marketing Managers through the
 *   "Marketing Director" title), and the matcher cancels their shift when the matched occupation's own
 *   title holds the word (Chief Executives for "Chief Executive Officer", Art Directors for "Art Director"),
 *   because the OEWS figures of that occupation already are that level.
 */
export type LevelName =
  | 'Entry'
  | 'Junior'
  | 'Intermediate'
  | 'Advanced'
  | 'Senior'
  | 'Lead'
  | 'Principal'
  | 'Staff'
  | 'Manager'
  | 'Director'
  | 'Executive';

export interface LevelSignal {
  readonly name: LevelName;
  readonly shift: number;
  /** Higher rank wins when a title carries several signals ("Senior Director" is a Director). */
  readonly rank: number;
  /** The title words that carried the signal (management words: checked against the occupation title). */
  readonly words: readonly string[];
  /** True for director/head/chief/president/VP, whose shift the matcher may cancel (see above). */
  readonly management: boolean;
}

export interface LevelledTitle {
  /** The words to match on: title words without pure level words. */
  readonly content: readonly string[];
  /** The strongest level signal, or null when the title has none. */
  readonly level: LevelSignal | null;
}

interface LevelDef {
  readonly name: LevelName;
  readonly shift: number;
  readonly rank: number;
}

const ENTRY: LevelDef = { name: 'Entry', shift: -2, rank: 0 };
const JUNIOR: LevelDef = { name: 'Junior', shift: -1, rank: 1 };
const INTERMEDIATE: LevelDef = { name: 'Intermediate', shift: 0, rank: 2 };
const SENIOR: LevelDef = { name: 'Senior', shift: 1, rank: 3 };
const LEAD: LevelDef = { name: 'Lead', shift: 1, rank: 4 };
const PRINCIPAL: LevelDef = { name: 'Principal', shift: 2, rank: 5 };
const STAFF: LevelDef = { name: 'Staff', shift: 2, rank: 5 };
const DIRECTOR: LevelDef = { name: 'Director', shift: 1, rank: 6 };
const EXECUTIVE: LevelDef = { name: 'Executive', shift: 2, rank: 7 };

/** Level words in any position ("Software Engineering Intern"), unless they are the whole title. */
const ANYWHERE: ReadonlyMap<string, LevelDef> = new Map([
  ['intern', ENTRY],
  ['internship', ENTRY],
  ['trainee', ENTRY],
]);

/** Pure level words anywhere before the last word. */
const PURE: ReadonlyMap<string, LevelDef> = new Map([
  ['junior', JUNIOR],
  ['associate', JUNIOR],
  ['mid', INTERMEDIATE],
  ['intermediate', INTERMEDIATE],
  ['senior', SENIOR],
  ['experienced', SENIOR],
  ['lead', LEAD],
  ['principal', PRINCIPAL],
]);

/** Grade numbers, a level only as the last word ("Engineer II", "Accountant 3"). */
const GRADE: ReadonlyMap<string, LevelDef> = new Map([
  ['i', JUNIOR],
  ['1', JUNIOR],
  ['ii', INTERMEDIATE],
  ['2', INTERMEDIATE],
  ['iii', SENIOR],
  ['3', SENIOR],
  ['iv', PRINCIPAL],
  ['4', PRINCIPAL],
  ['v', PRINCIPAL],
  ['5', PRINCIPAL],
]);

/** Where "staff" is a technical career rung ("Staff Engineer"); elsewhere it is filler ("Staff Accountant"). */
const STAFF_RUNG_NOUNS: ReadonlySet<string> = new Set([
  'engineer',
  'developer',
  'scientist',
  'architect',
  'programmer',
  'software',
]);

/** Filler that neither names an occupation nor a level once the level words are read ("Level II"). */
const FILLER: ReadonlySet<string> = new Set(['level', 'grade', 'tier']);
/** Words after which a grade number is a level wherever it stands ("Level 3 Support Engineer"). */
const GRADE_MARKERS: ReadonlySet<string> = new Set(['level', 'tier']);

/**
 * U.S. schools named by a level word: a junior high school or an intermediate school is a middle
 * school, a junior college a two-year college, a senior high school a high school. Such a word names
 * the school the job is at, not the worker's rank, so it gives no level. True where O*NET's titles
 * write the word ("Junior High School Teacher" under middle school teachers, "Intermediate Teacher"),
 * so it stays a matching word; false where the school word alone says it (the word is dropped);
 * undefined where the words name no school.
 */
function schoolName(word: string, next: string): boolean | undefined {
  if (word === 'junior') return next === 'high' ? true : next === 'college' ? false : undefined;
  if (word === 'intermediate') return next === 'school' ? true : undefined;
  if (word === 'senior') return next === 'high' || next === 'college' ? false : undefined;
  return undefined;
}

/** A level signal of one shape (an object literal, not a spread: every title with a level word makes one). */
function signal(def: LevelDef, words: readonly string[], management: boolean): LevelSignal {
  return { name: def.name, shift: def.shift, rank: def.rank, words, management };
}

/**
 * The level and content words of a title as written. An HR system writes the level after a comma
 * ("Analyst, Sr", "Admin Asst,Sr", "Sys Anlst,Prin"): when everything after the last comma is
 * level words, they are read where a title puts them, seniority words before the rest and a grade
 * number after it ("Analyst, Sr II" as "Senior Analyst II"). Otherwise the words keep their order.
 */
export function extractTitleLevel(title: string): LevelledTitle {
  const comma = title.lastIndexOf(',');
  if (comma > 0) {
    const tail = titleWords(title.slice(comma + 1));
    const pure = tail.filter((w) => PURE.has(w) || ANYWHERE.has(w));
    const grades = tail.filter((w) => GRADE.has(w) || FILLER.has(w));
    if (pure.length > 0 && pure.length + grades.length === tail.length)
      return extractLevel([...pure, ...titleWords(title.slice(0, comma)), ...grades]);
  }
  return extractLevel(titleWords(title));
}

export function extractLevel(words: readonly string[]): LevelledTitle {
  const content: string[] = [];
  const signals: LevelSignal[] = [];
  const pure = (def: LevelDef, ws: string[]): void => void signals.push(signal(def, ws, false));
  const mgmt = (def: LevelDef, ws: string[]): void => void signals.push(signal(def, ws, true));
  const last = words.length - 1;
  const removedPure: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const next = words[i + 1];
    const isLast = i === last;
    if (FILLER.has(w) && words.length > 1) continue;
    // An apprentice is in training, so at the Entry level, but the word stays a matching word: O*NET
    // files many apprentices' titles under the trade's helpers ("Electrician Apprentice"), others under
    // the trade itself, and the titles decide.
    if (w === 'apprentice' && words.length > 1) pure(ENTRY, [w]);
    const anywhere = ANYWHERE.get(w);
    if (anywhere !== undefined) {
      pure(anywhere, [w]);
      removedPure.push(w);
      continue;
    }
    // "Entry Level Analyst" is a level; "Data Entry Clerk" is an occupation.
    if (w === 'entry' && next === 'level') {
      pure(ENTRY, [w]);
      removedPure.push(w);
      continue;
    }
    const grade = GRADE.get(w);
    const previous = words[i - 1];
    if (grade !== undefined && i > 0 && (isLast || (previous !== undefined && GRADE_MARKERS.has(previous)))) {
      pure(grade, [w]);
      continue;
    }
    // A grade digit elsewhere ("Grade 3 Teacher", "Class 1 Driver") names no occupation; other numbers
    // may ("911 Dispatcher" is an O*NET title).
    if (grade !== undefined && /^\d$/.test(w) && words.length > 1) continue;
    if (w === 'staff' && !isLast) {
      if (next !== undefined && STAFF_RUNG_NOUNS.has(next)) pure(STAFF, [w]);
      removedPure.push(w);
      continue;
    }
    // A level word before a school word names the kind of school, not the worker's rank.
    const school = next === undefined ? undefined : schoolName(w, next);
    if (school !== undefined) {
      if (school) content.push(w);
      continue;
    }
    const def = PURE.get(w);
    if (def !== undefined && !isLast) {
      pure(def, [w]);
      removedPure.push(w);
      continue;
    }
    content.push(w);
    if (w === 'vice' && next === 'president') {
      if (words[i - 1] === 'assistant') mgmt(DIRECTOR, ['assistant', 'vice', 'president']);
      else mgmt(EXECUTIVE, ['vice', 'president']);
    } else if (w === 'president' && words[i - 1] !== 'vice') mgmt(EXECUTIVE, [w]);
    else if (w === 'chief') mgmt(EXECUTIVE, [w]);
    else if (w === 'director') mgmt(DIRECTOR, [w]);
    else if (w === 'head' && !isLast) mgmt(DIRECTOR, [w]);
  }
  // Only level words: they were the occupation words after all ("Senior", "Intern", "Lead Associate").
  if (content.length === 0 && removedPure.length > 0) return { content: removedPure, level: null };
  let level: LevelSignal | null = null;
  for (const s of signals) if (level === null || s.rank > level.rank) level = s;
  return { content, level };
}

/**
 * Level name for a title without seniority words, from the occupation's O*NET Job Zone (the preparation
 * a typical incumbent needs). It describes the occupation, not a rung above its median, so it never
 * reuses the names of the explicit seniority words (levelShift stays 0):
 * - zones 1-2 (little or some preparation: cashiers, laborers): Entry;
 * - zones 3-4 (vocational training or a bachelor's degree: electricians, accountants): Intermediate,
 *   the fully qualified practitioner;
 * - zone 5 (graduate degree or long experience: pharmacists, lawyers): Advanced.
 * Management occupations (SOC 11) read as Manager, and Chief Executives (11-1011) as Executive, whatever
 * their zone: their level is their occupation. Occupations without a zone (military, some "All Other")
 * read as Intermediate.
 */
export function zoneLevelName(zone: number, socCode: string): LevelName {
  if (socCode === CHIEF_EXECUTIVES_SOC) return 'Executive';
  if (isManagement(socCode)) return 'Manager';
  if (zone === 1 || zone === 2) return 'Entry';
  if (zone === 5) return 'Advanced';
  return 'Intermediate';
}

/**
 * A management word's shift is cancelled when the matched occupation already is that level: its own
 * title holds the word ("Chief Executive Officer" -> Chief Executives, "Art Director" -> Art
 * Directors), its level is the signal's level ("SVP Finance" -> Chief Executives, Executive), or the
 * title is nothing but such words ("President"). Its OEWS figures then describe that level.
 */
export function effectiveShift(
  level: LevelSignal,
  words: readonly string[],
  ownTitle: ReadonlySet<string>,
  occupationLevel: string,
): number {
  if (!level.management) return level.shift;
  if (occupationLevel === level.name) return 0;
  if (level.words.some((w) => ownTitle.has(w))) return 0;
  if (words.every((w) => MANAGEMENT_WORDS.has(w))) return 0;
  return level.shift;
}

/**
 * The level of a practitioner in graduate medical training: Entry, whatever rank word the title also
 * carries ("Chief Resident" is still a resident). The Entry window prices the median near the
 * occupation's 16th percentile, close to DOL's level I wage (about the 17th).
 */
export function traineeLevel(words: readonly string[]): LevelSignal {
  return signal(ENTRY, words, false);
}

/**
 * The Junior level a subordinate rank word gives a generic rank title read as its head noun
 * ("Assistant Manager" as a junior manager: generic-rank.ts, docs/methodology.md §2a).
 */
export function juniorLevel(words: readonly string[]): LevelSignal {
  return signal(JUNIOR, words, false);
}
