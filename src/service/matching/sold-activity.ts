/**
 * What a sales line sells, named by an activity (docs/methodology.md §2a, tenth round). The SOC splits
 * sellers by what they sell: retail salespersons "sell merchandise", the wholesale and manufacturing
 * representatives "sell goods", and the sales representatives of services (41-3091) "sell services to
 * individuals or businesses" (SOC 2018 definitions). An occupation index writes a seller of goods by the
 * goods ("Sales canoes", "Sales lamps") and a seller of a service by the work sold: either by the word
 * "services" ("Sales lawn care services"), which head-first-readings.ts reads, or by the activity alone,
 * a verb's "-ing" form ("Sales snow plowing", "Sales window washing"). Read as goods, such a line was
 * answered as the retail salespersons, whose titles' "salesperson" the reading shares.
 *
 * The activity is the line's last word before any exclusion clause (head-first-readings.ts cuts it), as
 * written: a singular "-ing" form of at least six letters. A plural ("Sales etchings") names things, as
 * does the modifier of a goods noun ("Sales welding machines"), which is not last. A material named in
 * "-ing" ("bedding", "shelving") reads as an activity too; an industry naming the seller (retail or
 * wholesale trade, manufacturing) decides before this reading, and a sales occupation O*NET lists the line
 * under keeps it.
 */

/** The last word of what is sold, as written. */
const LAST_WORD = /([a-z]+)[^a-z]*$/i;
/** An activity: a verb's "-ing" form of six letters or more ("mowing" and up; not "king", "ring"). */
const ACTIVITY = /^[a-z]{3,}ing$/;

/**
 * `sold` (a sales line without its head "Sales" and any exclusion clause) names the activity sold as its
 * last word.
 */
export function soldActivity(sold: string): boolean {
  const last = LAST_WORD.exec(sold)?.[1]?.toLowerCase();
  return last !== undefined && ACTIVITY.test(last);
}
