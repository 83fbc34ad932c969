import type { MatchRating } from '../contracts';
import { titleWords } from '../text/normalize';
import { inferred, type Ranking } from './ranking';
import { VAGUE_WORD_IDF } from './rating';

/**
 * Two last readings of a title the direct match answers weakly or not at all (docs/methodology.md §2a,
 * "Tenth round, unanswered titles"), each of which word repair and the compound rules of query-words.ts
 * leave out for every title, because for every title they lose about as much as they gain.
 *
 * A title answered at most Possible is read with two adjacent words as the closed compound O*NET's titles
 * write ("Book keeper", "Sky cap"); the reading stands where it reaches an answer the
 * direct match did not (Probable or better, kept at most Probable). For every title two title words stay
 * apart ("Dish washer" may mean either: the third round); where the words apart say little, the closed
 * form O*NET writes is the better guess.
 *
 * A title that reaches no occupation at all is read with its words that no O*NET title uses read more
 * loosely than word repair (word-repair.ts) reads them for every title, as the title word they are
 * formed from:
 * - an activity in "-ing" named after what it works on, as that ("Locksmithing" -> locksmith);
 * - a person named after a field in "-ion" by "-or" or "-er" ("Remediator" -> remediation): the
 *   practitioner of the field;
 * - a job's feminine or diminutive form in "-ette" or "-ess" ("Usherette" -> usher), as "Waitress" is a
 *   waiter (gendered-pair.ts);
 * - a learned compound, a combining form in "-o" that no title uses before a title word ("Radiochemist"
 *   -> chemist, "Neuropathologist" -> pathologist), as its last part: English puts the head of a
 *   compound last. Only a head that names a particular job: a generic one ("Geotechnician" ->
 *   technician) would be answered by whichever occupation the bare word leads to.
 * For every title, word repair reads no "-ing" activity as its worker: O*NET's held-out reported titles
 * lost more than they gained ("Coaching" read as a coach). Here the title has no answer to lose: the
 * reading can only give one where there was none, and it is at most Possible, for the analyst to check.
 */

/** A reading's word must be used by at least this many O*NET titles, so a stray word is never guessed. */
const MIN_TITLES = 3;
/** The head of a closed compound has at least this many letters, its first part at least MIN_PART. */
const MIN_HEAD = 5;
const MIN_PART = 3;
/** A word that may be one half of a closed compound. */
const CLOSABLE = /^[A-Za-z]{3,}$/;

export class UnansweredWords {
  /**
   * @param titleCount how many O*NET titles use a word (0 for a word none uses)
   * @param idf a title word's inverse document frequency over O*NET's titles (title-index.ts)
   */
  constructor(
    private readonly titleCount: (word: string) => number,
    private readonly idf: (word: string) => number,
  ) {}

  /**
   * The ranking of `written` (`found`), or where it answers at most Possible the readings above (see the
   * module comment), `readAgain` ranking a rewritten title as the matcher ranks any title.
   */
  reread(found: Ranking, written: string, readAgain: (title: string) => Ranking): Ranking {
    const top = found.list[0];
    if (top !== undefined && top.rating !== 'Possible') return found;
    const joined = this.joined(written);
    if (joined !== null) {
      const closed = readAgain(joined);
      const best = closed.list[0];
      // Kept only where the closed form reaches an answer the words apart did not; read, not found.
      if (best !== undefined && best.rating !== 'Possible') return atMost(closed, inferred);
    }
    if (top !== undefined) return found;
    const loose = this.read(written);
    // Guessed at, not found: at most Possible.
    return loose === null ? found : atMost(readAgain(loose), () => 'Possible');
  }

  /**
   * `title` with each word no O*NET title uses replaced by the title word it is formed from, or null
   * when no word is read.
   */
  read(title: string): string | null {
    let changed = false;
    const out = title.replace(/[A-Za-z]+/g, (written) => {
      const words = titleWords(written);
      if (words.length !== 1) return written;
      const word = words[0] as string;
      if (this.titleCount(word) > 0) return written;
      const read = this.formedFrom(word);
      if (read === null) return written;
      changed = true;
      return read;
    });
    return changed ? out : null;
  }

  /**
   * `title` with each two adjacent words that O*NET's titles write as one closed compound joined
   * ("Book keeper Aide" -> bookkeeper Aide, "Sky cap" -> skycap), or null when it
   * has none. Words of at least MIN_PART letters each, joined where written with a space or a hyphen.
   */
  joined(title: string): string | null {
    // Words at the even places, what separates them at the odd ones.
    const parts = title.split(/([ -]+)/);
    let changed = false;
    for (let i = 0; i + 2 < parts.length; i += 2) {
      const a = parts[i] as string;
      const b = parts[i + 2] as string;
      if (!CLOSABLE.test(a) || !CLOSABLE.test(b)) continue;
      const words = titleWords(a + b);
      if (words.length !== 1 || this.titleCount(words[0] as string) === 0) continue;
      parts.splice(i, 3, a + b);
      changed = true;
    }
    return changed ? parts.join('') : null;
  }

  /** The title word `word` is formed from (see the module comment), or null. */
  formedFrom(word: string): string | null {
    if (!/^[a-z]+$/.test(word)) return null;
    return this.activity(word) ?? this.practitioner(word) ?? this.feminine(word) ?? this.compoundHead(word);
  }

  private used(word: string): boolean {
    return word.length >= MIN_PART && this.titleCount(word) >= MIN_TITLES;
  }

  private first(candidates: readonly string[]): string | null {
    return candidates.find((c) => this.used(c)) ?? null;
  }

  /** "locksmithing" -> locksmith, "shipping" -> ship, "racing" -> race. */
  private activity(word: string): string | null {
    if (!word.endsWith('ing') || word.length < 7) return null;
    const base = word.slice(0, -3);
    const undoubled = /([b-df-hj-np-tv-z])\1$/.test(base) ? base.slice(0, -1) : base;
    return this.first([base, undoubled, `${base}e`]);
  }

  /** "remediator" -> remediation, "exploiter" -> exploitation. */
  private practitioner(word: string): string | null {
    const m = /^(.{4,})(?:or|er)$/.exec(word);
    if (m === null) return null;
    const base = m[1] as string;
    return this.first([`${base}ion`, `${base}ation`]);
  }

  /** "usherette" -> usher, "conductress" -> conductor (a "-tress" of a "-tor"). */
  private feminine(word: string): string | null {
    const m = /^(.{4,}?)(?:ette|ess)$/.exec(word);
    if (m === null) return null;
    const base = m[1] as string;
    const masculine = base.endsWith('tr') ? [`${base.slice(0, -1)}or`, `${base.slice(0, -1)}er`] : [];
    return this.first([base, ...masculine, `${base}e`]);
  }

  /**
   * "radiochemist" -> chemist: the longest last part that is a particular title word (rating.ts
   * VAGUE_WORD_IDF) after a first part in "-o" that is none.
   */
  private compoundHead(word: string): string | null {
    for (let i = MIN_PART; i <= word.length - MIN_HEAD; i++) {
      if (word[i - 1] !== 'o') continue;
      const head = word.slice(i);
      if (this.used(head) && this.idf(head) >= VAGUE_WORD_IDF && this.titleCount(word.slice(0, i)) === 0)
        return head;
    }
    return null;
  }
}

/** `ranking` with each rating capped by `cap`. */
function atMost(ranking: Ranking, cap: (rating: MatchRating) => MatchRating): Ranking {
  return { ...ranking, list: ranking.list.map((e) => ({ ...e, rating: cap(e.rating) })) };
}
