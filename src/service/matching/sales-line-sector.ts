import { inferred, leading, type Ranking } from './ranking';

/**
 * A sales line keeps a seller through the industry's weighing (docs/methodology.md §2a, tenth round).
 * "Sales" written first with no person noun ("Sales snow plowing") names a seller (head-first-readings.ts):
 * the head fixes the major group, sales and related occupations. The industry's weighing (sector-prior.ts)
 * takes the ranking's candidates in order with each score capped by those before it, so where the sales
 * reading put a seller ahead of a better-scored occupation of what is sold, the two tie at the seller's
 * score and the sector decides: a line selling a service at a firm of that service was answered as the
 * service's own workers, whom the firm employs more than sellers. Where the ranking before the weighing
 * led with a seller, the answer stays a seller: the best-weighed one, at most Probable.
 */
export function atSalesLineSector(
  weighed: Ranking,
  before: Ranking,
  /** The title is a sales line (isSalesLine, head-first-readings.ts). */
  salesLine: boolean,
  /** A seller: sales and related occupations (SOC 41), not their supervisors. */
  isSeller: (o: number) => boolean,
): Ranking {
  const top = weighed.list[0];
  const first = before.list[0];
  if (!salesLine || top === undefined || first === undefined || isSeller(top.o) || !isSeller(first.o))
    return weighed;
  const seller = weighed.list.find((e) => isSeller(e.o));
  return seller === undefined ? weighed : leading(weighed, { ...seller, rating: inferred(seller.rating) });
}
