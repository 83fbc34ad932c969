import type { OnetPart } from '../data/onet/part';
import { titleWords } from '../text/normalize';

/**
 * A bound prefix written apart from its stem, read closed where O*NET's titles write the word closed
 * (docs/methodology.md §2a, "Tenth round, words").
 *
 * English writes these prefixes joined to a stem ("deicer", "semiconductor", "nonprofit", "copilot"),
 * with a hyphen where the reader might stumble ("de-icer", "co-pilot"), and lists and HR systems that
 * strip punctuation leave them apart ("Hangar de icer", "Semi conductor technician"). Alone, such a prefix is no word: it
 * matches only the few titles that write the same pair apart, or is read as a short form ("co" is a
 * correctional officer's), and the stem alone names another job than the word ("icer" is a cake icer, a
 * deicer sprays aircraft). So the two are read as one word where O*NET's titles write that word more
 * often than they hold the two apart: "Ramp de icer" and "Relief co pilot" are read closed, "Non
 * destructive examiner" stays apart, as O*NET's own titles write the pair.
 *
 * The hyphenated prefixes of any short first part that the split reads wrong ("Co-ordinator") are read
 * by QueryWords.joinedPrefixes, after this step.
 */

/**
 * Prefixes that English writes joined to a stem and never as a word of their own (the bound prefixes of
 * English grammars' word-formation chapters: negation, repetition, position, number, degree). Prefixes
 * that are also words ("post", "counter", "over", "auto", "photo") are left out: apart, they may be the
 * word ("Post office", "Counter attendant").
 */
const BOUND_PREFIXES: ReadonlySet<string> = new Set([
  'anti',
  'bi',
  'co',
  'de',
  'dis',
  'inter',
  'mis',
  'multi',
  'non',
  'pre',
  're',
  'semi',
  'sub',
  'trans',
  'tri',
  'un',
]);

/**
 * A bound prefix written apart from the word after it by spaces (as typed, any case). Not a hyphen:
 * O*NET's titles write hyphenated prefixes ("Pre-Press Proofer", "Non-Ferrous Material Handler") and the
 * index reads them split, so a title written the same way already meets them word for word; joined, it
 * lost those titles on the cross-validation.
 */
const PREFIX_APART =
  /\b(anti|bi|co|de|dis|inter|mis|multi|non|pre|re|semi|sub|trans|tri|un) +([A-Za-z]{3,})\b/gi;

export class BoundPrefixes {
  /** "prefix stem" -> how many O*NET titles hold both words (written apart). */
  private readonly apart = new Map<string, number>();

  /** @param titleCount how many O*NET titles use a title word (0 for a word none uses) */
  constructor(
    part: OnetPart,
    private readonly titleCount: (word: string) => number,
  ) {
    const { vocab, titles } = part;
    for (let t = 0; t + 1 < titles.start.length; t++) {
      const words: string[] = [];
      for (let i = titles.start[t] as number; i < (titles.start[t + 1] as number); i++)
        words.push(vocab[titles.words[i] as number] as string);
      // Titles are word sets: a prefix and any other word of the same title count as written apart.
      for (const prefix of words) {
        if (!BOUND_PREFIXES.has(prefix)) continue;
        for (const stem of words) {
          if (stem === prefix) continue;
          const key = `${prefix} ${stem}`;
          this.apart.set(key, (this.apart.get(key) ?? 0) + 1);
        }
      }
    }
  }

  /** `title` with each bound prefix written apart joined to its stem where O*NET writes them closed. */
  joined(title: string): string {
    // Most titles hold no prefix: one test of the regular expression.
    PREFIX_APART.lastIndex = 0;
    if (!PREFIX_APART.test(title)) return title;
    return title.replace(PREFIX_APART, (written, prefix: string, stem: string) => {
      const closed = titleWords(prefix + stem);
      const stemWords = titleWords(stem);
      if (closed.length !== 1 || stemWords.length !== 1) return written;
      const closedCount = this.titleCount(closed[0] as string);
      // A prefix the normaliser reads as a short form ("co") is in no title as the prefix.
      const asPrefix = titleWords(prefix);
      const apartCount =
        asPrefix.length === 1 && asPrefix[0] === prefix.toLowerCase()
          ? (this.apart.get(`${asPrefix[0]} ${stemWords[0] as string}`) ?? 0)
          : 0;
      return closedCount > apartCount ? prefix + stem : written;
    });
  }
}
