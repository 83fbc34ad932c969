import { inferred, leading, listsTitle, type Ranking } from './ranking';

/**
 * A repairer's title answered by an occupation that repairs nothing (docs/methodology.md §2a, "Tenth
 * round, trades").
 *
 * The SOC gathers the workers who install, maintain and repair in one major group (49, "Installation,
 * Maintenance, and Repair Occupations"), with Installation, Maintenance, and Repair Workers, All Other
 * (49-9099) for those "not listed separately"; a few other occupations name repairing in their own title
 * ("Shoe and Leather Workers and Repairers", "Elevator and Escalator Installers and Repairers"). A title
 * whose head noun is a repairer's ("Kite Mender", "Repairer Canvas Goods", "Vintage Car Repairer")
 * that O*NET does not list, answered by an occupation outside that group whose own title names no
 * repairing, matched the object's words only, as the makers and operators of the object do: it gives way
 * to the best-ranked repair occupation within WINDOW of its score (a supervisor only where the title names a rank), at
 * most Probable. Where O*NET lists the
 * title under a maker (a near-exact title), that answer stands.
 */

/** Head nouns that name a repairer. */
const REPAIRER_NOUNS: ReadonlySet<string> = new Set(['repairer', 'repairman', 'mender']);
/** Words of an occupation's own title that name repairing. */
const REPAIR_WORDS: ReadonlySet<string> = new Set(['repairer', 'repairman', 'mender', 'mechanic', 'repair']);
/** How far behind the answer a repair occupation may be, and still answer. */
const WINDOW = 0.1;

export function atRepairerTitle(
  ranking: Ranking,
  head: () => string | null,
  socCodes: readonly string[],
  /** The words of occupation o's own O*NET title. */
  ownTitleWords: readonly ReadonlySet<string>[],
  /** Candidates the title fits no better: supervisors and managers where it names no rank. */
  unfit: (o: number) => boolean,
): Ranking {
  const top = ranking.list[0];
  if (top === undefined || listsTitle(top) || !ranking.words.some((w) => REPAIRER_NOUNS.has(w)))
    return ranking;
  const repairs = (o: number): boolean =>
    (socCodes[o] as string).startsWith('49-') ||
    [...(ownTitleWords[o] as ReadonlySet<string>)].some((w) => REPAIR_WORDS.has(w));
  if (repairs(top.o)) return ranking;
  const h = head();
  if (h === null || !REPAIRER_NOUNS.has(h)) return ranking;
  const other = ranking.list.find((e) => e.score >= top.score - WINDOW && repairs(e.o) && !unfit(e.o));
  return other === undefined ? ranking : leading(ranking, { ...other, rating: inferred(other.rating) });
}
