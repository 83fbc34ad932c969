import { majorGroupOf } from '../soc-code';
import { inferred, leading, listsTitle, type RankedEntry, type RankTitle, type Ranking } from './ranking';
import { HELPER_WORDS, HELPERS_OF_MAJOR_GROUP } from './role-readings';

/**
 * A helper of a trade whose major group has no helper occupation (docs/methodology.md §2a, "Tenth
 * round", movers).
 *
 * The SOC has helper occupations for four kinds of trade only: construction (47-3011 to 47-3019),
 * extraction (47-5081), installation, maintenance and repair (49-9098) and production (51-9198, "help
 * production workers"). The helpers of any other trade are classified with the workers of its own group:
 * the material movers' helpers with the material moving workers (53-7062 "includes all manual laborers
 * not elsewhere classified", 53-7199), the rail workers' with the rail transportation workers. O*NET
 * often lists such a helper's title twice, under the production workers' helpers and under an occupation
 * of the trade's own group ("Hoist Operator Helper", say, under both), and the production helpers, whose
 * own title names the helper, win the tie. So where the answer is a helper occupation of another major
 * group than the trade's (the title read without its helper word), and the trade's group has no helper
 * occupation, the best-ranked candidate of the trade's group that O*NET lists the title under too (a
 * near-exact title: the score a Confident answer needs), some title of which names the helper, answers
 * instead, at most Probable. Where no occupation of the trade's group lists the title, the helper answer
 * stays.
 */

export function atHelperGroup(
  ranking: Ranking,
  description: string,
  /** Ranks the trade, the title read without its helper word. */
  rankTrade: RankTitle,
  /** Occupation o is one of the SOC's helper occupations. */
  isHelper: (o: number) => boolean,
  socCodes: readonly string[],
  /** Some O*NET title of occupation o uses the word. */
  titleHas: (o: number, word: string) => boolean,
): Ranking {
  const { list, words } = ranking;
  const top = list[0];
  const helperWord = words.find((w) => HELPER_WORDS.has(w));
  if (top === undefined || helperWord === undefined || !isHelper(top.o)) return ranking;
  const groupOf = (o: number): string => majorGroupOf(socCodes[o] as string);
  // A candidate of another group without helpers that lists the title too, named by the helper word.
  const listedElsewhere = (e: RankedEntry): boolean =>
    listsTitle(e) &&
    !Object.hasOwn(HELPERS_OF_MAJOR_GROUP, groupOf(e.o)) &&
    groupOf(e.o) !== groupOf(top.o) &&
    titleHas(e.o, helperWord);
  // Most helper titles have none: the trade is ranked only for those that do.
  if (!list.some(listedElsewhere)) return ranking;
  const trade = words.filter((w) => !HELPER_WORDS.has(w));
  const worker = trade.length === 0 ? undefined : rankTrade(trade.join(' '), description).list[0];
  if (worker === undefined) return ranking;
  const own = list.find((e) => listedElsewhere(e) && groupOf(e.o) === groupOf(worker.o));
  return own === undefined ? ranking : leading(ranking, { ...own, rating: inferred(own.rating) });
}
