import type { OnetPart } from '../data/onet/part';
import { stem } from './normalize';

/**
 * Which title words each occupation "knows": words used in any of its titles, or (stemmed) in its
 * task statements and description. The matcher uses it to spot a match that explains only part of a
 * title: "Product Owner" equals an incumbent's one-word title "Owner" filed under Urologists, but
 * nothing about urologists mentions a product, so the word "product" is left unexplained, while an
 * occupation whose titles or tasks do speak of products explains both words.
 *
 * Stored as postings (occupations per title-word id) so that a query costs one pass over the
 * postings of its few words, like the title index itself.
 */
export class OccupationVocabulary {
  private readonly postStart: Int32Array;
  private readonly postOcc: Int32Array;
  /** Per-query scratch: bit i set when the occupation knows query word i. */
  private readonly mask: Uint8Array;

  constructor(part: OnetPart) {
    const { titles, tasks, vocab } = part;
    const occCount = tasks.length.length;
    // Title words by the prose stem they share ("manager" -> "manag", which tasks write as "manage").
    const wordsByStem = new Map<string, number[]>();
    for (let w = 0; w < vocab.length; w++) {
      const s = stem(vocab[w] as string);
      const list = wordsByStem.get(s);
      if (list === undefined) wordsByStem.set(s, [w]);
      else list.push(w);
    }
    const lists: number[][] = vocab.map(() => []);
    const add = (w: number, o: number): void => {
      const list = lists[w] as number[];
      if (list[list.length - 1] !== o) list.push(o);
    };
    // Titles are stored grouped by no particular order: collect per occupation, then add in occupation order.
    const titleWordsByOcc: number[][] = Array.from({ length: occCount }, () => []);
    for (let t = 0; t < titles.occ.length; t++)
      for (let k = titles.start[t] as number; k < (titles.start[t + 1] as number); k++)
        (titleWordsByOcc[titles.occ[t] as number] as number[]).push(titles.words[k] as number);
    for (let o = 0; o < occCount; o++) {
      const known = new Set<number>(titleWordsByOcc[o]);
      for (let k = tasks.start[o] as number; k < (tasks.start[o + 1] as number); k++)
        for (const w of wordsByStem.get(vocab[tasks.terms[k] as number] as string) ?? []) known.add(w);
      for (const w of [...known].sort((a, b) => a - b)) add(w, o);
    }
    this.postStart = new Int32Array(vocab.length + 1);
    for (let w = 0; w < vocab.length; w++)
      this.postStart[w + 1] = (this.postStart[w] as number) + (lists[w] as number[]).length;
    this.postOcc = new Int32Array(this.postStart[vocab.length] as number);
    lists.forEach((list, w) => this.postOcc.set(list, this.postStart[w] as number));
    this.mask = new Uint8Array(occCount);
  }

  /**
   * For the query's word positions `positions` (each the vocabulary ids that fill it: the word and
   * its head-noun synonyms; none for a word the vocabulary lacks, which no occupation knows and which
   * therefore tells them apart in nothing) with weights `weights`, calls `visit` with the share of
   * the query's weight (squared, as in the cosine) that each occupation in `occs` leaves unexplained.
   * Only the first 8 positions count: job titles are short.
   */
  unexplainedShare(
    positions: readonly (readonly number[])[],
    weights: readonly number[],
    occs: readonly number[],
    visit: (occ: number, share: number) => void,
  ): void {
    const n = Math.min(positions.length, 8);
    let total = 0;
    for (let i = 0; i < n; i++) if ((positions[i] as readonly number[]).length > 0) total += (weights[i] as number) ** 2;
    if (total === 0) return;
    const { mask, postStart, postOcc } = this;
    const markAll = (value: (o: number, i: number) => number): void => {
      for (let i = 0; i < n; i++)
        for (const w of positions[i] as readonly number[])
          for (let k = postStart[w] as number, end = postStart[w + 1] as number; k < end; k++) {
            const o = postOcc[k] as number;
            mask[o] = value(o, i);
          }
    };
    markAll((o, i) => (mask[o] as number) | (1 << i));
    for (const o of occs) {
      let missing = 0;
      const m = mask[o] as number;
      for (let i = 0; i < n; i++)
        if ((positions[i] as readonly number[]).length > 0 && (m & (1 << i)) === 0)
          missing += (weights[i] as number) ** 2;
      visit(o, missing / total);
    }
    markAll(() => 0);
  }
}
