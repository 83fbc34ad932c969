import { expandAbbreviation } from './abbreviations';
import { americanSpelling, englishFromSpanish } from './spelling';

/**
 * Text normalisation shared by the index build and the request path: both sides must fold text the
 * same way, so every rule lives here once. Bump NORMALIZER_VERSION when a rule changes, or when the
 * O*NET part's build rules change (src/service/data/onet/build.ts): the built index records it, the
 * data build treats a different number as stale, and the matcher refuses an index built otherwise.
 */
export const NORMALIZER_VERSION = 16;

/** Words that carry no occupational meaning in titles ("Director of Sales" = "Sales Director"). */
const TITLE_STOPWORDS: ReadonlySet<string> = new Set([
  'and',
  'of',
  'the',
  'for',
  'in',
  'a',
  'an',
  'to',
  'or',
  'with',
  'on',
  'at',
  'by',
  'from',
  'per',
  'as',
  'all',
]);

/** Extra words ignored in descriptions and task statements (prose, not titles). */
const PROSE_STOPWORDS: ReadonlySet<string> = new Set([
  ...TITLE_STOPWORDS,
  'is',
  'are',
  'be',
  'will',
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'our',
  'we',
  'you',
  'your',
  'their',
  'they',
  'such',
  'other',
  'including',
  'include',
  'may',
  'must',
  'can',
  'using',
  'use',
  'work',
  'job',
  'role',
  'ensure',
  'related',
  'various',
  'within',
  'into',
  'about',
  'also',
  'not',
  'have',
  'has',
  'who',
  'which',
  'etc',
]);

/** Irregular plurals that the suffix rules below would get wrong. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['people', 'person'],
  ['children', 'child'],
  ['leader', 'lead'],
  ['leadership', 'lead'],
]);

/**
 * Folds a plural to its singular with a few suffix rules. It need not produce dictionary words, only
 * the same form for "Nurses" and "Nurse", "Secretaries" and "Secretary", "Salesmen" and "Salesman";
 * words like "business", "status" and "analysis" are left alone.
 */
export function singular(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 3) return word;
  if (word.endsWith('men') && word.length > 4) return `${word.slice(0, -3)}man`;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  // (Suffix tests, not regular expressions: every word of every title passes here.)
  if (word.endsWith('ches') || word.endsWith('shes') || word.endsWith('xes') || word.endsWith('zzes'))
    return word.slice(0, -2);
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Lower-cases, strips accents and punctuation, and splits into raw words (before abbreviation rules). */
export function rawWords(text: string): string[] {
  // Most titles are plain ASCII, which has no accents to strip: Unicode normalisation is the costliest
  // step. Each rule below also runs only when its character occurs (the words are the same).
  let folded = (
    PLAIN_ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  ).toLowerCase();
  // "R.N." and "V.P." become "rn" and "vp" before the dots are lost as separators.
  if (folded.includes('.')) folded = folded.replace(/\b(?:[a-z]\.){2,}/g, (m) => m.replace(/\./g, ''));
  if (folded.includes("'") || folded.includes('\u2019')) folded = folded.replace(/['\u2019]/g, '');
  // "FP&A", "R&D", "P&L" are acronyms ("fpa", "rd", "pl"); any other "&" means "and".
  if (folded.includes('&'))
    folded = folded.replace(/\b([a-z]{1,2})&([a-z]{1,2})\b/g, '$1$2').replace(/&/g, ' and ');
  return folded.match(/[a-z0-9]+[+#]*/g) ?? [];
}

/**
 * Words of an employment arrangement, not of an occupation: HR systems append them to titles
 * ("Custodian (Temp)", "CNA - PRN", "Hskpg Aide - PT"). Dropped from titles on both sides.
 */
const ARRANGEMENT_WORDS: ReadonlySet<string> = new Set([
  'temp',
  'temporary',
  'pt',
  'ft',
  'seasonal',
  'seas',
  'prn',
  'diem',
  'nights',
  'weekend',
  'weekends',
  'casual',
  'perm',
  'permanent',
  'overnight',
  'evenings',
]);

/** Words that name a shift before "shift": day, night, swing, 2nd, third... */
const SHIFT_NAMES =
  /^(day|days|night|evening|swing|graveyard|split|rotating|weekend|1st|2nd|3rd|first|second|third)$/;

/**
 * The raw words of a title with spelling variants folded and what HR systems add dropped: British
 * spellings and Spanish occupation words (spelling.ts), arrangement words, "part time"/"full time",
 * hours ("-40 Hrs": "hrs" would otherwise read as HR), and one-letter grade codes ("HR Asst B"; the
 * letters I, V and X stay, they are roman levels).
 */
function titleRawWords(text: string): string[] {
  const raw = englishFromSpanish(rawWords(text));
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i] as string;
    const next = raw[i + 1];
    if ((word === 'part' || word === 'full') && next === 'time') {
      i++;
      continue;
    }
    if (next !== undefined && /^(hrs?|hours?)$/.test(next) && /^\d+$/.test(word)) {
      i++;
      continue;
    }
    // Shifts: "(Night Shift)", "- 2nd Shift", "Swing Shift": when the work is done, not what it is.
    if (next === 'shift' && SHIFT_NAMES.test(word)) {
      i++;
      continue;
    }
    // "Set up", "Set-Up" and "Setup" before a worker are one word written three ways, as O*NET's own
    // titles write it ("Set Up Operator", "Set-Up Operator", "Setup Operator"): read closed. At the end
    // of a title ("Press Set Up") it names the activity, and stays as written.
    if (word === 'set' && next === 'up' && i + 2 < raw.length) {
      out.push('setup');
      i++;
      continue;
    }
    // EMT-B, EMT-P: the letter is the certification level (basic, paramedic), not a grade.
    if (raw[i - 1] === 'emt' && (word === 'p' || word === 'b')) {
      out.push(word === 'p' ? 'paramedic' : 'basic');
      continue;
    }
    if (ARRANGEMENT_WORDS.has(word) || (word.length === 1 && /^[b-hj-uw-z]$/.test(word))) continue;
    out.push(americanSpelling(word));
  }
  return out;
}

/**
 * Title words: raw words with spellings folded, plurals folded and abbreviations expanded ("Sr. Acct
 * Mgrs" -> senior, account, manager), stop words removed. Order is kept: the level extractor needs positions.
 */
export function titleWords(text: string): string[] {
  // Plain loops, not flatMap and a split of every word: every title of every match passes here.
  const raw: string[] = [];
  for (const w of titleRawWords(text)) {
    if (!w.includes(' ')) raw.push(singular(w));
    else for (const part of w.split(' ')) raw.push(singular(part));
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i] as string;
    // "Head of Sales" is "Sales Director"; O*NET lists the latter form ("head" alone means "Head Cook").
    // "Warehouse Labor", "General Labor": a title ending on "labor" is a laborer's, while
    // "Labor Relations" puts it first.
    const expanded =
      word === 'head' && raw[i + 1] === 'of'
        ? 'director'
        : word === 'labor' && i === raw.length - 1 && i > 0
          ? 'laborer'
          : expandAbbreviation(word, raw[i - 1], raw[i + 1]);
    // Expansions are folded too, so "HR" gives the same words as "Human Resources".
    if (expanded === word) {
      if (!TITLE_STOPWORDS.has(word)) out.push(word);
    } else for (const w of expanded.split(' ')) if (!TITLE_STOPWORDS.has(w)) out.push(singular(w));
  }
  return out;
}

/**
 * Prose words for descriptions and task statements: plurals folded, stop words removed, then a light
 * suffix stem, because a job description says "coding, testing and debugging" where O*NET's tasks say
 * "code", "test" and "debug". Titles are not stemmed: there "Accountant" and "Accounting" differ.
 */
export function proseWords(text: string): string[] {
  const out: string[] = [];
  for (const word of rawWords(text)) {
    for (const part of americanSpelling(word).split(' ')) {
      const w = singular(part);
      if (PROSE_STOPWORDS.has(w) || w.length < 2 || /^\d+$/.test(w)) continue;
      out.push(stem(w));
    }
  }
  return out;
}

/**
 * A small suffix stripper (a few of Porter's steps): -ing, -ed, -ment, -er/-or, then a final -e and a
 * doubled final consonant. "testing", "tested", "tester" -> "test"; "coding", "code" -> "cod";
 * "development", "developer" -> "develop"; "programming", "programmer" -> "program". Like `singular`,
 * it need not give dictionary words, only the same stem on both sides.
 */
export function stem(word: string): string {
  let w = word;
  for (const suffix of ['ing', 'ment', 'ed', 'er', 'or']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  return w;
}
