import { singular, stem } from '../text/normalize';

/**
 * Reads a title word that no O*NET title uses as the title word it most likely stands for, so that a
 * one-letter typo ("Electrcian", "Maintenence") or an HR system's short form that no table lists
 * ("Custdn", "Lndscp Wkr") still reaches the occupation instead of "No matching job found".
 *
 * Three readings, tried in this order, each only for a word that is not a title word itself:
 * - a typo: a title word at one edit (insertion, deletion, substitution or swap of neighbours) from a
 *   word of at least MIN_TYPO_LENGTH letters, keeping its first letter (keepsFirstLetter). Short words are
 *   left alone: at one edit from "cook" lie "book", "cock" and "took", so a typo cannot be told from
 *   another word.
 * - a derived form: a title word with the same stem (normalize.ts stem(): "Drywaller" -> drywall),
 *   a field named by "-ology" read as its "-ologist" ("Cryptology Analyst" -> cryptologist), for a word
 *   of at least MIN_TYPO_LENGTH letters. An activity in "-ing" is not read as its worker: in O*NET's
 *   held-out reported titles, "Arranging" and "Coaching" read so lost more than such readings gained.
 * - a short form: the word's letters appear in order in a title word that starts with the same letter
 *   and is at most 1 / MIN_SHORT_FORM_SHARE times as long ("custdn" in custodian, "wkr" in worker).
 *   A short form that is the start of the word ("maint", "equip") is preferred to one that skips letters.
 * A typo or skeleton reading is not made of a word that O*NET's task statements and descriptions use in
 * its own right (its stem is a prose term, the reading's stem another): "inspect" is no insect, "grooming"
 * no grooving, "chat" no chart (docs/methodology.md §2a, "Eighth round, title shapes, continued"). A
 * prefix short form ("equip") and a typo of the same word ("refueller") are still read.
 * Among several candidates the word used by more O*NET titles wins: the common word is the likelier
 * meaning. Only words used by at least MIN_TITLES titles are candidates, so that a stray word of one
 * title is never guessed.
 */

const MIN_TYPO_LENGTH = 6;
/** A derived form is read from a stem of at least this many letters. */
const MIN_DERIVED_STEM = 4;
const MIN_SHORT_FORM_LENGTH = 3;
const MAX_SHORT_FORM_LENGTH = 7;
const MIN_SHORT_FORM_SHARE = 0.35;
const MIN_TITLES = 3;
/** Repairs asked of one matcher are few distinct words; keep the answers, bounded. */
const CACHE_LIMIT = 20_000;

export class WordRepair {
  /** Each delete-one variant of a candidate word (and the word itself) -> candidate word ids. */
  private readonly deletes = new Map<string, number[]>();
  /** Candidates by stem (normalize.ts stem(); the "-ology" of a field as its "-ologist"), for derived forms. */
  private readonly byStem = new Map<string, number[]>();
  /** Candidates by first letter, for short forms. */
  private readonly byInitial = new Map<string, number[]>();
  private readonly cache = new Map<string, string | null>();

  /**
   * @param vocab the title vocabulary (word id -> word)
   * @param titleCount how many O*NET titles use each word id
   * @param isProseTerm whether O*NET's task statements or descriptions use a term (a stemmed word)
   */
  constructor(
    private readonly vocab: readonly string[],
    private readonly titleCount: ArrayLike<number>,
    private readonly isKnown: (word: string) => boolean,
    private readonly isProseTerm: (term: string) => boolean = () => false,
  ) {
    vocab.forEach((word, id) => {
      if ((titleCount[id] ?? 0) < MIN_TITLES || !/^[a-z]+$/.test(word)) return;
      if (word.length >= MIN_TYPO_LENGTH - 1)
        for (const d of [word, ...deleteOne(word)]) push(this.deletes, d, id);
      if (word.length > MIN_SHORT_FORM_LENGTH) push(this.byInitial, word[0] as string, id);
      const s = derivedStem(word);
      if (s.length >= MIN_DERIVED_STEM) push(this.byStem, s, id);
    });
  }

  /** The title word `word` stands for, or null when it is a title word already or nothing fits. */
  repair(word: string): string | null {
    if (this.isKnown(word) || !/^[a-z]+$/.test(word)) return null;
    const cached = this.cache.get(word);
    if (cached !== undefined) return cached;
    const found = this.typo(word) ?? this.derived(word) ?? this.shortForm(word);
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(word, found);
    return found;
  }

  /**
   * `read`, unless `word` is a word of O*NET's prose in its own right and `read` is no form of it: then
   * `word` is that word, not a typo or a skeleton of another (see the class comment).
   */
  private unlessOwnWord(word: string, read: string | null): string | null {
    if (read === null) return null;
    const own = stem(singular(word));
    return own !== stem(singular(read)) && this.isProseTerm(own) ? null : read;
  }

  /** The title word `word` is a one-edit typo of (see above), or null. */
  typoOf(word: string): string | null {
    return this.isKnown(word) || !/^[a-z]+$/.test(word) ? null : this.typo(word);
  }

  private typo(word: string): string | null {
    if (word.length < MIN_TYPO_LENGTH) return null;
    const seen = new Set<number>();
    for (const d of [word, ...deleteOne(word)])
      for (const id of this.deletes.get(d) ?? [])
        if (!seen.has(id) && keepsFirstLetter(word, this.vocab[id] as string)) seen.add(id);
    return this.unlessOwnWord(word, this.mostUsed([...seen]));
  }

  private derived(word: string): string | null {
    // An activity is not its worker (see the class comment; docs/methodology.md §2a).
    if (word.length < MIN_TYPO_LENGTH || word.endsWith('ing')) return null;
    const s = derivedStem(word);
    return s.length < MIN_DERIVED_STEM ? null : this.mostUsed(this.byStem.get(s) ?? []);
  }

  private shortForm(word: string): string | null {
    if (word.length < MIN_SHORT_FORM_LENGTH || word.length > MAX_SHORT_FORM_LENGTH) return null;
    const prefixes: number[] = [];
    const skeletons: number[] = [];
    for (const id of this.byInitial.get(word[0] as string) ?? []) {
      const candidate = this.vocab[id] as string;
      if (candidate.length <= word.length || word.length / candidate.length < MIN_SHORT_FORM_SHARE) continue;
      if (candidate.startsWith(word)) prefixes.push(id);
      else if (isSubsequence(word, candidate)) skeletons.push(id);
    }
    return this.mostUsed(prefixes) ?? this.unlessOwnWord(word, this.mostUsed(skeletons));
  }

  private mostUsed(ids: readonly number[]): string | null {
    let best = -1;
    for (const id of ids)
      if (best < 0 || (this.titleCount[id] ?? 0) > (this.titleCount[best] ?? 0)) best = id;
    return best < 0 ? null : (this.vocab[best] as string);
  }
}

/** What a word and its derived forms share: the stem, with a field's "-ology" and its "-ologist" as one. */
function derivedStem(word: string): string {
  return stem(word.replace(/olog(?:y|ist)$/, 'olog'));
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [id]);
  else if (list[list.length - 1] !== id) list.push(id);
}

function deleteOne(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** True when `short`'s letters appear in `long` in the same order. */
function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
  return i === short.length;
}

/**
 * `candidate` is a one-edit typo reading of `word` that keeps its first letter, or restores a dropped one
 * ("roduction": production) or a swapped one. A changed or added first letter reads another word more
 * often than a typo: "Jailor" is no tailor, "Watching" no patching.
 */
function keepsFirstLetter(word: string, candidate: string): boolean {
  const swapped = word[0] === candidate[1] && word[1] === candidate[0];
  if (word[0] !== candidate[0] && candidate.slice(1) !== word && !swapped) return false;
  return withinOneEdit(word, candidate);
}

/** Optimal string alignment distance of at most one: one insertion, deletion, substitution or swap. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // Substitution at i, or a swap of i and i+1.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One insertion or deletion at i.
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
