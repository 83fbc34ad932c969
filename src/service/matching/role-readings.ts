import type { OnetPart } from '../data/onet/part';
import type { TitleIndex } from './title-index';
import {
  isManagement,
  isPhysicianOrSurgeon,
  isAllOther,
  isSocDetailedOccupation,
  majorGroupOf,
  sameMajorGroup,
} from '../soc-code';
import { singular, stem, titleWords } from '../text/normalize';
import { MEDICINE_WORDS, occupationTitleHeadPart } from './title-shape';

/**
 * What O*NET's occupation list says about roles, read once from the index, for the matcher's role
 * readings (docs/methodology.md §2a, "worker, helper or supervisor"):
 *
 * - a first-line supervisor is filed apart from the workers it supervises ("First-Line Supervisors of
 *   Correctional Officers"), and so is a helper ("Helpers--Electricians"). A title that names a rank or a
 *   helper on a trade ("Detention Sergeant", "Electrician Helper") is that supervisor or helper: the trade
 *   is found by matching the title without the rank word, and the supervisor or helper occupation of that
 *   trade is the one whose own title shares its words, else the one of its major group;
 * - a title word that O*NET titles almost never end on ("Custodial", "Janitorial", "Housekeeping") names
 *   a field, not a person: a title of such words alone is the field's worker, not its supervisor.
 */

/** Rank words that make a title a first-line supervisor's. "Lead" counts only as the title's last word. */
export const SUPERVISOR_WORDS: ReadonlySet<string> = new Set([
  'supervisor',
  'foreman',
  'forewoman',
  'foreperson',
  'sergeant',
  'lieutenant',
  'captain',
]);
export const HELPER_WORDS: ReadonlySet<string> = new Set(['helper']);

/**
 * Helpers of the trades whose own helper occupation O*NET lacks, by major group: construction (47,
 * except extraction, 47-5000, whose helpers are 47-5081), installation and repair (49), production (51).
 */
export const HELPERS_OF_MAJOR_GROUP: Readonly<Record<string, string>> = {
  '47': '47-3019',
  '49': '49-9098',
  '51': '51-9198',
};

/** Below this share of its titles ending on it, a word names a field rather than a person. */
const FIELD_WORD_MAX_HEAD_SHARE = 0.15;
/** Share of a word's titles ending on it for it to name a person ("paramedic", "operator"). */
const PERSON_NOUN_HEAD_SHARE = 0.3;
/** How much more often than titles in general a specialty word's titles are physicians'. */
const SPECIALTY_WORD_LIFT = 5;
/** A word in fewer titles than this says too little to be called a field word. */
const FIELD_WORD_MIN_TITLES = 5;

export class RoleReadings {
  private readonly supervisorOccs: number[] = [];
  private readonly helperOccs: number[] = [];
  private readonly isSupervisory: Uint8Array;
  private readonly isHelper: Uint8Array;
  /** Stems of each occupation's own title words. */
  private readonly ownStems: ReadonlyArray<ReadonlySet<string>>;
  private readonly headShare: Float64Array;
  private readonly titleCount: Int32Array;
  private readonly wordIds: ReadonlyMap<string, number>;
  private readonly stemUse = new Map<string, number>();
  /** Titles of physicians and surgeons (29-12xx) that use each word. */
  private readonly physicianCount: Uint32Array;
  /** Share of all O*NET titles that are physicians' or surgeons'. */
  private readonly physicianShare: number;
  /** Medical roots of the title words of the residual physicians' and surgeons' occupations. */
  private readonly residualSpecialtyRoots = new Set<string>();
  /** Medical roots of each occupation's own title words, filled on demand. */
  private readonly ownRoots: Array<ReadonlySet<string> | undefined> = [];
  /** Medical roots of the own titles of the SOC's named physicians' and surgeons' occupations, on demand. */
  private namedSpecialtyRoots: ReadonlySet<string> | undefined;
  /** Per occupation, the field words of an assisting occupation's own title (assistsPractice), on demand. */
  private readonly assistingWords: Array<readonly string[] | undefined> = [];
  private readonly assistingHead: Array<boolean | undefined> = [];
  /** Per medical root ("nephrolog" of nephrology and nephrologist): [physicians' titles, all titles] using it. */
  private readonly rootUse = new Map<string, [number, number]>();

  constructor(
    private readonly part: OnetPart,
    private readonly titleIndex: TitleIndex,
  ) {
    this.wordIds = titleIndex.wordIds;
    this.titleCount = titleIndex.titleCount;
    const { codes, titles } = part.occupations;
    this.isSupervisory = new Uint8Array(codes.length);
    this.isHelper = new Uint8Array(codes.length);
    this.ownStems = titles.map((t) => new Set(ownTitleWords(t).map((w) => stem(singular(w)))));
    // How many occupation titles use each stem: a shared rare word ("police") says more than a common one ("officer").
    for (const stems of this.ownStems)
      for (const s of stems) this.stemUse.set(s, (this.stemUse.get(s) ?? 0) + 1);
    titles.forEach((t, o) => {
      if (/^First-Line Supervisors/i.test(t)) {
        this.supervisorOccs.push(o);
        this.isSupervisory[o] = 1;
      } else if (/^Helpers/i.test(t)) {
        this.helperOccs.push(o);
        this.isHelper[o] = 1;
      }
      // Managers are supervisory too: a rank word never turns a manager into a first-line supervisor.
      if (isManagement(codes[o] as string)) this.isSupervisory[o] = 1;
    });
    this.physicianCount = new Uint32Array(part.vocab.length);
    const t = part.titles;
    let physicianTitles = 0;
    for (let i = 0; i < t.occ.length; i++) {
      const code = codes[t.occ[i] as number] as string;
      if (!isPhysicianOrSurgeon(code)) continue;
      physicianTitles++;
      if (isAllOther(code) && isSocDetailedOccupation(code))
        for (let k = t.start[i] as number; k < (t.start[i + 1] as number); k++)
          this.residualSpecialtyRoots.add(medicalRoot(part.vocab[t.words[k] as number] as string));
      for (let k = t.start[i] as number; k < (t.start[i + 1] as number); k++) {
        const w = t.words[k] as number;
        this.physicianCount[w] = (this.physicianCount[w] as number) + 1;
      }
    }
    this.physicianShare = physicianTitles / Math.max(1, t.occ.length);
    part.vocab.forEach((w, id) => {
      // "Physician" names no specialty, and its root would make one of "physics".
      if (MEDICINE_WORDS.has(w)) return;
      const use = this.rootUse.get(medicalRoot(w)) ?? [0, 0];
      use[0] += this.physicianCount[id] as number;
      use[1] += this.titleCount[id] as number;
      this.rootUse.set(medicalRoot(w), use);
    });
    this.headShare = Float64Array.from(
      part.headCounts,
      (n, w) => n / Math.max(1, this.titleCount[w] as number),
    );
  }

  /** A first-line supervisor occupation ("First-Line Supervisors of ..."), not a manager. */
  firstLineSupervisor(o: number): boolean {
    return this.isSupervisory[o] === 1 && !isManagement(this.part.occupations.codes[o] as string);
  }

  /** A first-line supervisor or a manager occupation. */
  supervisory(o: number): boolean {
    return this.isSupervisory[o] === 1;
  }

  helper(o: number): boolean {
    return this.isHelper[o] === 1;
  }

  /** Some title of the occupation uses the word ("Bell Captain" is a title of baggage porters). */
  titleHas(o: number, word: string): boolean {
    return this.titleIndex.occupationUses(o, word);
  }

  /** The supervisor occupation of the workers of occupation `o`, or null when O*NET has none. */
  supervisorOf(o: number): number | null {
    return this.closest(o, this.supervisorOccs, () => null);
  }

  /** The helper occupation of the trade of occupation `o`, or null when O*NET has none. */
  helperOf(o: number): number | null {
    const code = this.part.occupations.codes[o] as string;
    // Extraction workers have one helper occupation (47-5081, "Help extraction craft workers"): the
    // construction trades' helpers share the group, and a word ("Roof Bolters, Mining") with some.
    if (code.startsWith('47-5')) return this.occupationOf('47-5081');
    // Trades without a helper occupation of their own: the helpers of their group.
    return this.closest(o, this.helperOccs, () => HELPERS_OF_MAJOR_GROUP[majorGroupOf(code)] ?? null);
  }

  /** The occupation of an O*NET-SOC or SOC code (its first O*NET code), or null. */
  private occupationOf(code: string): number | null {
    const o = this.part.occupations.codes.findIndex((c) => c.startsWith(code));
    return o < 0 ? null : o;
  }

  /**
   * A field word: O*NET titles that use it almost never end on it ("Custodial", "Janitorial",
   * "Housekeeping", "Food"), so it qualifies a person noun rather than being one.
   */
  fieldWord(word: string): boolean {
    const id = this.wordIds.get(word);
    if (id === undefined) return false;
    return (
      (this.titleCount[id] as number) >= FIELD_WORD_MIN_TITLES &&
      (this.headShare[id] as number) < FIELD_WORD_MAX_HEAD_SHARE
    );
  }

  /** A word that names a person: O*NET titles using it end on it at least PERSON_NOUN_HEAD_SHARE of the time. */
  personNoun(word: string): boolean {
    const id = this.wordIds.get(word);
    if (id === undefined) return false;
    return (this.titleCount[id] as number) >= 2 && (this.headShare[id] as number) >= PERSON_NOUN_HEAD_SHARE;
  }

  /**
   * A word physicians' and surgeons' titles use that does not name a person ("surgery", "cardiology",
   * "medicine", "pediatric"), or "pgy" (a residency year). Nurses and technicians share most such words;
   * the caller checks that the title read as a physician's does rank a physician first.
   */
  physicianWord(word: string): boolean {
    if (word === 'pgy') return true;
    const id = this.wordIds.get(word);
    return id !== undefined && (this.physicianCount[id] as number) >= 2 && !this.personNoun(word);
  }

  /**
   * A word of a physician specialty ("pediatrics", "neurology", "surgery", "pulmonary"): O*NET's titles
   * using its medical root (nephrology and nephrologist share "nephrolog") include one of
   * physicians and surgeons, and give it to them at least SPECIALTY_WORD_LIFT times as often as titles
   * in general, which leaves out words every health job uses ("clinical", "care").
   */
  specialtyWord(word: string): boolean {
    const [physicians, all] = this.rootUse.get(medicalRoot(word)) ?? [0, 0];
    return physicians >= 1 && physicians >= SPECIALTY_WORD_LIFT * this.physicianShare * all;
  }

  /** Occupation o's own title names a field of `words` (by medical root: "Podiatric" and Podiatrists). */
  ownTitleNames(o: number, words: readonly string[]): boolean {
    const own = this.ownTitleRoots(o);
    return words.some((w) => own.has(medicalRoot(w)));
  }

  private ownTitleRoots(o: number): ReadonlySet<string> {
    return (this.ownRoots[o] ??= new Set(
      ownTitleWords(this.part.occupations.titles[o] as string).map((w) => medicalRoot(singular(w))),
    ));
  }

  /** Occupation o's own title is headed by an assisting noun (ASSISTING_HEADS). */
  assisting(o: number): boolean {
    return (this.assistingHead[o] ??= assistingHeads(this.part.occupations.titles[o] as string));
  }

  /** The word is an assisting noun itself ("Aide Assistant" names no practice the assistant assists). */
  assistingWord(word: string): boolean {
    return ASSISTING_HEADS.has(word);
  }

  /**
   * Occupation o assists the practice `word` names: its own title is headed by a word of the SOC's
   * assisting occupations (ASSISTING_HEADS: "Dental Assistants", "Surveying and Mapping Technicians",
   * "Pharmacy Aides", "Helpers--Carpenters") and another of its words shares the practitioner's stem
   * (its first PRACTICE_STEM letters: "dental" and "dentist", "surveying" and "surveyor").
   */
  assistsPractice(o: number, word: string): boolean {
    const own = (this.assistingWords[o] ??= assistingField(this.part.occupations.titles[o] as string));
    if (own.length === 0) return false;
    const root = stem(singular(word)).slice(0, PRACTICE_STEM);
    return root.length === PRACTICE_STEM && own.some((w) => w.startsWith(root));
  }

  /** An occupation whose own title names the physician it assists (Physician Assistants). */
  assistsPhysicians(o: number): boolean {
    return (
      /\bphysician/i.test(this.part.occupations.titles[o] as string) &&
      !isPhysicianOrSurgeon(this.part.occupations.codes[o] as string)
    );
  }

  /** A word some O*NET title uses (a word no title uses says nothing about the occupation). */
  titleWord(word: string): boolean {
    const id = this.wordIds.get(word);
    return id !== undefined && (this.titleCount[id] as number) > 0;
  }

  /**
   * A specialty the SOC lists under its residual physicians' or surgeons' occupations only: O*NET files
   * titles with the word's medical root under them ("Nephrologist", "Hospitalist"), and no detailed
   * physician or surgeon occupation of the SOC names it in its own title ("Pediatric Cardiologist" is
   * filed there too, but pediatrics is the SOC's Pediatricians, General).
   */
  residualSpecialty(word: string): boolean {
    const root = medicalRoot(word);
    if (!this.residualSpecialtyRoots.has(root)) return false;
    const { codes } = this.part.occupations;
    this.namedSpecialtyRoots ??= new Set(
      codes.flatMap((c, o) => (isPhysicianOrSurgeon(c) && !isAllOther(c) ? [...this.ownTitleRoots(o)] : [])),
    );
    return !this.namedSpecialtyRoots.has(root);
  }

  /**
   * Occupation o's own title names the specialty `word` names, by medical root, also as part of a
   * compound ("Neuroradiology" of Radiologists) or as a form the root does not fold ("Internist" of
   * General Internal Medicine Physicians): roots of 5 letters or more, one within or the start of the other.
   */
  ownTitleCovers(o: number, word: string): boolean {
    const root = medicalRoot(word);
    for (const own of this.ownTitleRoots(o))
      if (
        own === root ||
        (own.length >= 5 && root.length >= 5 && (root.includes(own) || own.startsWith(root)))
      )
        return true;
    return false;
  }

  /**
   * A word of `words` naming a specialty that O*NET also files under the residual physicians' and
   * surgeons' occupations (Physicians, All Other; Surgeons, All Other) and that occupation o's own
   * title does not name (compared by medical root): "Physician, Gastroenterology" matched to General
   * Internal Medicine Physicians through an alternate title, while O*NET also lists rheumatologists
   * under Physicians, All Other.
   */
  specialtyBeyondOwnTitle(o: number, words: readonly string[]): boolean {
    const own = this.ownTitleRoots(o);
    return words.some(
      (w) =>
        !MEDICINE_WORDS.has(w) && this.residualSpecialtyRoots.has(medicalRoot(w)) && !own.has(medicalRoot(w)),
    );
  }

  /**
   * Of `candidates` in o's major group, the one whose own title shares most word stems (or 5-letter
   * beginnings: "janitor" and "janitorial") with o's own title; with none shared, `fallback`'s code or,
   * when the group has just one candidate, that one.
   */
  private closest(o: number, candidates: readonly number[], fallback: () => string | null): number | null {
    const { codes } = this.part.occupations;
    const inGroup = candidates.filter((c) => sameMajorGroup(codes[c] as string, codes[o] as string));
    if (inGroup.length === 0) return null;
    const mine = [...(this.ownStems[o] as ReadonlySet<string>)];
    let best: number | null = null;
    let bestShared = 0;
    for (const c of inGroup) {
      let shared = 0;
      for (const s of this.ownStems[c] as ReadonlySet<string>) {
        if (s.length < 3) continue;
        if (mine.some((m) => m === s || (m.length >= 5 && s.slice(0, 5) === m.slice(0, 5))))
          shared += 1 / (this.stemUse.get(s) ?? 1);
      }
      if (shared > bestShared) {
        best = c;
        bestShared = shared;
      }
    }
    if (best !== null) return best;
    const code = fallback();
    const c = code === null ? null : this.occupationOf(code);
    if (c !== null) return c;
    return inGroup.length === 1 ? (inGroup[0] as number) : null;
  }
}

/** Head nouns of the SOC's occupations that assist another practice ("Dental Assistants", "Pharmacy Aides"). */
const ASSISTING_HEADS: ReadonlySet<string> = new Set(['assistant', 'aide', 'technician', 'helper']);
/** Letters of a stem a practitioner and the field of its assistants share ("dent" of dentist and dental). */
const PRACTICE_STEM = 4;

/**
 * Some head noun of the occupation title is an assisting noun: of any of its conjuncts ("Veterinary
 * Assistants and Laboratory Animal Caretakers"), before an "of" phrase or an "Except" clause.
 */
function assistingHeads(title: string): boolean {
  return occupationTitleHeadPart(title)
    .split(/,|\band\b|--/i)
    .some((part) => ASSISTING_HEADS.has(singular(titleWords(part).at(-1) ?? '')));
}

/** The field words of an occupation title headed by an assisting noun, or none for another title. */
function assistingField(title: string): string[] {
  if (!assistingHeads(title)) return [];
  return ownTitleWords(title)
    .map((w) => stem(singular(w)))
    .filter((w) => !ASSISTING_HEADS.has(w) && w.length >= PRACTICE_STEM);
}

/** Lower-case words of an O*NET occupation title, without "and", "of", "except" and punctuation. */
function ownTitleWords(title: string): string[] {
  return (title.toLowerCase().match(/[a-z]+/g) ?? []).filter(
    (w) =>
      ![
        'and',
        'of',
        'the',
        'except',
        'all',
        'other',
        'first',
        'line',
        'supervisors',
        'helpers',
        'workers',
        'worker',
      ].includes(w),
  );
}

/**
 * The root a medical field and its practitioner share: "nephrology" and "nephrologist" give
 * "nephrolog", "pediatrics" and "pediatrician" give "pediatr", "psychiatry" and "psychiatrist" give
 * "psychiatr", "neurosurgery" and "neurosurgeon" give "neurosurg". Other words are left as they are.
 */
export function medicalRoot(word: string): string {
  let w = word;
  for (let changed = true; changed && w.length > 6;) {
    const next = w.replace(/(?:ians?|ists?|ics?|ical|eons?|ery|y)$/, '');
    changed = next !== w && next.length >= 5;
    if (changed) w = next;
  }
  return w;
}
