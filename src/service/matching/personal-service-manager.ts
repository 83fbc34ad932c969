import { inferred, leading, type Ranking } from './ranking';
import { isRankWord, MANAGER_RANKS } from './rank-answer';

/** SOC 2018 11-9179 "Personal Service Managers, All Other": all personal service managers not listed separately. */
export const PERSONAL_SERVICE_MANAGERS = '11-9179';
/** SOC 2018 39-1022 "First-Line Supervisors of Personal Service Workers". */
const PERSONAL_SERVICE_SUPERVISORS = '39-1022';

/**
 * The personal service work whose managers the SOC files as personal service managers: animal care and
 * service workers (39-2000) and personal appearance workers (39-5000). The other personal care and
 * service workers have a manager occupation of their own that names them (gambling, entertainment and
 * recreation, funeral home, lodging, childcare managers).
 */
const personalServiceWork = (soc: string): boolean => soc.startsWith('39-2') || soc.startsWith('39-5');

/** A personal care and service worker (39-0000), not a supervisor (39-1000). */
const isPersonalCareWorker = (soc: string): boolean => soc.startsWith('39-') && !soc.startsWith('39-1');

/** The SOC's sellers of goods: retail (41-1011, 41-2000) and wholesale (41-4000). */
const sellsGoods = (soc: string): boolean =>
  soc === '41-1011' || soc.startsWith('41-2') || soc.startsWith('41-4');

/** The words that make a title's head a manager's post. */
const POST_WORDS: ReadonlySet<string> = new Set([...MANAGER_RANKS, 'owner', 'proprietor']);

/**
 * A manager of a personal service business is a personal service manager (docs/methodology.md §2a,
 * "Eleventh round: managers2").
 *
 * SOC 2018 gives the businesses that serve a person or a pet (barber and beauty shops, nail and skin
 * care, grooming and boarding) a manager occupation of their own, 11-9170 Personal Service Managers,
 * whose residual 11-9179 holds "all personal service managers not listed separately"; before 2018 they
 * were Managers, All Other, and O*NET still lists "Barber or Beauty Shop Manager" there and "Barber Shop
 * Manager" under the workers' first-line supervisors too. Matched as written, such a title reached those
 * supervisors through the listed titles, or a manager named by the business's other words (a pet
 * hotel's through "hotel": lodging managers; an esthetics business's: general managers). So where the
 * title's head is a post ("Manager", "Director", "Superintendent", "Owner", "Proprietor"; written
 * first, as an index writes it, or as the head noun), the best-ranked personal care and service worker
 * is an animal care or a personal appearance worker whose titles use a word of the title's work, and
 * the answer is the personal service supervisors, such a worker, or a manager whose titles use none of
 * those words, the personal service managers answer, at most Probable. A manager whose titles use one
 * was reached through the work itself ("Zoo Director": general managers; "Daycare Director": childcare
 * administrators) and stays. Not where a seller of goods is reached through a word the work does not
 * use ("Pet Food Store Manager": a store's manager sells goods to the same customers).
 */
export function atPersonalServiceManager(
  ranking: Ranking,
  /** The title's head noun (title-shape.ts headNoun), asked only for a title naming a post. */
  headOf: () => string | null,
  socCodes: readonly string[],
  /** Some O*NET title of the occupation uses the word. */
  titleHas: (o: number, word: string) => boolean,
  /** The personal service managers' occupation index (11-9179.00), or -1. */
  manager: number,
): Ranking {
  const { list, words } = ranking;
  const top = list[0];
  if (top === undefined || manager < 0 || !words.some((w) => POST_WORDS.has(w))) return ranking;
  const topSoc = socCodes[top.o] as string;
  if (topSoc.startsWith('11-917')) return ranking;
  const first = words[0];
  const post = first !== undefined && words.length > 1 && POST_WORDS.has(first) ? first : headOf();
  if (post === null || !POST_WORDS.has(post)) return ranking;
  const work = words.filter((w) => !isRankWord(w) && !POST_WORDS.has(w));
  const worker = list.find((e) => isPersonalCareWorker(socCodes[e.o] as string));
  if (worker === undefined || !personalServiceWork(socCodes[worker.o] as string)) return ranking;
  const named = work.filter((w) => titleHas(worker.o, w));
  if (named.length === 0) return ranking;
  // A seller of goods reached through a word the personal service work does not use: the title names
  // goods ("Pet Store Manager", "Barber Supply Manager"), whose managers are no personal service managers.
  const explained = (w: string): boolean =>
    titleHas(worker.o, w) || (topSoc === PERSONAL_SERVICE_SUPERVISORS && titleHas(top.o, w));
  const goods = list.some(
    (e) => sellsGoods(socCodes[e.o] as string) && work.some((w) => !explained(w) && titleHas(e.o, w)),
  );
  if (goods) return ranking;
  const over =
    topSoc === PERSONAL_SERVICE_SUPERVISORS ||
    personalServiceWork(topSoc) ||
    (topSoc.startsWith('11-') && !named.some((w) => titleHas(top.o, w)));
  if (!over) return ranking;
  return leading(ranking, { o: manager, score: top.score, rating: inferred(top.rating) });
}
