import { inferred, listsTitle, type Ranking, type RankTitle } from './ranking';
import { juniorLevel } from './title-level';

/**
 * Generic rank titles (docs/methodology.md §2a, the eighth round, "generic rank titles"): a
 * subordinate rank word and a bare head noun that names a post by its rank alone ("Assistant
 * Manager", "Deputy Director"). Matched as written, the subordinate word is the rarer of the two, so an
 * O*NET title that holds both words and one the title lacks wins: the assistant of a particular
 * manager or the deputy of a particular officer (an alternate title of an analyst's or a patrol
 * officer's occupation), whose kind the title never names. Such a title is read as its head noun at
 * the Junior level, as "Associate" already is (title-level.ts): the answer stays within the head
 * noun's own kind, and the price a step below its median. A title O*NET lists (a near-exact match:
 * ranking.ts listsTitle) and one whose answer's own title carries the head noun keep the direct
 * match; the read answer is at most Probable.
 */
const SUBORDINATE_WORDS: ReadonlySet<string> = new Set(['assistant', 'deputy']);

/** Head nouns that name a post by its rank, not by what it does. */
const RANK_HEADS: ReadonlySet<string> = new Set([
  'manager',
  'director',
  'supervisor',
  'administrator',
  'superintendent',
]);

export function atGenericRank(
  ranking: Ranking,
  ranked: RankTitle,
  description: string,
  /** The occupation's own O*NET title holds the word. */
  ownTitleHas: (o: number, word: string) => boolean,
): Ranking {
  const { words, level } = ranking;
  if (words.length !== 2) return ranking;
  const [rank, head] = words as [string, string];
  if (!SUBORDINATE_WORDS.has(rank) || !RANK_HEADS.has(head)) return ranking;
  // A management level is the head noun's own (a director's: title-level.ts), which the rank word
  // lowers to Junior; a written seniority word ("Senior", "II") is the title's level and is kept.
  const headLevel = level !== null && level.management;
  if (headLevel && !(level.words.length === 1 && level.words[0] === head)) return ranking;
  const top = ranking.list[0];
  if (top !== undefined && (listsTitle(top) || ownTitleHas(top.o, head))) return ranking;
  const read = ranked(head, description);
  if (read.list.length === 0) return ranking;
  return {
    words: read.words,
    level: level === null || headLevel ? juniorLevel([rank]) : level,
    list: read.list.map((e) => ({ ...e, rating: inferred(e.rating) })),
  };
}
