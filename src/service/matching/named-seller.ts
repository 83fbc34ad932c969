import { majorGroupOf } from '../soc-code';
import { titleWords } from '../text/normalize';
import { inferred, type RankedEntry, type Ranking } from './ranking';
import type { RoleReadings } from './role-readings';

/**
 * Retail sales workers named by what they handle (docs/methodology.md §2a, ninth round). The SOC splits
 * its retail sales workers (minor group 41-2000) by what they handle: cashiers take money, gambling
 * change persons and booth cashiers change it, counter and rental clerks take orders for rentals and
 * repairs, parts salespersons "sell spare and replacement parts and equipment" (SOC 2018 definitions);
 * the retail salespersons, named by the group's own word "retail", sell any other merchandise. O*NET
 * files titles naming other goods or kinds of seller under those named by what they handle ("Wholesale
 * Parts Salesperson", "Electronics Parts Salesperson"), so a title naming selling and the goods or the
 * seller's kind, but not what the worker handles, reached them through its other words: "Wholesale
 * Salesperson" was answered, Confident, as the parts salespersons.
 *
 * Such a worker answers a title that names selling only where the title uses a word of its own title
 * other than the person it names ("parts" of Parts Salespersons, "counter" or "rental" of Counter and
 * Rental Clerks). Otherwise it goes to the end of the candidates (where the industry's weighing, applied
 * later, cannot lift it past the others), and where it led, the best seller that is not such a worker
 * answers, at most Probable.
 */

/** The SOC's retail sales workers (41-2000). */
const RETAIL_SALES_WORKERS = '41-2';
/** The group's own word: the occupation whose own title uses it sells any merchandise. */
const RETAIL_WORD = 'retail';
/** The SOC major group of sales and related occupations. */
const SALES_MAJOR_GROUP = '41';
/** Words of the "sale" family: "Sales", "Salesperson", "Salesman", "Saleswoman" (as normalised). */
const SELLING = /^sale/;

export class NamedSellers {
  /** Per occupation, the words of its own title naming what it handles, or null when it is none such. */
  private readonly handles: ReadonlyArray<ReadonlySet<string> | null>;

  constructor(
    occupationTitles: readonly string[],
    private readonly socCodes: readonly string[],
    private readonly roles: RoleReadings,
  ) {
    this.handles = occupationTitles.map((t, o) => {
      if (!(socCodes[o] as string).startsWith(RETAIL_SALES_WORKERS)) return null;
      const own = titleWords(t.split(/,?\s+except\b/i)[0] ?? t).filter((w) => !roles.personNoun(w));
      return own.length === 0 || own.includes(RETAIL_WORD) ? null : new Set(own);
    });
  }

  /** Occupation o is a retail sales worker named by what it handles, and `words` name none of it. */
  unnamed(o: number, words: readonly string[]): boolean {
    const own = this.handles[o];
    return own !== null && own !== undefined && !words.some((w) => own.has(w));
  }

  /** The ranking of a title that names selling with such workers moved to the end (see above). */
  apply(ranking: Ranking): Ranking {
    const { words, list } = ranking;
    if (list.length < 2 || !words.some((w) => SELLING.test(w))) return ranking;
    const kept: RankedEntry[] = [];
    const moved: RankedEntry[] = [];
    for (const e of list) (this.unnamed(e.o, words) ? moved : kept).push(e);
    if (moved.length === 0) return ranking;
    // The top stays where it is: only the moved workers go to the end.
    if (kept[0] === list[0]) return { ...ranking, list: [...kept, ...moved] };
    const seller = kept.find(
      (e) => majorGroupOf(this.socCodes[e.o] as string) === SALES_MAJOR_GROUP && !this.roles.supervisory(e.o),
    );
    if (seller === undefined) return ranking;
    const first: RankedEntry = { ...seller, rating: inferred(seller.rating) };
    return { ...ranking, list: [first, ...kept.filter((e) => e.o !== seller.o), ...moved] };
  }
}
