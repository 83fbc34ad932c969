import { TitleKind, type OnetPart } from '../data/onet/part';

/**
 * Inverted index over every O*NET title string (occupation titles, reported titles, alternate and
 * short titles), scored by IDF-weighted cosine between word sets.
 *
 * Why cosine over whole title strings rather than BM25 over one document per occupation: a job title
 * is a short phrase, and the question is "which known title is this?". Cosine is 1 exactly when the
 * word sets are equal (so an exact title, in any word order, wins outright), and it penalises both
 * missing words and extra words, so "Nurse" does not equal "Registered Nurse" and vice versa.
 */
export class TitleIndex {
  readonly wordIds: ReadonlyMap<string, number>;
  /** How many titles use each word id (document frequency); 0 for a word only tasks use. */
  readonly titleCount: Int32Array;
  /** Inverse title frequency per word id: ln(1 + titles / titles containing the word). */
  readonly idf: Float64Array;
  /** Weight of a query word the titles never use: that of a word seen in UNKNOWN_WORD_DF titles. */
  readonly unknownIdf: number;
  readonly titleOcc: Int32Array;
  readonly titleKind: Uint8Array;
  readonly titleSources: Uint8Array;
  /** Euclidean norm of each title's IDF vector. */
  readonly titleNorm: Float64Array;
  /** Postings: titles containing word w are postTitle[postStart[w] .. postStart[w+1]). */
  private readonly postStart: Int32Array;
  private readonly postTitle: Int32Array;
  /** Per-query scratch, reused so that a match allocates almost nothing. */
  private readonly dot: Float64Array;
  private readonly touched: Int32Array;
  private readonly hasHead: Uint8Array;

  constructor(part: OnetPart) {
    const { titles, vocab } = part;
    const n = titles.occ.length;
    this.wordIds = new Map(vocab.map((w, i) => [w, i]));
    const df = new Int32Array(vocab.length);
    for (const w of titles.words) df[w] = (df[w] as number) + 1;
    this.titleCount = df;
    this.idf = new Float64Array(vocab.length);
    for (let w = 0; w < vocab.length; w++)
      this.idf[w] = df[w] === 0 ? 0 : Math.log(1 + n / (df[w] as number));
    this.unknownIdf = Math.log(1 + n / UNKNOWN_WORD_DF);

    this.postStart = new Int32Array(vocab.length + 1);
    for (let w = 0; w < vocab.length; w++)
      this.postStart[w + 1] = (this.postStart[w] as number) + (df[w] as number);
    this.postTitle = new Int32Array(titles.words.length);
    const fill = this.postStart.slice(0, vocab.length);
    this.titleNorm = new Float64Array(n);
    for (let t = 0; t < n; t++) {
      let sq = 0;
      for (let k = titles.start[t] as number; k < (titles.start[t + 1] as number); k++) {
        const w = titles.words[k] as number;
        const at = fill[w] as number;
        fill[w] = at + 1;
        this.postTitle[at] = t;
        sq += (this.idf[w] as number) ** 2;
      }
      this.titleNorm[t] = Math.sqrt(sq);
    }
    this.titleOcc = Int32Array.from(titles.occ);
    this.titleKind = Uint8Array.from(titles.kind);
    this.titleSources = Uint8Array.from(titles.sources, (s) => Math.min(s, 255));
    this.dot = new Float64Array(n);
    this.touched = new Int32Array(n);
    this.hasHead = new Uint8Array(n);
  }

  /**
   * Calls `visit(title, cosine)` for every title sharing at least one word with the query.
   * `words` must be distinct; words not in the vocabulary still count in the query's norm.
   * Returns the query's norm: how much the words say (one generic word like "Manager" says little).
   * `head` (one of `words`, or null) is the query's head noun: `visit` is told whether the title holds it.
   */
  forEachMatch(
    words: readonly string[],
    head: string | null,
    visit: (title: number, cosine: number, hasHead: boolean) => void,
  ): number {
    let querySq = 0;
    let touchedCount = 0;
    const { dot, touched, postTitle, postStart, idf, hasHead } = this;
    for (const word of words) {
      const w = this.wordIds.get(word);
      const weight = w === undefined || idf[w] === 0 ? this.unknownIdf : (idf[w] as number);
      querySq += weight * weight;
      if (w === undefined) continue;
      const sq = weight * weight;
      const isHead = word === head ? 1 : 0;
      for (let k = postStart[w] as number, end = postStart[w + 1] as number; k < end; k++) {
        const t = postTitle[k] as number;
        if (dot[t] === 0) touched[touchedCount++] = t;
        dot[t] = (dot[t] as number) + sq;
        hasHead[t] = (hasHead[t] as number) | isHead;
      }
    }
    const queryNorm = Math.sqrt(querySq);
    for (let i = 0; i < touchedCount; i++) {
      const t = touched[i] as number;
      visit(t, (dot[t] as number) / (queryNorm * (this.titleNorm[t] as number)), hasHead[t] === 1);
      dot[t] = 0;
      hasHead[t] = 0;
    }
    return queryNorm;
  }

  /** Some title of occupation `occ` uses the word (a walk over the word's postings). */
  occupationUses(occ: number, word: string): boolean {
    const w = this.wordIds.get(word);
    if (w === undefined) return false;
    for (let k = this.postStart[w] as number, end = this.postStart[w + 1] as number; k < end; k++)
      if (this.titleOcc[this.postTitle[k] as number] === occ) return true;
    return false;
  }

  isPrimary(title: number): boolean {
    return this.titleKind[title] === TitleKind.Primary;
  }
}

/**
 * An unknown query word weighs like a word found in 5 titles: rare enough that a title built from
 * known words only cannot look like an exact match, but not so heavy that one stray company word
 * ("Acme Payroll Specialist") sinks an otherwise good match.
 */
const UNKNOWN_WORD_DF = 5;
