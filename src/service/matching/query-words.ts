import type { OnetPart } from '../data/onet/part';
import { titleWords } from '../text/normalize';
import type { TitleIndex } from './title-index';
import { extractTitleLevel, type LevelSignal } from './title-level';
import { withoutExclusion } from './title-shape';
import { WordRepair } from './word-repair';

/** A short prefix joined by a hyphen to the word after it ("Co-ordinator"); see joinedPrefixes. */
const HYPHENATED_PREFIX = /\b([A-Za-z]{1,5})-([A-Za-z]{3,})\b/g;

/**
 * A written title as the words it is matched on (docs/methodology.md §2a): its seniority words set
 * apart (title-level.ts), a closed compound O*NET writes open split in two, and a word no title uses
 * read as the title word it is a typo, derived form or short form of (word-repair.ts).
 */
export class QueryWords {
  private readonly wordRepair: WordRepair;

  constructor(
    part: OnetPart,
    private readonly titleIndex: TitleIndex,
  ) {
    // The terms of O*NET's task statements and descriptions (stemmed): a word of its own is not repaired.
    const proseTerms = new Uint8Array(part.vocab.length);
    for (const term of part.tasks.terms) proseTerms[term] = 1;
    this.wordRepair = new WordRepair(
      part.vocab,
      titleIndex.titleCount,
      (w) => this.isTitleWord(w),
      (term) => {
        const id = titleIndex.wordIds.get(term);
        return id !== undefined && proseTerms[id] === 1;
      },
    );
  }

  /** The matching words and the level of a title. */
  read(title: string): { words: string[]; level: LevelSignal | null } {
    const { content, level } = extractTitleLevel(title);
    const words = withoutExclusion(content);
    // Most titles use title words only: nothing to join, split or repair, only repeats to drop.
    if (words.every((w) => this.isTitleWord(w))) return { words: [...new Set(words)], level };
    return {
      words: this.repaired(this.splitCompounds(this.joinedCompounds(words)), acronyms(title)),
      level,
    };
  }

  /**
   * Two adjacent words, one of which no O*NET title uses, read as the closed compound O*NET writes
   * ("Free lance Editor" -> freelance, "Bio chemical Engineer" -> biochemical): the word alone says
   * nothing, and word repair would read it as another word. Only where the closed form is a title word
   * and each part has at least 3 letters. Two title words stay apart: "Dish washer" may mean either
   * (docs/methodology.md §2a, the third round).
   */
  joinedCompounds(words: readonly string[]): readonly string[] {
    let out: string[] | null = null;
    let previousKnown = words.length > 0 && this.isTitleWord(words[0] as string);
    for (let i = 1; i < words.length; i++) {
      const known = this.isTitleWord(words[i] as string);
      const a = words[i - 1] as string;
      const b = words[i] as string;
      if ((!previousKnown || !known) && a.length >= 3 && b.length >= 3 && this.isTitleWord(a + b)) {
        out ??= [...words];
        out.splice(out.length - (words.length - i) - 1, 2, a + b);
        // The joined word is known; the next pair starts after it.
        previousKnown = true;
        i++;
        if (i < words.length) previousKnown = this.isTitleWord(words[i] as string);
        continue;
      }
      previousKnown = known;
    }
    return out ?? words;
  }

  /**
   * Distinct content words, with a closed compound that O*NET never writes closed split into the
   * two words it does use ("Stockbroker" -> stock broker, "Dishmachine" -> dish machine). Of the
   * possible splits, the most even one whose halves are both known (at least 3 letters each).
   */
  splitCompounds(content: readonly string[]): string[] {
    const { wordIds } = this.titleIndex;
    const out: string[] = [];
    for (const w of content) {
      // A one-edit typo of a title word is that word, not two ("Managment" is no "manag" + "ment").
      if (wordIds.has(w) || w.length < 6 || !/^[a-z]+$/.test(w) || this.wordRepair.typoOf(w) !== null) {
        out.push(w);
        continue;
      }
      let split: [string, string] | null = null;
      for (let i = 3; i <= w.length - 3; i++) {
        const a = w.slice(0, i);
        const b = w.slice(i);
        if (!wordIds.has(a) || !wordIds.has(b)) continue;
        if (split === null || Math.min(i, w.length - i) > Math.min(split[0].length, split[1].length))
          split = [a, b];
      }
      if (split === null) out.push(w);
      else out.push(...split);
    }
    return [...new Set(out)];
  }

  /**
   * A prefix written with a hyphen is one word with its stem where O*NET writes the two closed
   * ("Co-ordinator", "Co-operative", "Pre-school" in British and Canadian titles: coordinator,
   * cooperative, preschool). Without, the hyphen splits them and the prefix is read on its own ("co" is
   * a correctional officer's short form). Only a prefix of up to five letters, only where the closed
   * form is a word O*NET's titles use, and only where the split reads wrong: the stem is no title word
   * ("ordinator"), or the prefix is read as another word ("co"). "X-Ray", "In-Flight" and "Nurse-Midwife"
   * stay as O*NET's own titles write them, which the index reads split.
   */
  joinedPrefixes(title: string): string {
    if (!title.includes('-')) return title;
    return title.replace(HYPHENATED_PREFIX, (written, prefix: string, stem: string) => {
      const joined = titleWords(prefix + stem);
      if (joined.length !== 1 || !this.isTitleWord(joined[0] as string)) return written;
      // Split, the stem is no title word, or the prefix is read as another word (a short form).
      const read = titleWords(prefix);
      const misread = read.length > 0 && (read.length > 1 || read[0] !== prefix.toLowerCase());
      return misread || !this.isOneTitleWord(stem) ? prefix + stem : written;
    });
  }

  /** `written` reads as one word that O*NET's titles use ("co" does not: it expands to two). */
  private isOneTitleWord(written: string): boolean {
    const words = titleWords(written);
    return words.length === 1 && this.isTitleWord(words[0] as string);
  }

  private isTitleWord(w: string): boolean {
    const id = this.titleIndex.wordIds.get(w);
    return id !== undefined && (this.titleIndex.titleCount[id] as number) > 0;
  }

  /**
   * The words with each word no title uses read as the title word it stands for, if any; an acronym
   * no title uses is dropped instead (see acronyms below).
   */
  private repaired(words: string[], acronyms: ReadonlySet<string> | null): string[] {
    let fixed: (string | null)[] | null = null;
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      let read: string | null;
      if (acronyms?.has(word) === true) {
        if (this.isTitleWord(word)) continue;
        read = null;
      } else {
        read = this.wordRepair.repair(word);
        if (read === null) continue;
      }
      fixed ??= [...words];
      fixed[i] = read;
    }
    // Two words may now be the same word ("Electrcian Electrician"): keep the words distinct.
    return fixed === null ? words : [...new Set(fixed.filter((w): w is string => w !== null))];
  }
}

/**
 * The words of 3 to 6 letters a title written in mixed case spells in capitals ("Director of JROTC",
 * "Professional Landscape Architect (PLA)"): acronyms. One that no O*NET title uses (and the
 * abbreviations table does not expand) names a credential, a program or a unit whose letters say
 * nothing of the job, and word repair misread it as the short form of a word ("rotc" as robotic, "pla"
 * as another), so it is dropped. Null for a title without lower-case letters, where capitals say
 * nothing ("SR ACCT MGR" is an HR system's short form).
 */
function acronyms(title: string): ReadonlySet<string> | null {
  if (!/[a-z]/.test(title) || !/[A-Z]{3}/.test(title)) return null;
  const found = title.match(/\b[A-Z]{3,6}\b/g);
  return found === null ? null : new Set(found.map((w) => w.toLowerCase()));
}
