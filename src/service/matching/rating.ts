import type { MatchRating } from '../contracts';

/**
 * D3 MatchRating from the winner's score and its lead over the best *other SOC occupation*.
 *
 * Scores (see scorer.ts) are ~1.0-1.15 for an exact title (cosine 1 times the title kind's weight,
 * plus the occupation-title bonus), ~0.6-0.85 for a title that shares its main words with a known
 * title, and below ~0.45 when only a generic word ("Manager", "Specialist") or part of a phrase matches.
 *
 * - Confident: an exact or near-exact title (score >= 0.85) that no other SOC occupation claims
 *   nearly as strongly (lead >= 0.15). "Registered Nurse", "Cashier", "Software Engineer".
 *   The lead is what tells a right answer from a wrong one: in the cross-validation on O*NET's reported
 *   titles (`npm run eval:crossval`, 6,520 titles each matched against an index built without it),
 *   answers scoring 0.85 or more were right 56 % of the time with a lead of 0.04-0.15 and 78-91 % with
 *   a lead of 0.15 or more, whatever the score beyond 0.85. The lead was 0.04 until then (Confident right
 *   76 % there, 86 % since; on the hand-written employer list, test/service/matching/employer-titles.ts, 95.8 % and 97.6 %).
 * - Probable: a good title match (score >= 0.6), or an exact title that another occupation shares
 *   closely ("Truck Driver": heavy or light?). An analyst would accept it but might check it.
 * - Possible: anything weaker that still clears MIN_MATCH_SCORE ("Engineer", "Coordinator").
 * - A vague title, one generic word ("Manager", "Engineer", "Analyst", "Nurse", "Driver": a word found
 *   in more than ~1 in 150 O*NET titles, i.e. IDF below VAGUE_WORD_IDF), is at best Possible however
 *   exactly it equals some alternate title: it does not say which occupation is meant. So is a title of
 *   rank words only ("Vice President", "Director", "President": it says how senior, not what job).
 * - Below MIN_MATCH_SCORE there is no match (D3 "No matching job found"): the title shares at most a
 *   generic word with anything O*NET knows, or is mostly words O*NET never uses ("asdf qwerty").
 */
export const MIN_MATCH_SCORE = 0.3;
export const CONFIDENT_SCORE = 0.85;
const CONFIDENT_LEAD = 0.15;
export const PROBABLE_SCORE = 0.6;
export const VAGUE_WORD_IDF = 5.5;

export function rateMatch(score: number, runnerUpScore: number, vague: boolean): MatchRating | null {
  if (score < MIN_MATCH_SCORE) return null;
  if (vague) return 'Possible';
  if (score >= CONFIDENT_SCORE && score - runnerUpScore >= CONFIDENT_LEAD) return 'Confident';
  if (score >= PROBABLE_SCORE) return 'Probable';
  return 'Possible';
}
