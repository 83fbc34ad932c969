import type { OnetPart } from '../data/onet/part';
import type { TitleIndex } from './title-index';
import { extractTitleLevel, type LevelSignal } from './title-level';
import { withoutExclusion } from './title-shape';
import { WordRepair } from './word-repair';

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
    const { titleCount } = titleIndex;
    this.wordRepair = new WordRepair(part.vocab, titleCount, (w) => {
      const id = titleIndex.wordIds.get(w);
      return id !== undefined && (titleCount[id] as number) > 0;
    });
  }

  /** The matching words and the level of a title. */
  read(title: string): { words: string[]; level: LevelSignal | null } {
    const { content, level } = extractTitleLevel(title);
    return { words: this.repaired(this.splitCompounds(withoutExclusion(content))), level };
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

  /** The words with each word no title uses read as the title word it stands for, if any. */
  private repaired(words: string[]): string[] {
    let fixed: string[] | null = null;
    for (let i = 0; i < words.length; i++) {
      const repair = this.wordRepair.repair(words[i] as string);
      if (repair === null) continue;
      fixed ??= [...words];
      fixed[i] = repair;
    }
    // Two words may now be the same word ("Electrcian Electrician"): keep the words distinct.
    return fixed === null ? words : [...new Set(fixed)];
  }
}
