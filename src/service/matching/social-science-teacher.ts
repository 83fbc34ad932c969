import { inferred, leading, type Ranking } from './ranking';

/**
 * A postsecondary teacher of a social science the SOC does not list separately (docs/methodology.md §2a,
 * "Eleventh round: people2").
 *
 * The SOC 2018 has two residual codes for postsecondary teachers: 25-1199 "Postsecondary Teachers, All
 * Other" ("all postsecondary teachers not listed separately") and, inside the broad group of social
 * sciences teachers (25-1060), 25-1069 "Social Sciences Teachers, Postsecondary, All Other" ("all
 * postsecondary social sciences teachers not listed separately"). The narrower one is listed separately,
 * so a teacher of a social science belongs to it and not to the catch-all. O*NET files many of the same
 * alternate titles under both ("… Teacher" of a planning or research subject), and the two tie within a
 * few thousandths, the catch-all first. What tells the social sciences apart is the subject itself: the
 * postsecondary teachers' broad groups follow the practitioners' groups (life, physical and social
 * sciences teachers; 19-1000, 19-2000 and 19-3000 "Social Scientists and Related Workers"), so a subject
 * whose words reach a social scientist among the best candidates is a social science (a planning
 * subject reaches the urban and regional planners, a polling one the survey researchers). A subject that reaches none
 * (humanities, liberal arts, military science) stays with the catch-all.
 */

/** The SOC's residual of all postsecondary teachers. */
const POSTSECONDARY_RESIDUAL = '25-1199';
/** The SOC's residual of postsecondary social sciences teachers. */
const SOCIAL_SCIENCES_RESIDUAL = '25-1069';
/** SOC minor group 19-3000, "Social Scientists and Related Workers". */
const SOCIAL_SCIENTISTS = '19-3';
/** How close the social sciences residual must score to the catch-all: O*NET's shared titles tie. */
const MAX_GAP = 0.05;
/** The best candidates, the catch-all first among them, where a social scientist shows the subject. */
const SUBJECT_CANDIDATES = 4;

/**
 * Where the answer is the residual of all postsecondary teachers, the social sciences residual scores
 * within MAX_GAP of it, and a social scientist is among the SUBJECT_CANDIDATES best candidates, the social
 * sciences residual answers, at most Probable.
 */
export function atSocialScienceTeacher(ranking: Ranking, socCodes: readonly string[]): Ranking {
  const top = ranking.list[0];
  if (top === undefined || socCodes[top.o] !== POSTSECONDARY_RESIDUAL) return ranking;
  const best = ranking.list.slice(0, SUBJECT_CANDIDATES);
  if (!best.some((e) => (socCodes[e.o] as string).startsWith(SOCIAL_SCIENTISTS))) return ranking;
  const narrower = ranking.list.find((e) => socCodes[e.o] === SOCIAL_SCIENCES_RESIDUAL);
  if (narrower === undefined || top.score - narrower.score > MAX_GAP) return ranking;
  return leading(ranking, { ...narrower, rating: inferred(narrower.rating) });
}
