import type { OnetPart } from '../data/onet/part';
import { stem } from '../text/normalize';

/**
 * Which title words each occupation "knows": words used in any of its titles, or (stemmed) in its
 * task statements and description. The matcher uses it to spot a match that explains only part of a
 * title: "Product Owner" equals an incumbent's one-word title "Owner" filed under Urologists, but
 * nothing about urologists mentions a product, so the word "product" is left unexplained, while an
 * occupation whose titles or tasks do speak of products explains both words.
 *
 * Stored as one bit per (word, occupation): 16,000 words x 1,016 occupations is 2 MB, and a query
 * asks a few words about the occupations its title reached, each answer one array read.
 */
export class OccupationVocabulary {
  /** Bit o of row w (WORDS_PER_ROW 32-bit words per vocabulary word) is set when occupation o knows word w. */
  private readonly bits: Uint32Array;
  private readonly rowLength: number;

  constructor(part: OnetPart) {
    const { titles, tasks, vocab } = part;
    const occCount = tasks.length.length;
    this.rowLength = (occCount + 31) >>> 5;
    this.bits = new Uint32Array(vocab.length * this.rowLength);
    const set = (w: number, o: number): void => {
      const i = w * this.rowLength + (o >>> 5);
      this.bits[i] = (this.bits[i] as number) | (1 << (o & 31));
    };
    for (let t = 0; t < titles.occ.length; t++)
      for (let k = titles.start[t] as number; k < (titles.start[t + 1] as number); k++)
        set(titles.words[k] as number, titles.occ[t] as number);
    // Title words by the prose stem they share ("manager" -> "manag", which tasks write as "manage").
    const wordsByStem = new Map<string, number[]>();
    for (let w = 0; w < vocab.length; w++) {
      const s = stem(vocab[w] as string);
      const list = wordsByStem.get(s);
      if (list === undefined) wordsByStem.set(s, [w]);
      else list.push(w);
    }
    for (let o = 0; o < occCount; o++)
      for (let k = tasks.start[o] as number; k < (tasks.start[o + 1] as number); k++)
        for (const w of wordsByStem.get(vocab[tasks.terms[k] as number] as string) ?? []) set(w, o);
  }

  knows(occ: number, word: number): boolean {
    return (((this.bits[word * this.rowLength + (occ >>> 5)] as number) >>> (occ & 31)) & 1) === 1;
  }

  /**
   * For the query's word positions `positions` (each the vocabulary ids that fill it: the word and
   * its head-noun synonyms; none for a word the vocabulary lacks, which no occupation knows and which
   * therefore tells them apart in nothing) with weights `weights`, calls `visit` with the share of
   * the query's weight (squared, as in the cosine) that each occupation in `occs[0 .. count)` leaves
   * unexplained.
   */
  unexplainedShare(
    positions: readonly (readonly number[])[],
    weights: readonly number[],
    occs: Int32Array,
    count: number,
    visit: (occ: number, share: number) => void,
  ): void {
    let total = 0;
    for (let i = 0; i < positions.length; i++)
      if ((positions[i] as readonly number[]).length > 0) total += (weights[i] as number) ** 2;
    if (total === 0) return;
    for (let k = 0; k < count; k++) {
      const o = occs[k] as number;
      let missing = 0;
      for (let i = 0; i < positions.length; i++) {
        const ids = positions[i] as readonly number[];
        if (ids.length === 0) continue;
        let known = false;
        for (const w of ids) if (this.knows(o, w)) known = true;
        if (!known) missing += (weights[i] as number) ** 2;
      }
      if (missing > 0) visit(o, missing / total);
    }
  }
}
