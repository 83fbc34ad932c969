import type { OnetPart } from '../data/onet/part';
import { socOf } from '../soc-code';
import { proseWords, stem } from '../text/normalize';
import { OccupationVocabulary } from './occupation-vocabulary';
import { occupationPrior } from './priors';
import { MIN_MATCH_SCORE, VAGUE_WORD_IDF } from './rating';
import { headSynonyms } from './synonyms';
import { sortByScore } from './score-order';
import { TaskIndex } from './task-index';
import type { Reach, TitleIndex } from './title-index';
import { MANAGEMENT_WORDS, namesNoField } from './title-shape';

/**
 * Scoring of one occupation for a title (+ description), docs/methodology.md §2a:
 *
 *   score = max over its titles (kindWeight(title) * cosine(query, title) * head(title) * synonym)
 *             * (1 - UNEXPLAINED_PENALTY * share of the query's weight the occupation never uses)
 *         + OCCUPATION_TITLE_BONUS * cosine(query, the occupation's own O*NET title)
 *         + OWN_TITLE_HEAD_BONUS when that own title has the query's head noun (or an equivalent)
 *         + DESC_WEIGHT * (BM25 of JobDesc over its tasks and title words / best BM25 among the candidates)
 *         + prior(occupation)
 *
 * head(title) is HEADLESS_TITLE_FACTOR for a title lacking the query's head noun, else 1; synonym is
 * SYNONYM_FACTOR for a match found with the head noun replaced by an equivalent (synonyms.ts), else 1.
 * kindWeight and prior are in priors.ts.
 *
 * - The occupation-title bonus rewards the occupation whose own name shares the query's words:
 *   "Project Manager" is an alternate title of four occupations, but only Project Management
 *   Specialists has "project" in its name.
 * - JobDesc only re-weighs occupations the title words reach (the title leads; a description cannot
 *   make "asdf" match), by at most DESC_WEIGHT, so it settles close calls ("Store Manager" + a text
 *   about retail staff) without overturning an exact title; for a vague one-word title it weighs
 *   DESC_WEIGHT_VAGUE_TITLE and decides ("Analyst" + a text about budgets and forecasts).
 */
const OCCUPATION_TITLE_BONUS = 0.15;
/**
 * Head-noun agreement. The head noun of a title (its last content word before any "of"/"for"
 * phrase: "Quality *Engineer*", "Director of Marketing" -> director) says what kind of job it is;
 * the other words say of what. A title of the occupation that lacks the query's head noun matched
 * on modifiers only ("Pharmacy Manager" against "Pharmacy Technician") and counts HEADLESS_TITLE_FACTOR
 * of its cosine; an occupation whose own O*NET title has the head noun (compared by stem, so
 * "manager" agrees with "Management") gains OWN_TITLE_HEAD_BONUS ("Quality Engineer" is a listed
 * title of Industrial Engineers and of Software Quality Assurance Analysts and Testers: the engineers
 * are engineers).
 */
const HEADLESS_TITLE_FACTOR = 0.85;
/**
 * A title word that an occupation never uses (in any title, task statement or its description)
 * costs its best title match this much per unit share of the query's weight: "Product Owner"
 * against Urologists, whose incumbents include an "Owner", leaves "product" unexplained.
 */
const UNEXPLAINED_PENALTY = 0.5;
/** A match found with the head noun replaced by an equivalent (synonyms.ts) counts this much. */
const SYNONYM_FACTOR = 0.95;
const OWN_TITLE_HEAD_BONUS = 0.05;
const DESC_WEIGHT = 0.15;
/**
 * A vague title (one generic word, see rating.ts) says little, so when a description is given it
 * decides: the title score is scaled by VAGUE_TITLE_FACTOR and the description weighs
 * DESC_WEIGHT_VAGUE_TITLE. "Engineer" + a software text must reach Software Developers through its
 * "Software Engineer" title (cosine ~0.5) past the dozens of occupations listing plain "Engineer"
 * (cosine 1) whose tasks fit the text less; the title still filters (only occupations it reaches count).
 */
const DESC_WEIGHT_VAGUE_TITLE = 1.0;
const VAGUE_TITLE_FACTOR = 0.3;
/** Only the first words of a long description are read: the evidence is in them, and it bounds latency. */
const MAX_DESC_WORDS = 400;
const HEAD_STEM_CACHE_LIMIT = 20_000;
/** Rounding room for the candidate bound: an occupation is only dropped when clearly below the threshold. */
const BOUND_SLACK = 1e-9;

/** How the description re-weighs a title score (see score()). */
interface Weighing {
  descTop: number;
  descWeight: number;
  titleFactor: number;
}

/**
 * The occupations that clear MIN_MATCH_SCORE for one query, best first: occ[k] (an index into the O*NET
 * part's occupations) scores score[k], for k < count. The arrays are the scorer's own, valid until
 * its next query.
 */
export interface Candidates {
  readonly vague: boolean;
  readonly count: number;
  readonly occ: Int32Array;
  readonly score: Float64Array;
}

/**
 * Scores occupations for a title's matching words. It owns per-query scratch arrays, one slot per
 * occupation, reused across queries so that a match allocates almost nothing; only the occupations a
 * query touched are cleared afterwards. Not re-entrant: the service is single-threaded and ranking is
 * synchronous.
 */
export class OccupationScorer {
  private readonly taskIndex: TaskIndex;
  private readonly vocabulary: OccupationVocabulary;
  private readonly prior: Float64Array;
  /** Occupations by the word qualifying their own title's person noun ("physician": Physician Assistants). */
  private readonly byOwnHeadModifier = new Map<string, number[]>();
  /** Occupations by the stems of their own title's words: "Project Manager" agrees with Project Management Specialists. */
  private readonly ownTitleByStem = new Map<string, number[]>();

  private readonly best: Float64Array;
  private readonly ownCos: Float64Array;
  private readonly headAgrees: Uint8Array;
  /** Occupations whose own title names another person qualified by the query's head noun (see score()). */
  private readonly modifierOnly: Uint8Array;
  private readonly seen: Uint8Array;
  /**
   * The occupations a query touched, touchedOcc[0 .. touchedCount): a typed array, as a plain array
   * emptied for each query would give its storage back and grow it again, push by push.
   */
  private readonly touchedOcc: Int32Array;
  private touchedCount = 0;
  /** The last query's candidates (see candidates()), and scratch space to sort them. */
  private readonly orderOcc: Int32Array;
  private readonly orderScore: Float64Array;
  private readonly sortOcc: Int32Array;
  private readonly sortScore: Float64Array;
  private readonly occScore: Float64Array;
  private readonly descScores: Float64Array;
  /** What bounds each reached occupation's best title score and own-title cosine, before any title is read. */
  private readonly bestBound: Float64Array;
  private readonly ownBound: Float64Array;
  /** One Reach per pass of a query, reused (see score()). */
  private readonly reachPool: Reach[] = [];

  /** Stems of head nouns met (a bounded set: the words people write), so each is stemmed once. */
  private readonly headStems = new Map<string, string>();

  // The readings rank a title's variants with the same description: it is read into words once.
  private lastDescription = '';
  private lastDescWords: readonly string[] = [];

  constructor(
    part: OnetPart,
    private readonly titleIndex: TitleIndex,
    ownTitleWords: ReadonlyArray<ReadonlySet<string>>,
    /**
     * Per occupation, the word qualifying its own title's head noun where that head names a person
     * ("physician" of Physician Assistants), else null.
     */
    ownHeadModifiers: ReadonlyArray<string | null>,
  ) {
    this.taskIndex = new TaskIndex(part, titleIndex.wordIds);
    this.vocabulary = new OccupationVocabulary(part);
    const { codes, employment } = part.occupations;
    const socCodes = codes.map(socOf);
    const perSoc = new Map<string, number>();
    for (const soc of socCodes) perSoc.set(soc, (perSoc.get(soc) ?? 0) + 1);
    this.prior = Float64Array.from(codes, (c, i) =>
      occupationPrior(c, employment[i] as number, perSoc.get(socCodes[i] as string) as number),
    );
    ownTitleWords.forEach((ws, o) => {
      for (const s of new Set([...ws].map(stem))) {
        const list = this.ownTitleByStem.get(s);
        if (list === undefined) this.ownTitleByStem.set(s, [o]);
        else list.push(o);
      }
    });
    ownHeadModifiers.forEach((w, o) => {
      if (w === null) return;
      const list = this.byOwnHeadModifier.get(w);
      if (list === undefined) this.byOwnHeadModifier.set(w, [o]);
      else list.push(o);
    });
    const occCount = codes.length;
    this.best = new Float64Array(occCount);
    this.ownCos = new Float64Array(occCount);
    this.headAgrees = new Uint8Array(occCount);
    this.modifierOnly = new Uint8Array(occCount);
    this.seen = new Uint8Array(occCount);
    this.touchedOcc = new Int32Array(occCount);
    this.orderOcc = new Int32Array(occCount);
    this.orderScore = new Float64Array(occCount);
    this.sortOcc = new Int32Array(occCount);
    this.sortScore = new Float64Array(occCount);
    this.occScore = new Float64Array(occCount);
    this.descScores = new Float64Array(occCount);
    this.bestBound = new Float64Array(occCount);
    this.ownBound = new Float64Array(occCount);
  }

  /** Occupation `o` uses `word` in a title, or its stem in its task statements or description. */
  knows(o: number, word: string): boolean {
    const id = this.titleIndex.wordIds.get(word);
    return id !== undefined && this.vocabulary.knows(o, id);
  }

  /**
   * The occupations whose score for `words` (head noun `head`) and `description` clears
   * MIN_MATCH_SCORE, best first; `vague` when the title names no particular occupation (see below).
   * Only occupations that clear the threshold are sorted, which keeps a match cheap (most occupations a
   * title touches share only a generic word with it). The sort is stable, so among equal scores the
   * first-touched occupation stays first.
   */
  candidates(words: readonly string[], head: string | null, description: string): Candidates {
    const vague = this.score(words, head, description);
    const { occScore, touchedOcc, orderOcc, orderScore } = this;
    let count = 0;
    for (let k = 0; k < this.touchedCount; k++) {
      const o = touchedOcc[k] as number;
      const score = occScore[o] as number;
      if (score >= MIN_MATCH_SCORE) {
        orderOcc[count] = o;
        orderScore[count++] = score;
      }
    }
    this.clear();
    sortByScore(orderOcc, orderScore, count, this.sortOcc, this.sortScore);
    return { vague, count, occ: orderOcc, score: orderScore };
  }

  /** A title score of occupation o as the description re-weighs it (unchanged without one). */
  private weighed(titleScore: number, o: number, w: Weighing): number {
    return w.descTop > 0
      ? titleScore * w.titleFactor + (w.descWeight * (this.descScores[o] as number)) / w.descTop
      : titleScore;
  }

  /**
   * Keeps in `touchedOcc` (in order) only the occupations whose score can reach MIN_MATCH_SCORE, given
   * that their best title scores at most titleBest and their own title's cosine is at most titleOwn.
   * What follows can only lower a title score (the unexplained-word penalty), and the head-noun bonus
   * and the modifier-only factor are known before any title is read (see score()), so an occupation
   * below the threshold here can never be a candidate: it is cleared, and the per-occupation work runs
   * on the few that can.
   */
  private keepReachable(titleBest: Float64Array, titleOwn: Float64Array, w: Weighing): void {
    const { touchedOcc, prior, headAgrees } = this;
    let kept = 0;
    for (let k = 0; k < this.touchedCount; k++) {
      const o = touchedOcc[k] as number;
      const titleBound =
        (titleBest[o] as number) +
        OCCUPATION_TITLE_BONUS * (titleOwn[o] as number) +
        (prior[o] as number) +
        (headAgrees[o] === 1 ? OWN_TITLE_HEAD_BONUS : 0);
      if (this.weighed(titleBound, o, w) >= MIN_MATCH_SCORE - BOUND_SLACK) touchedOcc[kept++] = o;
      else this.clearOccupation(o);
    }
    this.touchedCount = kept;
  }

  /**
   * Scores the occupations sharing a word with the title into `occScore`, listing in `touchedOcc`
   * (unsorted) those whose score can reach MIN_MATCH_SCORE. The description re-weighs all of them: any
   * occupation the title words reach may be the one meant. The caller must call `clear()` when done
   * with the scores. Returns whether the title is vague (names no particular occupation).
   */
  private score(words: readonly string[], head: string | null, description: string): boolean {
    const { titleIndex, touchedOcc, seen, bestBound, ownBound, best, ownCos, occScore, prior } = this;
    const { headAgrees, modifierOnly } = this;
    this.touchedCount = 0;
    // A one-word query is its own head: nothing to weigh against.
    const headWord = words.length > 1 ? head : null;
    // The title, then again with its head noun in other words ("Call Center Agent" as "... Representative").
    const synonyms = headWord === null ? [] : headSynonyms(headWord).filter((s) => !words.includes(s));
    const passes = [
      { words, head: headWord, factor: 1 },
      ...synonyms.map((synonym) => ({
        words: words.map((w) => (w === headWord ? synonym : w)),
        head: synonym,
        factor: SYNONYM_FACTOR,
      })),
    ];
    // First the occupations each pass reaches, with bounds on their scores, in the order the titles
    // meet them (the order settles exact ties).
    const reaches = passes.map((pass, p) =>
      titleIndex.reach(pass.words, (this.reachPool[p] ??= titleIndex.newReach())),
    );
    // A title without the query's head noun counts HEADLESS_TITLE_FACTOR of its cosine (see scoreTitles
    // below): an occupation the head noun does not reach at all has no title with it, so its bound
    // counts the factor too.
    const headless = headWord === null ? 1 : HEADLESS_TITLE_FACTOR;
    for (let p = 0; p < reaches.length; p++) {
      const reach = reaches[p] as Reach;
      const pass = passes[p] as { words: readonly string[]; head: string | null; factor: number };
      const headIndex = pass.head === null ? -1 : pass.words.indexOf(pass.head);
      for (let at = 0; at < reach.count; at++) {
        const o = reach.occupations[at] as number;
        if (seen[o] === 0) {
          seen[o] = 1;
          touchedOcc[this.touchedCount++] = o;
        }
        const factor = headIndex >= 0 && !reach.holds(at, headIndex) ? pass.factor * headless : pass.factor;
        bestBound[o] = Math.max(bestBound[o] as number, factor * (reach.bestBound[at] as number));
        ownBound[o] = Math.max(ownBound[o] as number, pass.factor * (reach.ownCosine[at] as number));
      }
    }
    const queryNorm = (reaches[0] as Reach).queryNorm;
    // Vague: one generic word ("Manager"), or a title of rank words or role nouns only (title-shape.ts).
    const vague = (words.length === 1 && queryNorm < VAGUE_WORD_IDF) || namesNoField(words);

    // The description re-weighs every occupation the title reaches, normalised by the best of them.
    const descWords = this.descriptionWords(description);
    let descTop = 0;
    if (descWords.length > 0 && this.touchedCount > 1) {
      this.taskIndex.score(descWords, seen, this.descScores);
      for (let k = 0; k < this.touchedCount; k++)
        descTop = Math.max(descTop, this.descScores[touchedOcc[k] as number] as number);
    }
    const weighing: Weighing = {
      descTop,
      descWeight: vague ? DESC_WEIGHT_VAGUE_TITLE : DESC_WEIGHT,
      titleFactor: descTop > 0 && vague ? VAGUE_TITLE_FACTOR : 1,
    };

    // Head-noun agreement with an occupation's own title, and an own title that names another person
    // qualified by the query's head noun ("Physician Assistants" for "Physician - Pediatrics": matched on
    // a modifier, it counts as a title without the head noun; a rank word is no person: "Chief of Staff"
    // may well be a Chief Executive). Both are known before any title is read, so the bounds below count them.
    let modifiersOnly = false;
    if (headWord !== null) {
      this.agreeWithHead(headWord);
      for (const s of synonyms) this.agreeWithHead(s);
      if (!MANAGEMENT_WORDS.has(headWord))
        for (const o of this.byOwnHeadModifier.get(headWord) ?? [])
          if (seen[o] === 1) {
            modifierOnly[o] = 1;
            modifiersOnly = true;
            bestBound[o] = (bestBound[o] as number) * HEADLESS_TITLE_FACTOR;
          }
    }
    // Most occupations a title reaches share only a generic word with it ("Operator" reaches 300): the
    // bounds drop them before their titles are read, then the titles of the rest are scored.
    this.keepReachable(bestBound, ownBound, weighing);
    // Each pass counts its factor (1, or SYNONYM_FACTOR for a synonym), and a title without the query's
    // head noun HEADLESS_TITLE_FACTOR of its cosine.
    for (let p = 0; p < passes.length; p++) {
      const pass = passes[p] as { head: string | null; factor: number };
      titleIndex.scoreTitles(reaches[p] as Reach, pass.head, seen, pass.factor, headless, best, ownCos);
    }
    if (modifiersOnly)
      for (let k = 0; k < this.touchedCount; k++) {
        const o = touchedOcc[k] as number;
        if (modifierOnly[o] === 1) best[o] = (best[o] as number) * HEADLESS_TITLE_FACTOR;
      }
    this.keepReachable(best, ownCos, weighing);
    const kept = this.touchedCount;

    // Words of the title that an occupation never uses anywhere (titles, tasks, description) are
    // unexplained by it: its match rests on the other words, perhaps in another sense.
    if (words.length > 1 && kept > 0) {
      // Each position: the word's vocabulary id (none when unknown), and the head noun's synonyms'.
      const positions: number[][] = [];
      const weights: number[] = [];
      for (const w of words) {
        const id = titleIndex.wordIds.get(w);
        const ids = id === undefined ? [] : [id];
        if (w === headWord)
          for (const s of synonyms) {
            const sid = titleIndex.wordIds.get(s);
            if (sid !== undefined) ids.push(sid);
          }
        positions.push(ids);
        weights.push(id === undefined ? 0 : (titleIndex.idf[id] as number));
      }
      this.vocabulary.unexplainedShare(positions, weights, touchedOcc, kept, (o, share) => {
        best[o] = (best[o] as number) * (1 - UNEXPLAINED_PENALTY * share);
      });
    }
    for (let k = 0; k < kept; k++) {
      const o = touchedOcc[k] as number;
      let score = (best[o] as number) + OCCUPATION_TITLE_BONUS * (ownCos[o] as number) + (prior[o] as number);
      if (headAgrees[o] === 1) score += OWN_TITLE_HEAD_BONUS;
      occScore[o] = this.weighed(score, o, weighing);
    }
    return vague;
  }

  /** Marks the reached occupations whose own title has the head noun `head` (by stem). */
  private agreeWithHead(head: string): void {
    let s = this.headStems.get(head);
    if (s === undefined) {
      s = stem(head);
      if (this.headStems.size >= HEAD_STEM_CACHE_LIMIT) this.headStems.clear();
      this.headStems.set(head, s);
    }
    const { seen, headAgrees } = this;
    for (const o of this.ownTitleByStem.get(s) ?? []) if (seen[o] === 1) headAgrees[o] = 1;
  }

  private descriptionWords(description: string): readonly string[] {
    if (description !== this.lastDescription) {
      this.lastDescription = description;
      this.lastDescWords =
        description.trim() === '' ? [] : [...new Set(proseWords(description).slice(0, MAX_DESC_WORDS))];
    }
    return this.lastDescWords;
  }

  private clearOccupation(o: number): void {
    this.bestBound[o] = 0;
    this.ownBound[o] = 0;
    this.best[o] = 0;
    this.ownCos[o] = 0;
    this.seen[o] = 0;
    this.occScore[o] = 0;
    this.descScores[o] = 0;
    this.headAgrees[o] = 0;
    this.modifierOnly[o] = 0;
  }

  private clear(): void {
    for (let k = 0; k < this.touchedCount; k++) this.clearOccupation(this.touchedOcc[k] as number);
    this.touchedCount = 0;
  }
}
