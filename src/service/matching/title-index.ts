import { TitleKind, type OnetPart } from '../data/onet/part';

/**
 * Inverted index over every O*NET title string (occupation titles, reported titles, alternate and
 * short titles), scored by IDF-weighted cosine between word sets.
 *
 * Why cosine over whole title strings rather than BM25 over one document per occupation: a job title
 * is a short phrase, and the question is "which known title is this?". Cosine is 1 exactly when the
 * word sets are equal (so an exact title, in any word order, wins outright), and it penalises both
 * missing words and extra words, so "Nurse" does not equal "Registered Nurse" and vice versa.
 *
 * A query takes two steps, so that it reads few of the 59,000 titles:
 * 1. reach() walks, per query word, the occupations whose titles use it (one entry per occupation,
 *    not per title) and bounds what each can score. The caller drops the occupations whose bound
 *    cannot reach a match ("Operator" alone is in 5,800 titles of 300 occupations).
 * 2. scoreTitles() reads the titles of the occupations kept, skipping for each the bulk of its titles
 *    that share only its most common query word and so cannot beat the best of them.
 *
 * Titles are numbered here by occupation (each occupation's titles side by side, in build order), so
 * the titles read for one occupation sit together in memory.
 */
export class TitleIndex {
  readonly wordIds: ReadonlyMap<string, number>;
  /** How many titles use each word id (document frequency); 0 for a word only tasks use. */
  readonly titleCount: Int32Array;
  /** Inverse title frequency per word id: ln(1 + titles / titles containing the word). */
  readonly idf: Float64Array;
  /** Weight of a query word the titles never use: that of a word seen in UNKNOWN_WORD_DF titles. */
  readonly unknownIdf: number;
  /** Norm of each occupation's own (primary) title. */
  readonly primaryNorm: Float64Array;
  /**
   * The first-line supervisor groups, whose own titles all begin "First-Line Supervisors of …" (see
   * score()): per occupation whether it is one, the mean norm of their own titles, and per word id
   * whether every one of those own titles holds it ("first", "line", "supervisor").
   */
  private readonly supervisorGroup: Uint8Array;
  private readonly supervisorNorm: number;
  private readonly supervisorWord: Uint8Array;
  /** What bounds an occupation's own-title cosine: its own title's norm, or the groups' mean if smaller. */
  private readonly ownBoundNorm: Float64Array;

  // Per title, in this index's numbering: occupation, own title or not, IDF norm, the caller's weight,
  // and its word ids (sorted) words[start[t] .. start[t+1]).
  private readonly occOf: Int32Array;
  private readonly primary: Uint8Array;
  private readonly norm: Float64Array;
  private readonly weight: Float64Array;
  private readonly start: Int32Array;
  private readonly words: Int32Array;
  /** Each occupation's own title. */
  private readonly primaryTitle: Int32Array;

  /**
   * Postings, grouped by occupation. The titles of word w are those of its groups
   * groupStart[w] .. groupStart[w+1]; group g holds the titles postTitle[groupPost[g] .. groupPost[g+1])
   * of occupation groupOcc[g]. Groups are ordered by their occupation's first title in the build's
   * order, so walking them meets occupations in the order a walk over the build's titles would (that
   * order settles exact ties, and keeping it keeps every answer as it was).
   */
  private readonly groupStart: Int32Array;
  private readonly groupOcc: Int32Array;
  private readonly groupPost: Int32Array;
  private readonly postTitle: Int32Array;
  /** Per group: the largest weight / norm among its titles, the title with it, and whether it holds the own title. */
  private readonly groupScale: Float64Array;
  private readonly groupBestTitle: Int32Array;
  private readonly groupHasPrimary: Uint8Array;

  /**
   * Position of each occupation in the Reach being built (-1: not reached); by position, the largest
   * scale and the size of the largest group met so far.
   */
  private readonly reachAt: Int32Array;
  private readonly reachScale: Float64Array;
  private readonly largestSize: Int32Array;

  /** scoreTitles scratch, reused so that a match allocates almost nothing. */
  private readonly mask: Int32Array;
  private readonly dot: Float64Array;
  private readonly touched: Int32Array;

  /**
   * `titleWeight[t]` is the factor the caller scores title t (the build's numbering) by, its kind: it
   * bounds occupation scores and picks the best of titles that share the same query word.
   */
  constructor(part: OnetPart, titleWeight: Float64Array) {
    const { titles, vocab } = part;
    const n = titles.occ.length;
    const occCount = part.occupations.codes.length;
    this.wordIds = new Map(vocab.map((w, i) => [w, i]));
    const df = new Int32Array(vocab.length);
    for (const w of titles.words) df[w] = (df[w] as number) + 1;
    this.titleCount = df;
    this.idf = new Float64Array(vocab.length);
    for (let w = 0; w < vocab.length; w++)
      this.idf[w] = df[w] === 0 ? 0 : Math.log(1 + n / (df[w] as number));
    this.unknownIdf = Math.log(1 + n / UNKNOWN_WORD_DF);

    // Renumber the titles by occupation (stable: build order within an occupation).
    const order = Array.from({ length: n }, (_, t) => t).sort(
      (a, b) => (titles.occ[a] as number) - (titles.occ[b] as number) || a - b,
    );
    const newId = new Int32Array(n);
    order.forEach((t, i) => (newId[t] = i));
    this.occOf = Int32Array.from(order, (t) => titles.occ[t] as number);
    this.primary = Uint8Array.from(order, (t) => (titles.kind[t] === TitleKind.Primary ? 1 : 0));
    this.weight = Float64Array.from(order, (t) => titleWeight[t] as number);
    this.start = new Int32Array(n + 1);
    this.words = new Int32Array(titles.words.length);
    this.norm = new Float64Array(n);
    this.primaryNorm = new Float64Array(occCount);
    this.primaryTitle = new Int32Array(occCount);
    let at = 0;
    order.forEach((t, i) => {
      this.start[i] = at;
      let sq = 0;
      for (let k = titles.start[t] as number; k < (titles.start[t + 1] as number); k++) {
        const w = titles.words[k] as number;
        this.words[at++] = w;
        sq += (this.idf[w] as number) ** 2;
      }
      this.norm[i] = Math.sqrt(sq);
      if (this.primary[i] === 1) {
        this.primaryNorm[this.occOf[i] as number] = this.norm[i];
        this.primaryTitle[this.occOf[i] as number] = i;
      }
    });
    this.start[n] = at;
    this.supervisorGroup = Uint8Array.from(part.occupations.titles, (t) =>
      SUPERVISOR_GROUP.test(t) ? 1 : 0,
    );
    const supervisors = [...this.supervisorGroup.keys()].filter((o) => this.supervisorGroup[o] === 1);
    this.supervisorNorm =
      supervisors.reduce((sum, o) => sum + (this.primaryNorm[o] as number), 0) / supervisors.length;
    this.supervisorWord = new Uint8Array(vocab.length);
    const holding = new Int32Array(vocab.length);
    for (const o of supervisors) {
      const t = this.primaryTitle[o] as number;
      for (const w of new Set(this.words.subarray(this.start[t], this.start[t + 1]))) {
        const held = (holding[w] as number) + 1;
        holding[w] = held;
        if (held === supervisors.length) this.supervisorWord[w] = 1;
      }
    }
    this.ownBoundNorm = Float64Array.from(this.primaryNorm, (norm, o) =>
      this.supervisorGroup[o] === 1 ? Math.min(norm, this.supervisorNorm) : norm,
    );

    // Each word's titles in build order, then regrouped by occupation.
    const postStart = new Int32Array(vocab.length + 1);
    for (let w = 0; w < vocab.length; w++) postStart[w + 1] = (postStart[w] as number) + (df[w] as number);
    const byBuildOrder = new Int32Array(titles.words.length);
    const fill = postStart.slice(0, vocab.length);
    for (let t = 0; t < n; t++)
      for (let k = titles.start[t] as number; k < (titles.start[t + 1] as number); k++) {
        const w = titles.words[k] as number;
        byBuildOrder[fill[w] as number] = newId[t] as number;
        fill[w] = (fill[w] as number) + 1;
      }
    this.postTitle = new Int32Array(titles.words.length);
    this.groupStart = new Int32Array(vocab.length + 1);
    const groupOcc: number[] = [];
    const groupPost: number[] = [];
    const groupOfOcc = new Int32Array(occCount);
    const lastWord = new Int32Array(occCount).fill(-1);
    for (let w = 0; w < vocab.length; w++) {
      const first = groupOcc.length;
      this.groupStart[w] = first;
      const counts: number[] = [];
      for (let k = postStart[w] as number; k < (postStart[w + 1] as number); k++) {
        const o = this.occOf[byBuildOrder[k] as number] as number;
        if (lastWord[o] !== w) {
          lastWord[o] = w;
          groupOfOcc[o] = groupOcc.length;
          groupOcc.push(o);
          counts.push(0);
        }
        const i = (groupOfOcc[o] as number) - first;
        counts[i] = (counts[i] as number) + 1;
      }
      // The groups one after the other; within a group, titles ascending.
      let next = postStart[w] as number;
      for (const c of counts) {
        groupPost.push(next);
        next += c;
      }
      // Build order within an occupation is this index's order (the renumbering is stable).
      const fillAt = groupPost.slice(first);
      for (let k = postStart[w] as number; k < (postStart[w + 1] as number); k++) {
        const t = byBuildOrder[k] as number;
        const i = (groupOfOcc[this.occOf[t] as number] as number) - first;
        this.postTitle[fillAt[i] as number] = t;
        fillAt[i] = (fillAt[i] as number) + 1;
      }
    }
    this.groupStart[vocab.length] = groupOcc.length;
    groupPost.push(titles.words.length);
    this.groupOcc = Int32Array.from(groupOcc);
    this.groupPost = Int32Array.from(groupPost);

    const groups = groupOcc.length;
    this.groupScale = new Float64Array(groups);
    this.groupBestTitle = new Int32Array(groups);
    this.groupHasPrimary = new Uint8Array(groups);
    for (let g = 0; g < groups; g++) {
      let bestTitle = -1;
      for (let k = this.groupPost[g] as number; k < (this.groupPost[g + 1] as number); k++) {
        const t = this.postTitle[k] as number;
        const scale = (this.weight[t] as number) / (this.norm[t] as number);
        if (bestTitle === -1 || scale > (this.groupScale[g] as number)) {
          this.groupScale[g] = scale;
          bestTitle = t;
        }
        if (this.primary[t] === 1) this.groupHasPrimary[g] = 1;
      }
      this.groupBestTitle[g] = bestTitle;
    }

    this.reachAt = new Int32Array(occCount).fill(-1);
    this.reachScale = new Float64Array(occCount);
    this.largestSize = new Int32Array(occCount);
    this.mask = new Int32Array(n);
    this.dot = new Float64Array(n);
    this.touched = new Int32Array(n);
  }

  /** The vocabulary id of a query word (-1: no title or task uses it) and its weight in the cosine. */
  private queryWord(word: string): { id: number; sq: number } {
    const id = this.wordIds.get(word);
    const idf = id === undefined ? 0 : (this.idf[id] as number);
    const weight = idf === 0 ? this.unknownIdf : idf;
    return { id: id ?? -1, sq: weight * weight };
  }

  /**
   * First step of a query: the occupations whose titles share a word with `words` (distinct), in the
   * order a walk over the titles meets them, each with bounds on its match found without reading a
   * title. Writes into `into` (reused across queries, so that a match allocates almost nothing).
   */
  reach(words: readonly string[], into: Reach): Reach {
    into.reset(words);
    let querySq = 0;
    for (let i = 0; i < words.length; i++) {
      const { id, sq } = this.queryWord(words[i] as string);
      into.ids[i] = id;
      into.sqs[i] = sq;
      querySq += sq;
    }
    const queryNorm = Math.sqrt(querySq);
    into.queryNorm = queryNorm;
    const { groupStart, groupOcc, groupPost, groupScale, groupHasPrimary, reachAt } = this;
    const { occupations, bestBound, ownCosine, firstEntry, largest } = into;
    const { reachScale, largestSize } = this;
    let count = 0;
    for (let i = 0; i < words.length; i++) {
      const w = into.ids[i] as number;
      if (w < 0) continue;
      const sq = into.sqs[i] as number;
      for (let g = groupStart[w] as number, end = groupStart[w + 1] as number; g < end; g++) {
        const o = groupOcc[g] as number;
        let at = reachAt[o] as number;
        if (at === -1) {
          at = count++;
          reachAt[o] = at;
          occupations[at] = o;
          bestBound[at] = 0; // the dot product for now, scaled below
          ownCosine[at] = 0; // the own title's dot product for now
          firstEntry[at] = -1;
          largest[at] = -1;
        }
        bestBound[at] = (bestBound[at] as number) + sq;
        if (firstEntry[at] === -1 || (groupScale[g] as number) > (reachScale[at] as number))
          reachScale[at] = groupScale[g] as number;
        if (groupHasPrimary[g] === 1) ownCosine[at] = (ownCosine[at] as number) + sq;
        const e = into.addEntry(g, i, firstEntry[at] as number);
        firstEntry[at] = e;
        const size = (groupPost[g + 1] as number) - (groupPost[g] as number);
        if (largest[at] === -1 || size > (largestSize[at] as number)) {
          largest[at] = e;
          largestSize[at] = size;
        }
      }
    }
    into.count = count;
    for (let at = 0; at < count; at++) {
      const o = occupations[at] as number;
      reachAt[o] = -1;
      bestBound[at] = ((bestBound[at] as number) * (reachScale[at] as number)) / queryNorm;
      ownCosine[at] = (ownCosine[at] as number) / (queryNorm * (this.ownBoundNorm[o] as number));
    }
    return into;
  }

  /** A Reach to fill with reach(), sized for this index. */
  newReach(): Reach {
    return new Reach(this.primaryNorm.length);
  }

  /**
   * Second step: scores the titles of each reached occupation marked in `keep`, raising best[o] to
   * its best title score and ownCos[o] to its own title's cosine × factor. A title scores
   * cosine × factor × its weight × (1 if it holds the head noun `head`, else headless).
   *
   * Only the titles that can hold an occupation's best are read: every title sharing two or more words
   * with the query, all titles of the occupation's groups but its largest, and of that largest group
   * (titles sharing just that one word, alike but for weight / norm) the best title and the own
   * title. Skipping the rest keeps "Punch Press Operator" from reading an occupation's 300 other
   * operator titles. The cosine's dot product is summed in query order, as a pass over every title
   * would sum it, so every score is the same to the last bit.
   */
  scoreTitles(
    query: Reach,
    head: string | null,
    keep: Uint8Array,
    factor: number,
    headless: number,
    best: Float64Array,
    ownCos: Float64Array,
  ): void {
    const headIndex = head === null ? -1 : query.words.indexOf(head);
    let rankSq = 0;
    for (let i = 0; i < query.words.length; i++)
      if (this.supervisorWord[query.ids[i] as number] === 1) rankSq += query.sqs[i] as number;
    const scoring: Scoring = { queryNorm: query.queryNorm, factor, headless, best, ownCos, rankSq };
    if (query.words.length > MASK_BITS) {
      this.scoreAllTitles(query, headIndex, keep, scoring);
      return;
    }
    for (let at = 0; at < query.count; at++)
      if (keep[query.occupations[at] as number] === 1) this.scoreAt(query, at, headIndex, scoring);
  }

  /** Scores the titles of the occupation at position `at` of the query (see scoreTitles). */
  private scoreAt(query: Reach, at: number, headIndex: number, scoring: Scoring): void {
    const { words, sqs, occupations, firstEntry, largest, entryGroup, entryWord, entryNext } = query;
    const { groupPost, postTitle, mask, touched } = this;
    const o = occupations[at] as number;
    const skip = largest[at] as number;
    const g = entryGroup[skip] as number;
    const skipped = entryWord[skip] as number;
    if (entryNext[skip] === -1 && firstEntry[at] === skip) {
      // One query word only: its best title and the own title are all there is to score.
      const dot = 0 + (sqs[skipped] as number);
      this.score(scoring, o, this.groupBestTitle[g] as number, dot, skipped === headIndex);
      if (this.groupHasPrimary[g] === 1)
        this.score(scoring, o, this.primaryTitle[o] as number, dot, skipped === headIndex);
      return;
    }
    // Which query words each title holds (bit i for word i), over the groups walked.
    let touchedCount = 0;
    for (let e = firstEntry[at] as number; e !== -1; e = entryNext[e] as number) {
      if (e === skip) continue;
      const bit = 1 << (entryWord[e] as number);
      const walked = entryGroup[e] as number;
      for (let k = groupPost[walked] as number, kEnd = groupPost[walked + 1] as number; k < kEnd; k++) {
        const t = postTitle[k] as number;
        if (mask[t] === 0) touched[touchedCount++] = t;
        mask[t] = (mask[t] as number) | bit;
      }
    }
    // A title walked may hold the word of the largest group too.
    const skippedBit = 1 << skipped;
    const skippedId = query.ids[skipped] as number;
    for (let j = 0; j < touchedCount; j++) {
      const t = touched[j] as number;
      if (this.titleHas(t, skippedId)) mask[t] = (mask[t] as number) | skippedBit;
    }
    // Of the largest group, the best title and the own title (when not walked, they hold that word only).
    const bestTitle = this.groupBestTitle[g] as number;
    if (mask[bestTitle] === 0) {
      touched[touchedCount++] = bestTitle;
      mask[bestTitle] = skippedBit;
    }
    const own = this.primaryTitle[o] as number;
    if (this.groupHasPrimary[g] === 1 && mask[own] === 0) {
      touched[touchedCount++] = own;
      mask[own] = skippedBit;
    }
    for (let j = 0; j < touchedCount; j++) {
      const t = touched[j] as number;
      const m = mask[t] as number;
      let dot = 0;
      for (let i = 0; i < words.length; i++) if ((m & (1 << i)) !== 0) dot += sqs[i] as number;
      this.score(scoring, o, t, dot, headIndex >= 0 && (m & (1 << headIndex)) !== 0);
      mask[t] = 0;
    }
  }

  /** scoreTitles for a query of more words than a mask holds: every title of the kept occupations. */
  private scoreAllTitles(query: Reach, headIndex: number, keep: Uint8Array, scoring: Scoring): void {
    const { groupOcc, groupPost, postTitle, dot, mask, touched } = this;
    const { entryGroup, entryWord, entryCount } = query;
    let touchedCount = 0;
    // Entries were made word by word, so each title's dot product is summed in query order.
    for (let e = 0; e < entryCount; e++) {
      const g = entryGroup[e] as number;
      if (keep[groupOcc[g] as number] === 0) continue;
      const i = entryWord[e] as number;
      const sq = query.sqs[i] as number;
      for (let k = groupPost[g] as number, kEnd = groupPost[g + 1] as number; k < kEnd; k++) {
        const t = postTitle[k] as number;
        if (dot[t] === 0) touched[touchedCount++] = t;
        dot[t] = (dot[t] as number) + sq;
        if (i === headIndex) mask[t] = 1;
      }
    }
    for (let j = 0; j < touchedCount; j++) {
      const t = touched[j] as number;
      this.score(scoring, this.occOf[t] as number, t, dot[t] as number, mask[t] === 1);
      dot[t] = 0;
      mask[t] = 0;
    }
  }

  /** Scores title t, whose dot product with the query is `dot`, for its occupation o (see scoreTitles). */
  private score(scoring: Scoring, o: number, t: number, dot: number, hasHead: boolean): void {
    const { best, ownCos } = scoring;
    const c = (dot / (scoring.queryNorm * (this.norm[t] as number))) * scoring.factor;
    if (this.primary[t] === 1) {
      // The words every first-line supervisor group's own title holds name the rank, not the workers:
      // a title that shares only them with such an own title gets the same cosine from each group,
      // however many workers each one's title lists (docs/methodology.md §2a, "Eleventh round: supervisors2").
      const own =
        this.supervisorGroup[o] === 1 && dot <= scoring.rankSq
          ? (dot / (scoring.queryNorm * this.supervisorNorm)) * scoring.factor
          : c;
      if (own > (ownCos[o] as number)) ownCos[o] = own;
    }
    const s = c * (this.weight[t] as number) * (hasHead ? 1 : scoring.headless);
    if (s > (best[o] as number)) best[o] = s;
  }

  /** Title t uses word id w (a title has a handful of words, sorted). */
  private titleHas(t: number, w: number): boolean {
    for (let k = this.start[t] as number, end = this.start[t + 1] as number; k < end; k++) {
      const x = this.words[k] as number;
      if (x >= w) return x === w;
    }
    return false;
  }

  /** Some title of occupation `occ` uses the word (a walk over the word's occupation groups). */
  occupationUses(occ: number, word: string): boolean {
    const w = this.wordIds.get(word);
    if (w === undefined) return false;
    for (let g = this.groupStart[w] as number, end = this.groupStart[w + 1] as number; g < end; g++)
      if (this.groupOcc[g] === occ) return true;
    return false;
  }
}

/**
 * The occupations a query's words reach (TitleIndex.reach), in the order a walk over the titles meets
 * them, with bounds found without reading a title: no title of occupations[i] has a cosine × weight
 * above bestBound[i], and ownCosine[i] is the cosine of its own title (i < count). Reused from query to
 * query: its arrays are sized for every occupation.
 */
export class Reach {
  words: readonly string[] = [];
  /** Vocabulary id (-1: none) and squared weight of each query word. */
  ids: Int32Array = new Int32Array(8);
  sqs: Float64Array = new Float64Array(8);
  queryNorm = 0;
  count = 0;
  readonly occupations: Int32Array;
  readonly bestBound: Float64Array;
  readonly ownCosine: Float64Array;
  /**
   * One entry per (occupation, query word): the word's group of the occupation's titles. The
   * occupation at position i has entries firstEntry[i], entryNext[..] ... until -1, and its largest
   * group is entry largest[i]. Entries are numbered word by word.
   */
  readonly firstEntry: Int32Array;
  readonly largest: Int32Array;
  entryGroup: Int32Array = new Int32Array(1024);
  entryWord: Int32Array = new Int32Array(1024);
  entryNext: Int32Array = new Int32Array(1024);
  entryCount = 0;

  constructor(occupationCount: number) {
    this.occupations = new Int32Array(occupationCount);
    this.bestBound = new Float64Array(occupationCount);
    this.ownCosine = new Float64Array(occupationCount);
    this.firstEntry = new Int32Array(occupationCount);
    this.largest = new Int32Array(occupationCount);
  }

  reset(words: readonly string[]): void {
    this.words = words;
    if (this.ids.length < words.length) {
      this.ids = new Int32Array(words.length);
      this.sqs = new Float64Array(words.length);
    }
    this.count = 0;
    this.entryCount = 0;
  }

  /** Whether query word `word` (its index in the query) reaches the occupation at position `at`. */
  holds(at: number, word: number): boolean {
    for (let e = this.firstEntry[at] as number; e !== -1; e = this.entryNext[e] as number)
      if (this.entryWord[e] === word) return true;
    return false;
  }

  addEntry(group: number, word: number, next: number): number {
    if (this.entryCount === this.entryGroup.length) {
      const grow = (a: Int32Array): Int32Array => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.entryGroup = grow(this.entryGroup);
      this.entryWord = grow(this.entryWord);
      this.entryNext = grow(this.entryNext);
    }
    const e = this.entryCount++;
    this.entryGroup[e] = group;
    this.entryWord[e] = word;
    this.entryNext[e] = next;
    return e;
  }
}

/** What scoreTitles scores titles with and writes their scores into. */
interface Scoring {
  readonly queryNorm: number;
  readonly factor: number;
  readonly headless: number;
  readonly best: Float64Array;
  readonly ownCos: Float64Array;
  /** The query's weight on the words every first-line supervisor group's own title holds. */
  readonly rankSq: number;
}

/** A title's query words are kept as bits of one 32-bit integer. */
const MASK_BITS = 31;

/**
 * An unknown query word weighs like a word found in 5 titles: rare enough that a title built from
 * known words only cannot look like an exact match, but not so heavy that one stray company word
 * ("Acme Payroll Specialist") sinks an otherwise good match.
 */
const UNKNOWN_WORD_DF = 5;

/** The own titles of the first-line supervisor groups: one rank over the workers of each group. */
const SUPERVISOR_GROUP = /^first-line supervisors\b/i;
