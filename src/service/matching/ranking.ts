import type { MatchRating } from '../contracts';
import { CHIEF_EXECUTIVES_SOC, isDoctorLike } from '../soc-code';
import type { QueryWords } from './query-words';
import { CONFIDENT_SCORE, rateMatch } from './rating';
import type { OccupationScorer } from './scorer';
import type { LevelSignal } from './title-level';
import { headNoun, isEntryLevelTitle } from './title-shape';

/** One occupation of a ranking (an index into the O*NET part's occupations), with its score and rating. */
export interface RankedEntry {
  readonly o: number;
  readonly score: number;
  readonly rating: MatchRating;
}

/** The occupations a title reaches, best first, each rated; empty when the best has no rating. */
export interface Ranking {
  /** The title's matching words and level, as the pricing of the answer reads them. */
  readonly words: string[];
  readonly level: LevelSignal | null;
  readonly list: readonly RankedEntry[];
}

/** Ranks a title as written, with the given description. */
export type RankTitle = (title: string, description: string) => Ranking;

/**
 * The direct ranking of a title: its words scored against every O*NET title, each candidate rated by
 * its score and its lead over the best occupation of another SOC code (D3, rating.ts).
 */
export function directRanking(
  queryWords: QueryWords,
  scorer: OccupationScorer,
  socCodes: readonly string[],
  personNoun: (word: string) => boolean,
  /** A Confident rating needs more than the title's score and lead here (see below). */
  confidentDoubt: (o: number, words: readonly string[]) => boolean,
): RankTitle {
  return (title, description) => {
    const { words, level } = queryWords.read(title);
    if (words.length === 0) return { words, level, list: [] };
    const { vague, count, occ, score } = scorer.candidates(
      words,
      headNoun(title, words, personNoun),
      description,
    );
    // A candidate's lead is over the best occupation of another SOC code: the leader for all but the
    // leader's own SOC code, whose runner-up is the first entry of another code.
    const leadSoc = count === 0 ? '' : (socCodes[occ[0] as number] as string);
    const leadScore = count === 0 ? 0 : (score[0] as number);
    let otherBest = 0;
    for (let k = 0; k < count; k++)
      if (socCodes[occ[k] as number] !== leadSoc) {
        otherBest = score[k] as number;
        break;
      }
    const list: RankedEntry[] = [];
    const entryLevel = isEntryLevelTitle(title);
    for (let k = 0; k < count; k++) {
      const o = occ[k] as number;
      const soc = socCodes[o] as string;
      // An intern, trainee or apprentice is never priced as a doctor or a chief executive, unless the
      // title itself says medicine ("Medical Intern", "Surgical Resident").
      if (entryLevel && (isDoctorLike(soc) || soc === CHIEF_EXECUTIVES_SOC)) continue;
      const runnerUp = soc === leadSoc ? otherBest : leadScore;
      const rated = rateMatch(score[k] as number, runnerUp, vague);
      if (rated === null) break;
      const rating = rated === 'Confident' && confidentDoubt(o, words) ? 'Probable' : rated;
      list.push({ o, score: score[k] as number, rating });
    }
    return { words, level, list };
  };
}

export const RATING_ORDER: Readonly<Record<MatchRating, number>> = { Confident: 3, Probable: 2, Possible: 1 };

/**
 * The direct match found the title among O*NET's (an exact or near-exact title: the score a Confident
 * rating needs), whether or not another occupation claims it too: no reading is needed.
 */
export const listsTitle = (entry: RankedEntry | undefined): boolean =>
  entry !== undefined && entry.score >= CONFIDENT_SCORE;

/** An inferred answer is at most Probable: the title was read, not found. */
export const inferred = (rating: MatchRating): MatchRating => (rating === 'Confident' ? 'Probable' : rating);

/** `entry` first, then the ranking's other candidates; the title's own words and level kept. */
export function leading(ranking: Ranking, entry: RankedEntry): Ranking {
  return { ...ranking, list: [entry, ...ranking.list.filter((e) => e.o !== entry.o)] };
}
