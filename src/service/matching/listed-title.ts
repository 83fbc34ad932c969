import type { OnetPart } from '../data/onet/part';

/**
 * Whether O*NET lists a title, word for word, under an occupation (docs/methodology.md §2a, "Eleventh
 * round: fixes3").
 *
 * A near-exact score (ranking.ts listsTitle: the score a Confident rating needs) is not the same as a
 * listing: the direct match's cosine weighs each word by how rare it is, so a title that adds only a
 * common word to the query still scores near 1. O*NET lists "Shipfitter Supervisor" under the
 * production workers' supervisors and "Shipfitter" under the layout workers; asked for a bare
 * "Shipfitter", the supervisors' title scores within a few thousandths of the workers' own, and the
 * larger occupation's prior put it first. A rule that keeps an answer because O*NET "lists the title"
 * there (rank-answer.ts: a supervisor or manager for a title that names no rank) asks this instead:
 * the occupation holds a title whose words are the query's words, no more and no fewer ("Fire Marshal"
 * under the firefighters' supervisors).
 */
export class ListedTitles {
  /** Each title's word set (its words sorted and joined) -> the occupations that list it. */
  private readonly byWords = new Map<string, number[]>();

  constructor(part: Pick<OnetPart, 'vocab' | 'titles'>) {
    const { occ, start, words } = part.titles;
    for (let t = 0; t < occ.length; t++) {
      const own: string[] = [];
      for (let i = start[t] as number; i < (start[t + 1] as number); i++)
        own.push(part.vocab[words[i] as number] as string);
      const key = wordSetKey(own);
      const list = this.byWords.get(key);
      const o = occ[t] as number;
      if (list === undefined) this.byWords.set(key, [o]);
      else if (!list.includes(o)) list.push(o);
    }
  }

  /** O*NET lists a title with exactly these words (in any order) under occupation `o`. */
  lists(o: number, words: readonly string[]): boolean {
    return this.byWords.get(wordSetKey(words))?.includes(o) === true;
  }
}

const wordSetKey = (words: readonly string[]): string => [...new Set(words)].sort().join(' ');
