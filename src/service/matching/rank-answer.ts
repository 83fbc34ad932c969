import { titleWords } from '../text/normalize';
import { inferred, leading, listsTitle, type Ranking } from './ranking';
import { SUPERVISOR_WORDS } from './role-readings';
import type { LevelSignal } from './title-level';
import { MANAGEMENT_WORDS } from './title-shape';

/**
 * A first-line supervisor or a manager only for a title that names a rank or a post
 * (docs/methodology.md §2a, "Readings").
 *
 * O*NET lists under each group's first-line supervisors the titles of the workers they supervise with a
 * rank word ("Food Service Supervisor", "Sewing Room Supervisor"), and their own titles end on the
 * workers ("First-Line Supervisors of Food Preparation and Serving Workers"), so a worker's title that
 * leaves the rank out can still land on them. A title with no rank word (SUPERVISOR_WORDS and RANK_WORDS,
 * in the title as written or as its words were read) and no level word above the worker's
 * (title-level.ts: "Lead", "Senior", "Chief"; an apprentice or a trainee is none) is no supervisor's: a
 * first-line supervisor answer gives way to the best-ranked candidate that is neither a supervisor nor a
 * manager (nor a postsecondary teacher, for a title that names no teaching either: teaching.ts), at most
 * Probable. A title O*NET lists under the supervisors (a near-exact match, ranking.ts listsTitle, with the
 * title's own words: "Fire Marshal"; listed-title.ts) and a ranking with no such candidate keep their
 * answer.
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

/** A word that names a rank: a supervisor's (role-readings.ts) or another (RANK_WORDS). */
export const isRankWord = (w: string): boolean => SUPERVISOR_WORDS.has(w) || RANK_WORDS.has(w);

const namesRank = (words: readonly string[]): boolean => words.some(isRankWord);

/** The ranking with a first-line supervisor answer moved to the first other candidate, for a title naming no rank. */
/**
 * Words that name a manager's post beside the rank words: an owner, an officer, an executive, a
 * farmer. A manager answer (SOC 11) to a title with none of these, no rank word and no level word
 * above the worker's (a school monitor's title answered as food service managers) gives way likewise to
 * the best-ranked candidate that is neither a manager nor a supervisor (nor an unnamed teacher), at most
 * Probable; a listed title keeps it.
 */
const MANAGEMENT_POST_WORDS: ReadonlySet<string> = new Set([
  ...MANAGEMENT_WORDS,
  'executive',
  'officer',
  'owner',
  'proprietor',
  'partner',
  'dean',
  'principal',
  'chancellor',
  'provost',
  'commissioner',
  'controller',
  'comptroller',
  'treasurer',
  'postmaster',
  'producer',
  'publisher',
  'farmer',
  'rancher',
  'grower',
  'operator',
  'contractor',
  'general',
]);

const namesManagement = (words: readonly string[]): boolean =>
  namesRank(words) || words.some((w) => MANAGEMENT_POST_WORDS.has(w));

/**
 * The ranking with an answer that holds the role (`holds`) moved to the best-ranked candidate that
 * neither holds it nor is `unfit`, for a title that names nothing of the role (`names`), has no level
 * word above the worker's and is not a title O*NET lists under the answer (see above). A near-exact
 * score alone is no listing: "Shipfitter" scores near 1 against the supervisors' "Shipfitter Supervisor".
 */
function atUnnamedRole(
  ranking: Ranking,
  title: string,
  holds: (o: number) => boolean,
  names: (words: readonly string[]) => boolean,
  unfit: (o: number) => boolean,
  listed: ListedAs,
): Ranking {
  const top = ranking.list[0];
  if (top === undefined || !holds(top.o) || raisesRank(ranking.level)) return ranking;
  const nearExact = listsTitle(top);
  if (nearExact && listed(top.o, ranking.words)) return ranking;
  if (names(ranking.words) || names(titleWords(title))) return ranking;
  const other = ranking.list.find((e) => !holds(e.o) && !unfit(e.o));
  // A near-exact answer O*NET does not list word for word gives way only to a close candidate: far
  // below it, the title's words are better explained by the listed title that adds the rank.
  if (nearExact && other !== undefined && other.score < top.score - NEAR_EXACT_GAP) return ranking;
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}

/**
 * How far below a near-exact supervisor or manager answer that O*NET does not list word for word
 * ("Shipfitter" against "Shipfitter Supervisor") another candidate may be and still answer.
 */
const NEAR_EXACT_GAP = 0.1;

/**
 * A level word that may name a rank above the worker's: "Senior", "Lead", "Principal", "Chief". An
 * entry, junior or numbered level ("Apprentice", "Trainee", "Junior", "II") names someone learning or
 * doing the work, never its supervisor or manager, and keeps no such answer.
 */
const raisesRank = (level: LevelSignal | null): boolean => level !== null && level.shift > 0;

/** O*NET lists a title with exactly these words under the occupation (listed-title.ts). */
export type ListedAs = (o: number, words: readonly string[]) => boolean;

/** A manager answer moved off for a title naming no management (see above). */
export const atManagedTitle = (
  ranking: Ranking,
  title: string,
  isManager: (o: number) => boolean,
  unfit: (o: number) => boolean,
  listed: ListedAs,
): Ranking => atUnnamedRole(ranking, title, isManager, namesManagement, unfit, listed);

/** A first-line supervisor answer moved off for a title naming no rank (see above). */
export const atRankedTitle = (
  ranking: Ranking,
  title: string,
  isSupervisor: (o: number) => boolean,
  /** Candidates the title fits no better: managers, and any other rank the title does not name. */
  unfit: (o: number) => boolean,
  listed: ListedAs,
): Ranking => atUnnamedRole(ranking, title, isSupervisor, namesRank, unfit, listed);

/**
 * Head nouns that name a manager's post by its rank ("Manager", "Director", "Superintendent"), which the
 * supervisor-of-a-trade reading (title-readings.ts) leaves alone: a manager of a kind of work is not, as
 * a rule, the first-line supervisor of its workers.
 */
export const MANAGER_RANKS: ReadonlySet<string> = new Set(['manager', 'director', 'superintendent']);

/**
 * The converse of the rules above (docs/methodology.md §2a, the ninth round, rank-head titles): a title
 * whose head is a manager's rank ("Grounds Manager", "Procurement Director", "Superintendent Quarry") names
 * a manager or a supervisor, not the workers whose words it carries. Matched as written, the rarer words
 * of the work outweigh the rank, and the work's own workers can win. Where the answer is a worker
 * occupation (neither a manager nor a first-line supervisor) none of whose O*NET titles uses the head
 * word, the best-ranked manager or first-line supervisor whose titles use one of the title's other words
 * (reached through the work, not through the rank alone) answers instead, at most Probable. Not for a
 * professional or technical answer (major groups 13-29): the SOC classifies their supervisors with the
 * workers supervised ("Director of Nursing" may be a nurse), and employers' titles follow it; nor where
 * the worker's titles use the rank word ("Parking Manager", which O*NET files with
 * parking enforcement workers).
 */
export function atRankHead(
  ranking: Ranking,
  /** The title's head noun (title-shape.ts headNoun), asked only for a worker answer. */
  headOf: () => string | null,
  /** A manager or a first-line supervisor. */
  supervisory: (o: number) => boolean,
  /** Some O*NET title of the occupation uses the word. */
  titleHas: (o: number, word: string) => boolean,
  professional: (o: number) => boolean,
): Ranking {
  const top = ranking.list[0];
  // Most titles name no manager's rank: the head noun is read only for those that do.
  if (top === undefined || !ranking.words.some((w) => MANAGER_RANKS.has(w))) return ranking;
  if (supervisory(top.o) || professional(top.o)) return ranking;
  // A manager's rank written first is the head, as an index of occupations writes it ("Superintendent
  // Housekeeper"): headNoun reads a person noun written last as the head of such a title.
  const first = ranking.words[0];
  const rank = first !== undefined && ranking.words.length > 1 && MANAGER_RANKS.has(first) ? first : headOf();
  if (rank === null || !MANAGER_RANKS.has(rank) || titleHas(top.o, rank)) return ranking;
  const work = ranking.words.filter((w) => !isRankWord(w));
  const other = ranking.list.find((e) => supervisory(e.o) && work.some((w) => titleHas(e.o, w)));
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}
