import type { Matcher, MatchRating, OccupationMatch, RankedOccupation } from '../contracts';
import type { OnetPart } from '../data/onet/part';
import { TitleKind } from '../data/onet/part';
import { checkOnetPart } from '../data/onet/schema';
import { extractTitleLevel, zoneLevelName, type LevelSignal } from './title-level';
import { NORMALIZER_VERSION, proseWords, stem, titleWords } from '../text/normalize';
import { CONFIDENT_SCORE, MIN_MATCH_SCORE, rateMatch, VAGUE_WORD_IDF } from './rating';
import { TaskIndex } from './task-index';
import { TitleIndex, type Reach } from './title-index';
import { OccupationVocabulary } from './occupation-vocabulary';
import { headSynonyms } from './synonyms';
import { WordRepair } from './word-repair';
import { HELPER_WORDS, RoleReadings, SUPERVISOR_WORDS } from './role-readings';

/**
 * Scoring of one occupation for a title (+ description):
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
 *
 * - kindWeight ranks title sources: the occupation title itself (1.0) over reported titles that O*NET
 *   shows in My Next Move (0.97) over other reported titles (0.95) over alternate titles (0.90) over
 *   short titles (0.88), plus 0.015 per extra O*NET source listing the title (at most +0.06).
 *   Many alternate titles are listed under several occupations ("Cashier" under Cashiers, Tellers,
 *   Gambling Booth Cashiers): source count, occupation-title bonus and prior decide between them.
 * - The occupation-title bonus rewards the occupation whose own name shares the query's words:
 *   "Project Manager" is an alternate title of four occupations, but only Project Management
 *   Specialists has "project" in its name.
 * - JobDesc only re-weighs occupations the title words reach (the title leads; a description cannot
 *   make "asdf" match), by at most DESC_WEIGHT, so it settles close calls ("Store Manager" + a text
 *   about retail staff) without overturning an exact title; for a vague one-word title it weighs
 *   DESC_WEIGHT_VAGUE_TITLE and decides ("Analyst" + a text about budgets and forecasts).
 * - prior (see occupationPrior) is a tie-breaker of a few hundredths: it never beats a better title.
 */
const OCCUPATION_TITLE_BONUS = 0.15;
/**
 * Head-noun agreement. The head noun of a title (its last content word before any "of"/"for"
 * phrase: "Quality *Engineer*", "Director of Marketing" -> director) says what kind of job it is;
 * the other words say of what. A title of the occupation that lacks the query's head noun matched
 * on modifiers only ("Pharmacy Manager" against "Pharmacy Technician") and counts HEADLESS_TITLE_FACTOR
 * of its cosine; an occupation whose own O*NET title has the head noun (compared by stem, so
 * "manager" agrees with "Management") gains OWN_TITLE_HEAD_BONUS ("Quality Engineer" is a listed title of Industrial Engineers and of Software Quality Assurance
 * Analysts and Testers: the engineers are engineers).
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
/** Rounding room for the candidate bound: an occupation is only dropped when clearly below the threshold. */
const BOUND_SLACK = 1e-9;

function kindWeight(kind: number, sources: number): number {
  // The source count is kept across kinds: "Truck Driver" is a reported title of both heavy and
  // light truck drivers, but four O*NET sources list it as an alternate title of heavy truck drivers.
  const sourceBonus = 0.015 * Math.min(Math.max(sources - 1, 0), 4);
  switch (kind) {
    case TitleKind.Primary:
      return 1;
    case TitleKind.ReportedShown:
      return 0.97 + sourceBonus;
    case TitleKind.Reported:
      return 0.95 + sourceBonus;
    case TitleKind.Alternate:
      return 0.9 + sourceBonus;
    default:
      return 0.88 + sourceBonus;
  }
}

/**
 * Prior for an occupation, to settle titles that several occupations share:
 * - employment (OEWS national): among occupations claiming a title about equally, the larger one is
 *   the likelier meaning ("Call Center Agent" is listed under Receptionists and Telemarketers, but
 *   most people with that title answer customers). PRIOR_PER_DECADE per tenfold, from 1,000 jobs to
 *   3 million. OEWS counts a SOC code once, so an O*NET code that shares its SOC code with others
 *   (29-1229 Physicians, All Other, and its specialisations Urologists, Hospitalists, ...) gets an
 *   equal share (`share`): Urologists do not employ the whole 342,000 of 29-1229;
 * - no OEWS data at all (military, SOC 55): -0.06, it could not be priced;
 * - residual "All Other" SOC codes (xx-xx99, and the O*NET specialisations filed under them, such as
 *   15-1299.09 IT Project Managers) give way to named ones (-0.03): OEWS prices the residual as one
 *   mixed bag, a worse price for a title that a named occupation also claims; O*NET-only
 *   specialisations (codes not ending ".00") give way to their SOC detailed occupation (-0.02).
 */
const PRIOR_PER_DECADE = 0.03;
function occupationPrior(code: string, employment: number, share: number): number {
  let prior =
    employment > 0
      ? PRIOR_PER_DECADE * Math.min(Math.max(Math.log10(employment / share) - 5, -2), 1.5)
      : -0.06;
  if (/^\d\d-\d\d99\./.test(code)) prior -= 0.03;
  if (!code.endsWith('.00')) prior -= 0.02;
  return prior;
}

export type OnetMatcher = Matcher;

export function createMatcher(part: OnetPart): OnetMatcher {
  if (part.normalizerVersion !== NORMALIZER_VERSION) {
    throw new Error(
      `O*NET index was built with normaliser v${part.normalizerVersion}, this code uses v${NORMALIZER_VERSION}: rebuild it with npm run data:build`,
    );
  }
  checkOnetPart(part);
  const kindWeights = Float64Array.from(part.titles.kind, (k, t) =>
    kindWeight(k, part.titles.sources[t] as number),
  );
  const titleIndex = new TitleIndex(part, kindWeights);
  const taskIndex = new TaskIndex(part, titleIndex.wordIds);
  const occVocabulary = new OccupationVocabulary(part);
  const { codes, titles: occTitles, zones, family, employment } = part.occupations;
  const occCount = codes.length;
  const socCodes = codes.map((c) => c.slice(0, 7));
  const perSoc = new Map<string, number>();
  for (const soc of socCodes) perSoc.set(soc, (perSoc.get(soc) ?? 0) + 1);
  const prior = Float64Array.from(codes, (c, i) =>
    occupationPrior(c, employment[i] as number, perSoc.get(socCodes[i] as string) as number),
  );
  // Words of each occupation's own title, to cancel a management word's level shift (see title-level.ts).
  const ownTitleWords: Set<string>[] = codes.map(() => new Set());
  for (let t = 0; t < part.titles.occ.length; t++) {
    if (part.titles.kind[t] !== TitleKind.Primary) continue;
    const set = ownTitleWords[part.titles.occ[t] as number] as Set<string>;
    for (let k = part.titles.start[t] as number; k < (part.titles.start[t + 1] as number); k++)
      set.add(part.vocab[part.titles.words[k] as number] as string);
  }
  // Occupations by the stems of their own title's words, for head-noun agreement: "Project Manager"
  // agrees with Project Management Specialists.
  const ownTitleByStem = new Map<string, number[]>();
  ownTitleWords.forEach((ws, o) => {
    for (const s of new Set([...ws].map(stem))) {
      const list = ownTitleByStem.get(s);
      if (list === undefined) ownTitleByStem.set(s, [o]);
      else list.push(o);
    }
  });
  // A word no title uses is read as a typo or short form of one (word-repair.ts).
  const { titleCount } = titleIndex;
  const wordRepair = new WordRepair(part.vocab, titleCount, (w) => {
    const id = titleIndex.wordIds.get(w);
    return id !== undefined && (titleCount[id] as number) > 0;
  });
  /** The title's words with each word no title uses read as the title word it stands for, if any. */
  function repaired(words: string[]): string[] {
    let fixed: string[] | null = null;
    for (let i = 0; i < words.length; i++) {
      const repair = wordRepair.repair(words[i] as string);
      if (repair === null) continue;
      fixed ??= [...words];
      fixed[i] = repair;
    }
    // Two words may now be the same word ("Electrcian Electrician"): keep the words distinct.
    return fixed === null ? words : [...new Set(fixed)];
  }

  // Per-request scratch (the service is single-threaded; ranking is synchronous and not re-entrant).
  const best = new Float64Array(occCount);
  const ownCos = new Float64Array(occCount);
  const headAgrees = new Uint8Array(occCount);
  const seen = new Uint8Array(occCount);
  const touchedOcc: number[] = [];
  const occScore = new Float64Array(occCount);
  const descScores = new Float64Array(occCount);

  // What bounds each reached occupation's best title score and own-title cosine, before any title is read.
  const bestBound = new Float64Array(occCount);
  const ownBound = new Float64Array(occCount);
  /** One Reach per pass of a query, reused (see score()). */
  const reachPool: Reach[] = [];

  /** How the description re-weighs a title score (see score()). */
  interface Weighing {
    headBonus: number;
    descTop: number;
    descWeight: number;
    titleFactor: number;
  }

  /** A title score of occupation o as the description re-weighs it (unchanged without one). */
  function weighed(titleScore: number, o: number, w: Weighing): number {
    return w.descTop > 0
      ? titleScore * w.titleFactor + (w.descWeight * (descScores[o] as number)) / w.descTop
      : titleScore;
  }

  /**
   * Keeps in `touchedOcc` (in order) only the occupations whose score can reach MIN_MATCH_SCORE, given
   * that their best title scores at most titleBest and their own title's cosine is at most titleOwn.
   * What follows can only lower a title score (the unexplained-word penalty) or add the head-noun
   * bonus, so an occupation below the threshold with every bonus can never be a candidate: it is
   * cleared, and the per-occupation work runs on the few that can.
   */
  function keepReachable(titleBest: Float64Array, titleOwn: Float64Array, w: Weighing): void {
    let kept = 0;
    for (const o of touchedOcc) {
      const titleBound =
        (titleBest[o] as number) +
        OCCUPATION_TITLE_BONUS * (titleOwn[o] as number) +
        (prior[o] as number) +
        w.headBonus;
      if (weighed(titleBound, o, w) >= MIN_MATCH_SCORE - BOUND_SLACK) touchedOcc[kept++] = o;
      else clearOccupation(o);
    }
    touchedOcc.length = kept;
  }

  /**
   * Scores the occupations sharing a word with the title into `occScore`, listing in `touchedOcc`
   * (unsorted; typed arrays reused across requests, so a match allocates almost nothing) those whose
   * score can reach MIN_MATCH_SCORE. The description re-weighs all of them: any occupation the title
   * words reach may be the one meant. The caller must call `clear()` when done with the scores.
   */
  function score(words: readonly string[], head: string | null, description: string): { vague: boolean } {
    touchedOcc.length = 0;
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
      titleIndex.reach(pass.words, (reachPool[p] ??= titleIndex.newReach())),
    );
    reaches.forEach((reach, p) => {
      const factor = (passes[p] as { factor: number }).factor;
      for (let at = 0; at < reach.count; at++) {
        const o = reach.occupations[at] as number;
        if (seen[o] === 0) {
          seen[o] = 1;
          touchedOcc.push(o);
        }
        bestBound[o] = Math.max(bestBound[o] as number, factor * (reach.bestBound[at] as number));
        ownBound[o] = Math.max(ownBound[o] as number, factor * (reach.ownCosine[at] as number));
      }
    });
    const queryNorm = (reaches[0] as Reach).queryNorm;
    // Vague: one generic word ("Manager"), or nothing but rank words ("Vice President", "Director"):
    // the title says how senior, not which occupation.
    // Also vague: a title of role nouns only ("Intern", "Specialist", "Planner"): each needs a field
    // ("Marketing Intern", "HR Specialist") before it names an occupation (issue 10 item 2).
    const vague =
      (words.length === 1 && queryNorm < VAGUE_WORD_IDF) ||
      words.every((w) => MANAGEMENT_WORDS.has(w)) ||
      words.every((w) => ROLE_WORDS.has(w));

    // The description re-weighs every occupation the title reaches, normalised by the best of them.
    const descWords = descriptionWords(description);
    let descTop = 0;
    if (descWords.length > 0 && touchedOcc.length > 1) {
      taskIndex.score(descWords, seen, descScores);
      for (const o of touchedOcc) descTop = Math.max(descTop, descScores[o] as number);
    }
    const weighing: Weighing = {
      headBonus: headWord === null ? 0 : OWN_TITLE_HEAD_BONUS,
      descTop,
      descWeight: vague ? DESC_WEIGHT_VAGUE_TITLE : DESC_WEIGHT,
      titleFactor: descTop > 0 && vague ? VAGUE_TITLE_FACTOR : 1,
    };

    // Most occupations a title reaches share only a generic word with it ("Operator" reaches 300): the
    // bounds drop them before their titles are read, then the titles of the rest are scored.
    keepReachable(bestBound, ownBound, weighing);
    // Each pass counts its factor (1, or SYNONYM_FACTOR for a synonym), and a title without the query's
    // head noun HEADLESS_TITLE_FACTOR of its cosine.
    const headless = headWord === null ? 1 : HEADLESS_TITLE_FACTOR;
    passes.forEach((pass, p) =>
      titleIndex.scoreTitles(reaches[p] as Reach, pass.head, seen, pass.factor, headless, best, ownCos),
    );
    keepReachable(best, ownCos, weighing);
    const kept = touchedOcc.length;

    // Words of the title that an occupation never uses anywhere (titles, tasks, description) are
    // unexplained by it: its match rests on the other words, perhaps in another sense.
    if (words.length > 1 && kept > 0) {
      const positions = words.map((w) =>
        [w, ...(w === headWord ? synonyms : [])]
          .map((x) => titleIndex.wordIds.get(x) ?? -1)
          .filter((id) => id >= 0),
      );
      const weights = words.map((w) => {
        const id = titleIndex.wordIds.get(w);
        return id === undefined ? 0 : (titleIndex.idf[id] as number);
      });
      occVocabulary.unexplainedShare(positions, weights, touchedOcc, (o, share) => {
        best[o] = (best[o] as number) * (1 - UNEXPLAINED_PENALTY * share);
      });
    }
    for (const o of touchedOcc)
      occScore[o] =
        (best[o] as number) + OCCUPATION_TITLE_BONUS * (ownCos[o] as number) + (prior[o] as number);
    if (headWord !== null && kept > 0)
      for (const h of [headWord, ...synonyms])
        for (const o of ownTitleByStem.get(stem(h)) ?? []) if (seen[o] === 1) headAgrees[o] = 1;
    for (const o of touchedOcc)
      if (headAgrees[o] === 1) {
        occScore[o] = (occScore[o] as number) + OWN_TITLE_HEAD_BONUS;
        headAgrees[o] = 0;
      }
    for (const o of touchedOcc) occScore[o] = weighed(occScore[o] as number, o, weighing);
    return { vague };
  }

  // The readings rank a title's variants with the same description: read it into words once.
  let lastDescription = '';
  let lastDescWords: readonly string[] = [];
  function descriptionWords(description: string): readonly string[] {
    if (description !== lastDescription) {
      lastDescription = description;
      lastDescWords =
        description.trim() === '' ? [] : [...new Set(proseWords(description).slice(0, MAX_DESC_WORDS))];
    }
    return lastDescWords;
  }

  /**
   * Distinct content words, with a closed compound that O*NET never writes closed split into the
   * two words it does use ("Stockbroker" -> stock broker, "Dishmachine" -> dish machine). Of the
   * possible splits, the most even one whose halves are both known (at least 3 letters each).
   */
  function splitCompounds(content: readonly string[]): string[] {
    const out: string[] = [];
    for (const w of content) {
      if (titleIndex.wordIds.has(w) || w.length < 6 || !/^[a-z]+$/.test(w)) {
        out.push(w);
        continue;
      }
      let split: [string, string] | null = null;
      for (let i = 3; i <= w.length - 3; i++) {
        const a = w.slice(0, i);
        const b = w.slice(i);
        if (!titleIndex.wordIds.has(a) || !titleIndex.wordIds.has(b)) continue;
        if (split === null || Math.min(i, w.length - i) > Math.min(split[0].length, split[1].length))
          split = [a, b];
      }
      if (split === null) out.push(w);
      else out.push(...split);
    }
    return [...new Set(out)];
  }

  function clearOccupation(o: number): void {
    bestBound[o] = 0;
    ownBound[o] = 0;
    best[o] = 0;
    ownCos[o] = 0;
    seen[o] = 0;
    occScore[o] = 0;
    descScores[o] = 0;
  }

  function clear(): void {
    for (const o of touchedOcc) clearOccupation(o);
    touchedOcc.length = 0;
  }

  /** The occupations the title reaches, best first, each with its rating; empty when the best has none. */
  function ranked(
    title: string,
    description: string,
  ): {
    words: string[];
    level: LevelSignal | null;
    list: Array<{ o: number; score: number; rating: MatchRating }>;
  } {
    const { content, level } = extractTitleLevel(title);
    const words = repaired(splitCompounds(content));
    if (words.length === 0) return { words, level, list: [] };
    const { vague } = score(words, headNoun(title, words), description);
    // Only occupations that clear the match threshold can be candidates: sorting just those keeps a
    // match cheap (most occupations a title touches share only a generic word with it). The sort is
    // stable, so among equal scores the first-touched occupation stays first, as it always did.
    const order: Array<{ o: number; score: number }> = [];
    for (const o of touchedOcc)
      if ((occScore[o] as number) >= MIN_MATCH_SCORE) order.push({ o, score: occScore[o] as number });
    clear();
    order.sort((a, b) => b.score - a.score);
    // A candidate's lead is over the best occupation of another SOC code: the leader for all but the
    // leader's own SOC code, whose runner-up is the first entry of another code.
    const leadSoc = order[0] === undefined ? '' : (socCodes[order[0].o] as string);
    const otherBest = order.find((e) => socCodes[e.o] !== leadSoc)?.score ?? 0;
    const list: Array<{ o: number; score: number; rating: MatchRating }> = [];
    const entryLevel = isEntryLevelTitle(title);
    for (const entry of order) {
      // An intern, trainee or apprentice is never priced as a doctor or a chief executive (issue 10
      // item 2), unless the title itself says medicine ("Medical Intern", "Surgical Resident").
      if (entryLevel && DOCTOR_OR_EXECUTIVE.test(socCodes[entry.o] as string)) continue;
      const runnerUp = socCodes[entry.o] === leadSoc ? otherBest : (order[0]?.score ?? 0);
      const rating = rateMatch(entry.score, runnerUp, vague);
      if (rating === null) break;
      list.push({ o: entry.o, score: entry.score, rating });
    }
    return { words, level, list };
  }

  function occupationMatch(
    o: number,
    rating: MatchRating,
    matchScore: number,
    words: readonly string[],
    level: LevelSignal | null,
  ): OccupationMatch {
    const soc = socCodes[o] as string;
    const occupationLevel = zoneLevelName(zones[o] as number, soc);
    return {
      onetCode: codes[o] as string,
      socCode: soc,
      occupationTitle: occTitles[o] as string,
      rating,
      score: matchScore,
      jobFamilyName: part.families.names[family[o] as number] as string,
      jobLevelName: level?.name ?? occupationLevel,
      levelShift:
        level === null ? 0 : effectiveShift(level, words, ownTitleWords[o] as Set<string>, occupationLevel),
    };
  }

  const RATING_ORDER: Readonly<Record<MatchRating, number>> = { Confident: 3, Probable: 2, Possible: 1 };
  const roles = new RoleReadings(part, titleIndex);
  type Ranking = ReturnType<typeof ranked>;
  type Entry = Ranking['list'][number];

  /**
   * The direct match found the title among O*NET's (an exact or near-exact title: the score a Confident
   * rating needs), whether or not another occupation claims it too: no reading is needed.
   */
  const listsTitle = (entry: Entry | undefined): boolean =>
    entry !== undefined && entry.score >= CONFIDENT_SCORE;

  /** An inferred answer is at most Probable: the title was read, not found. */
  const inferred = (rating: MatchRating): MatchRating => (rating === 'Confident' ? 'Probable' : rating);

  /** `entry` first, then the direct ranking's other candidates; the title's own words and level kept. */
  function leading(direct: Ranking, entry: Entry): Ranking {
    return { ...direct, list: [entry, ...direct.list.filter((e) => e.o !== entry.o)] };
  }

  /**
   * The title as matched, read the way an analyst reads it where O*NET does not list it (issue 11): an
   * executive over a function, one of two combined roles, a supervisor or helper of a trade, a field
   * without a role, a physician in training. Each reading applies only when the direct match is not
   * already that kind of answer.
   */
  function rankedTitle(written: string, description: string): Ranking {
    const title = departmentFirst(written);
    const direct = ranked(title, description);
    const read =
      executiveReading(title, description, direct) ??
      combinedRoleReading(title, description, direct) ??
      traineePhysicianReading(description, direct) ??
      rankOrHelperReading(description, direct) ??
      fieldReading(direct) ??
      direct;
    // A title read with its department first was interpreted too: at most Probable.
    return title === written
      ? read
      : { ...read, list: read.list.map((e) => ({ ...e, rating: inferred(e.rating) })) };
  }

  /**
   * "Chief <function> Officer" and "VP of <function>" name the executive over a function (Chief People
   * Officer, VP of Engineering). When O*NET does not list the title well enough for Confident, it is also
   * read as "<function> Director", which O*NET files under that function's managers, and the better-rated
   * reading wins, keeping the title's own executive level.
   */
  function executiveReading(title: string, description: string, direct: Ranking): Ranking | null {
    const fn = executiveFunction(title);
    if (fn === null || listsTitle(direct.list[0])) return null;
    const asDirector = ranked(`${fn} Director`, description);
    const a = direct.list[0];
    const b = asDirector.list[0];
    if (b === undefined || (a !== undefined && RATING_ORDER[b.rating] <= RATING_ORDER[a.rating])) return null;
    return { words: direct.words, level: direct.level, list: asDirector.list };
  }

  /**
   * Two roles in one title ("Firefighter-Paramedic", "Receptionist/Switchboard Operator"): the first
   * named is the job, the second a duty added to it. Applies when each part alone names a different
   * occupation at least Probable and the whole title matched neither the first.
   */
  function combinedRoleReading(title: string, description: string, direct: Ranking): Ranking | null {
    const parts = title.split(ROLE_JOIN).map((p) => p.trim());
    if (parts.length !== 2 || parts.some((p) => p === '')) return null;
    // Each part must end on a person noun: "Research Scientist - Biology" is a scientist in a field.
    if (!parts.every((p) => roles.personNoun(titleWords(p).at(-1) ?? ''))) return null;
    const [first, second] = parts.map((p) => ranked(p, description)) as [Ranking, Ranking];
    const a = first.list[0];
    const b = second.list[0];
    if (a === undefined || b === undefined || a.rating === 'Possible' || b.rating === 'Possible') return null;
    if (socCodes[a.o] === socCodes[b.o] || socCodes[a.o] === socCodes[direct.list[0]?.o ?? -1]) return null;
    return leading(direct, { ...a, rating: inferred(a.rating) });
  }

  /**
   * Residents and fellows are physicians in training ("Resident, General Surgery", "Fellow - Cardiology"):
   * with a word of a physician specialty, the title is read as that specialty's physician.
   */
  function traineePhysicianReading(description: string, direct: Ranking): Ranking | null {
    const { words } = direct;
    if (!words.some((w) => MEDICAL_TRAINEE_WORDS.has(w))) return null;
    const top = direct.list[0];
    if (top !== undefined && PHYSICIAN.test(socCodes[top.o] as string)) return null;
    const rest = words.filter((w) => !MEDICAL_TRAINEE_WORDS.has(w));
    if (rest.length === 0 || !rest.some((w) => roles.physicianWord(w))) return null;
    const asPhysician = ranked(`${rest.join(' ')} physician`, description).list[0];
    if (asPhysician === undefined || !PHYSICIAN.test(socCodes[asPhysician.o] as string)) return null;
    return leading(direct, { ...asPhysician, rating: inferred(asPhysician.rating) });
  }

  /**
   * A rank or helper word on a trade ("Detention Sergeant", "Custodial Lead", "Electrician Helper"): the
   * trade is matched without it, and its first-line supervisor or helper occupation is the answer.
   * Not when the direct match already is one, or is a Confident title that uses the word itself
   * ("Bell Captain" is a title of baggage porters, "Ship Captain" of ship captains).
   */
  function rankOrHelperReading(description: string, direct: Ranking): Ranking | null {
    const { words } = direct;
    const last = words[words.length - 1];
    const rankWord =
      words.find((w) => SUPERVISOR_WORDS.has(w)) ?? (last === 'lead' && words.length > 1 ? last : undefined);
    const helperWord = words.find((w) => HELPER_WORDS.has(w));
    const role = rankWord ?? helperWord;
    if (role === undefined) return null;
    const wantSupervisor = rankWord !== undefined;
    const top = direct.list[0];
    if (top !== undefined) {
      // A weak supervisor answer may be the wrong trade's ("Jail Lieutenant" as police): read it anyway.
      if ((wantSupervisor ? roles.supervisory(top.o) : roles.helper(top.o)) && top.rating !== 'Possible')
        return null;
      if (listsTitle(top) && roles.titleHas(top.o, role)) return null;
    }
    const trade = words.filter((w) => w !== role && !SUPERVISOR_WORDS.has(w) && !HELPER_WORDS.has(w));
    if (trade.length === 0) return null;
    const worker = ranked(trade.join(' '), description).list[0];
    if (worker === undefined) return null;
    const target = wantSupervisor ? roles.supervisorOf(worker.o) : roles.helperOf(worker.o);
    if (target === null) return null;
    return leading(direct, { o: target, score: worker.score, rating: inferred(worker.rating) });
  }

  /**
   * A title of field words only ("Custodial", "Janitorial", "Housekeeping") names the work, not a rank:
   * it is the field's worker, so a supervisor or manager answer gives way to the best worker candidate.
   */
  function fieldReading(direct: Ranking): Ranking | null {
    const top = direct.list[0];
    if (top === undefined || !roles.supervisory(top.o)) return null;
    if (!direct.words.every((w) => roles.fieldWord(w))) return null;
    const worker = direct.list.find((e) => !roles.supervisory(e.o));
    return worker === undefined ? null : leading(direct, { ...worker, rating: inferred(worker.rating) });
  }

  function match(title: string, description: string): OccupationMatch | null {
    const { words, level, list } = rankedTitle(title, description);
    const top = list[0];
    return top === undefined ? null : occupationMatch(top.o, top.rating, top.score, words, level);
  }

  function rank(title: string, description: string, limit: number): RankedOccupation[] {
    return rankedTitle(title, description)
      .list.slice(0, Math.max(0, limit))
      .map(({ o, score: s, rating }) => ({
        onetCode: codes[o] as string,
        socCode: socCodes[o] as string,
        occupationTitle: occTitles[o] as string,
        jobFamilyName: part.families.names[family[o] as number] as string,
        rating,
        score: s,
      }));
  }

  // D19 look-up: every O*NET-SOC code, and each SOC code for its main (".00", else first) occupation.
  const byCode = new Map<string, number>();
  codes.forEach((c, o) => byCode.set(c, o));
  codes.forEach((c, o) => {
    const soc = c.slice(0, 7);
    if (!byCode.has(soc) || c.endsWith('.00')) byCode.set(soc, o);
  });

  function pinned(code: string, title: string): OccupationMatch | null {
    const o = byCode.get(code.trim());
    if (o === undefined) return null;
    const { content, level } = extractTitleLevel(title);
    return occupationMatch(o, 'Confident', 1, splitCompounds(content), level);
  }

  return { match, rank, pinned };
}

/**
 * A department in parentheses names the field the job works in: "Engineer (Fire Dept)" is a fire
 * engineer, "Clerk (Police Department)" a police clerk (issue 11: public-sector payroll titles). Read
 * as written, the department word itself counts against the occupations that do the work.
 */
function departmentFirst(title: string): string {
  const m = DEPARTMENT_QUALIFIER.exec(title);
  return m === null ? title : `${m[2]} ${m[1]}`;
}

const DEPARTMENT_QUALIFIER = /^(.*\S)\s*\(\s*([^()]*?\S)\s+(?:dept\.?|department|division|div\.?)\s*\)\s*$/i;

/**
 * The head noun of a title among its content words: the last content word of the part before a
 * prepositional phrase or a comma ("Director of Marketing", "Manager, Accounts Payable"), or null when
 * that part has none (its words were all level words, as in "VP of Sales").
 */
function headNoun(title: string, content: readonly string[]): string | null {
  // Most titles have no such phrase: their head is their last content word.
  if (!LEAD_SPLIT.test(title)) return content[content.length - 1] ?? null;
  const lead = title.split(LEAD_SPLIT)[0] ?? title;
  const leadWords = titleWords(lead);
  for (let i = leadWords.length - 1; i >= 0; i--) {
    const w = leadWords[i] as string;
    if (content.includes(w)) return w;
  }
  return null;
}

const LEAD_SPLIT = /\s(?:of|for|to|at|in|-|–)\s|,|\(|\//i;

/**
 * Role nouns that name a kind of position but no field of work: a title made of these alone fits many
 * occupations and is rated at most Possible. Linguistic class, not a list of test titles: the head
 * nouns that O*NET titles combine with a field ("Marketing Specialist", "Production Planner").
 */
const ROLE_WORDS: ReadonlySet<string> = new Set([
  'intern',
  'internship',
  'extern',
  'trainee',
  'apprentice',
  'student',
  'associate',
  'specialist',
  'coordinator',
  'consultant',
  'analyst',
  'assistant',
  'advisor',
  'adviser',
  'agent',
  'representative',
  'officer',
  'administrator',
  'supervisor',
  'operator',
  'worker',
  'staff',
  'planner',
  'scheduler',
  'technician',
  'engineer',
  'clerk',
  'helper',
  'lead',
  'manager',
  'member',
  'professional',
]);

/** "Chief <function> Officer" or "VP of <function>" (also SVP, EVP, AVP, "Vice President, <function>"). */
function executiveFunction(title: string): string | null {
  const t = title.trim();
  const chief = /^chief\s+(.+?)\s+officer$/i.exec(t)?.[1];
  if (chief !== undefined) return /^executive$/i.test(chief.trim()) ? null : chief;
  const vp =
    /^(?:senior\s+|executive\s+|assistant\s+)?(?:vice[\s-]+president|[se]?vp|avp)\b\s*(?:,|of\b|for\b|-|–)?\s*(.+)$/i.exec(
      t,
    )?.[1];
  return vp === undefined || vp.trim() === '' ? null : vp;
}

/** Separators between two roles in one title: a slash, a spaced dash, or a hyphen between words. */
const ROLE_JOIN = /\s*\/\s*|\s+[-–]\s+|(?<=[a-z])-(?=[a-z])/i;

/** Words of physicians in training. */
const MEDICAL_TRAINEE_WORDS: ReadonlySet<string> = new Set([
  'resident',
  'residency',
  'fellow',
  'fellowship',
  'pgy',
]);
const PHYSICIAN = /^29-12/;

/** SOC codes of physicians and surgeons (29-12xx) and chief executives (11-1011). */
const DOCTOR_OR_EXECUTIVE = /^(29-12|11-1011)/;
const ENTRY_WORDS = /\b(intern|interns|internship|trainee|apprentice|student|extern|entry[-\s]level)\b/i;
const MEDICAL_WORDS =
  /\b(medical|physician|doctor|md|surgical|surgery|surgeon|resident|residency|fellow|hospitalist|clinical)\b/i;

/** An entry-level title that does not name medicine ("Marketing Intern", "Graduate Trainee", "Intern"). */
function isEntryLevelTitle(title: string): boolean {
  return ENTRY_WORDS.test(title) && !MEDICAL_WORDS.test(title);
}

const MANAGEMENT_WORDS: ReadonlySet<string> = new Set([
  'vice',
  'president',
  'chief',
  'director',
  'head',
  'assistant',
]);

/**
 * A management word's shift is cancelled when the matched occupation already is that level: its own
 * title holds the word ("Chief Executive Officer" -> Chief Executives, "Art Director" -> Art
 * Directors), its level is the signal's level ("SVP Finance" -> Chief Executives, Executive), or the
 * title is nothing but such words ("President"). Its OEWS figures then describe that level. See title-level.ts.
 */
function effectiveShift(
  level: LevelSignal,
  words: readonly string[],
  ownTitle: ReadonlySet<string>,
  occupationLevel: string,
): number {
  if (!level.management) return level.shift;
  if (occupationLevel === level.name) return 0;
  if (level.words.some((w) => ownTitle.has(w))) return 0;
  if (words.every((w) => MANAGEMENT_WORDS.has(w))) return 0;
  return level.shift;
}
