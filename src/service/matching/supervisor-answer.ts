import { titleWords } from '../text/normalize';
import { inferred, leading, listsTitle, type Ranking } from './ranking';
import { SUPERVISOR_WORDS } from './role-readings';

/**
 * A first-line supervisor only for a title that names a rank (docs/methodology.md §2a, "Readings").
 *
 * O*NET lists under each group's first-line supervisors the titles of the workers they supervise with a
 * rank word ("Food Service Supervisor", "Sewing Room Supervisor"), and their own titles end on the
 * workers ("First-Line Supervisors of Food Preparation and Serving Workers"), so a worker's title that
 * leaves the rank out can still land on them. A title with no rank word (SUPERVISOR_WORDS and RANK_WORDS,
 * in the title as written or as its words were read) and no level word (title-level.ts: "Lead",
 * "Senior", "Chief") is no supervisor's: a first-line supervisor answer gives way to the best-ranked
 * candidate that is neither a supervisor nor a manager (nor a postsecondary teacher, for a title that
 * names no teaching either: teaching.ts), at most Probable. A title O*NET lists under the
 * supervisors (a near-exact match, ranking.ts listsTitle: "Fire Marshal") and a ranking with no such
 * candidate keep their answer.
 */
const RANK_WORDS: ReadonlySet<string> = new Set([
  'supervising',
  'supervisory',
  'supervision',
  'forelady',
  'lead',
  'leader',
  'head',
  'chief',
  'boss',
  'manager',
  'management',
  'director',
  'superintendent',
  'overseer',
  'master',
  'charge',
  'coordinator',
  'administrator',
]);

const namesRank = (words: readonly string[]): boolean =>
  words.some((w) => SUPERVISOR_WORDS.has(w) || RANK_WORDS.has(w));

/** The ranking with a first-line supervisor answer moved to the first other candidate, for a title naming no rank. */
export function atRankedTitle(
  ranking: Ranking,
  title: string,
  isSupervisor: (o: number) => boolean,
  /** Candidates the title fits no better: managers, and any other rank the title does not name. */
  unfit: (o: number) => boolean,
): Ranking {
  const top = ranking.list[0];
  if (top === undefined || !isSupervisor(top.o) || listsTitle(top) || ranking.level !== null) return ranking;
  if (namesRank(ranking.words) || namesRank(titleWords(title))) return ranking;
  const other = ranking.list.find((e) => !isSupervisor(e.o) && !unfit(e.o));
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}
