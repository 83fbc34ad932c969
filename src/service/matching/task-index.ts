import type { OnetPart } from '../data/onet/part';

/**
 * BM25 over one document per occupation (its task statements plus its description), used only to
 * weigh JobDesc evidence between occupations the title already made candidates.
 */
export class TaskIndex {
  private readonly postStart: Int32Array;
  private readonly postOcc: Int32Array;
  private readonly postCount: Float64Array;
  private readonly idf: Float64Array;
  private readonly lengthNorm: Float64Array;

  constructor(
    part: OnetPart,
    private readonly wordIds: ReadonlyMap<string, number>,
  ) {
    const { tasks, vocab } = part;
    const occCount = tasks.length.length;
    const df = new Int32Array(vocab.length);
    for (const term of tasks.terms) df[term] = (df[term] as number) + 1;
    this.idf = new Float64Array(vocab.length);
    for (let w = 0; w < vocab.length; w++) {
      const d = df[w] as number;
      this.idf[w] = d === 0 ? 0 : Math.log(1 + (occCount - d + 0.5) / (d + 0.5));
    }
    this.postStart = new Int32Array(vocab.length + 1);
    for (let w = 0; w < vocab.length; w++)
      this.postStart[w + 1] = (this.postStart[w] as number) + (df[w] as number);
    this.postOcc = new Int32Array(tasks.terms.length);
    this.postCount = new Float64Array(tasks.terms.length);
    const fill = this.postStart.slice(0, vocab.length);
    for (let o = 0; o < occCount; o++) {
      for (let k = tasks.start[o] as number; k < (tasks.start[o + 1] as number); k++) {
        const term = tasks.terms[k] as number;
        const at = fill[term] as number;
        fill[term] = at + 1;
        this.postOcc[at] = o;
        this.postCount[at] = tasks.counts[k] as number;
      }
    }
    const avg = tasks.length.reduce((a, b) => a + b, 0) / Math.max(1, occCount);
    this.lengthNorm = Float64Array.from(tasks.length, (len) => K1 * (1 - B + (B * len) / avg));
  }

  /**
   * Adds each candidate occupation's BM25 score for `words` into `scores` (indexed by occupation);
   * `isCandidate` (1 for a candidate) limits the work to the occupations the title words reached.
   */
  score(words: readonly string[], isCandidate: Uint8Array, scores: Float64Array): void {
    for (const word of words) {
      const w = this.wordIds.get(word);
      if (w === undefined) continue;
      const idf = this.idf[w] as number;
      if (idf === 0) continue;
      for (let k = this.postStart[w] as number, end = this.postStart[w + 1] as number; k < end; k++) {
        const o = this.postOcc[k] as number;
        if (isCandidate[o] === 0) continue;
        const tf = this.postCount[k] as number;
        scores[o] = (scores[o] as number) + (idf * tf * (K1 + 1)) / (tf + (this.lengthNorm[o] as number));
      }
    }
  }
}

const K1 = 1.2;
const B = 0.75;
