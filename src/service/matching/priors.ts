import { TitleKind } from '../data/onet/part';
import { isMinorGroupResidual, isSocDetailedOccupation } from '../soc-code';

/**
 * What the matcher weighs before it reads a title: how much each kind of O*NET title counts, and how
 * likely each occupation is as the meaning of a title several occupations share (docs/methodology.md §2a).
 */

/**
 * Title sources, ranked: the occupation title itself (1.0) over reported titles that O*NET shows in
 * My Next Move (0.97) over other reported titles (0.95) over alternate titles (0.90) over short titles
 * (0.88), plus 0.015 per extra O*NET source listing the title (at most +0.06). Many alternate titles are
 * listed under several occupations ("Cashier" under Cashiers, Tellers, Gambling Booth Cashiers): source
 * count, the occupation-title bonus and the prior decide between them.
 */
export function titleKindWeight(kind: number, sources: number): number {
  // The source count is kept across kinds: "Truck Driver" is a reported title of both heavy and
  // light truck drivers, but four O*NET sources list it as an alternate title of heavy truck drivers.
  const sourceBonus = 0.015 * Math.min(Math.max(sources - 1, 0), 4);
  switch (kind) {
    case TitleKind.Primary:
      return 1;
    case TitleKind.ReportedShown:
      return 0.97 + sourceBonus;
    case TitleKind.Reported:
      return 0.95 + sourceBonus;
    case TitleKind.Alternate:
      return 0.9 + sourceBonus;
    default:
      return 0.88 + sourceBonus;
  }
}

/**
 * Prior for an occupation, to settle titles that several occupations share; a tie-breaker of a few
 * hundredths, it never beats a better title:
 * - employment (OEWS national): among occupations claiming a title about equally, the larger one is
 *   the likelier meaning ("Call Center Agent" is listed under Receptionists and Telemarketers, but
 *   most people with that title answer customers). PRIOR_PER_DECADE per tenfold, from 1,000 jobs to
 *   3 million. OEWS counts a SOC code once, so an O*NET code that shares its SOC code with others
 *   (29-1229 Physicians, All Other, and its specialisations Urologists, Hospitalists, ...) gets an
 *   equal share (`share`): Urologists do not employ the whole 342,000 of 29-1229;
 * - no OEWS data at all (military, SOC 55): -0.06, it could not be priced;
 * - residual "All Other" SOC codes (xx-xx99, and the O*NET specialisations filed under them, such as
 *   15-1299.09 IT Project Managers) give way to named ones (-0.03): OEWS prices the residual as one
 *   mixed bag, a worse price for a title that a named occupation also claims; O*NET-only
 *   specialisations (codes not ending ".00") give way to their SOC detailed occupation (-0.02).
 */
const PRIOR_PER_DECADE = 0.03;
export function occupationPrior(code: string, employment: number, share: number): number {
  let prior =
    employment > 0
      ? PRIOR_PER_DECADE * Math.min(Math.max(Math.log10(employment / share) - 5, -2), 1.5)
      : -0.06;
  if (isMinorGroupResidual(code)) prior -= 0.03;
  if (!isSocDetailedOccupation(code)) prior -= 0.02;
  return prior;
}
