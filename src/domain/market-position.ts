/**
 * Where a current pay sits in a job's market (docs/methodology.md, "Market position"). Pure maths over
 * the published percentiles, which D1 guarantees are non-decreasing (P10 <= P25 <= P50 <= P75 <= P90).
 *
 * - Market ratio: pay ÷ P50, to two decimals (1.00 is the median).
 * - Market percentile: pay placed between the two published percentiles around it, interpolating on a
 *   log scale: pay distributions are skewed to the right, and equal pay ratios (not equal amounts) are
 *   equal steps between neighbouring percentiles. Below the lowest published percentile it is `<10`,
 *   above the highest `>90`; a pay equal to several tied percentiles (a top-coded P75 = P90) sits in the
 *   middle of them.
 * - Market position: Below P25, P25–P75 or Above P75.
 */

export const PERCENTILES = [10, 25, 50, 75, 90] as const;
export type Percentile = (typeof PERCENTILES)[number];

/** Published figures by percentile; a percentile the data does not give is left out. */
export type MarketFigures = Partial<Record<Percentile, number>>;

export type MarketPercentile = number | `<${Percentile}` | `>${Percentile}`;

export const POSITIONS = ['Below P25', 'P25–P75', 'Above P75'] as const;
export type MarketPosition = (typeof POSITIONS)[number];

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** pay ÷ P50, two decimals. */
export function marketRatio(pay: number, p50: number): number {
  return round2(pay / p50);
}

/** The published points in percentile order; null when they are not non-decreasing (D1) or not positive. */
function points(figures: MarketFigures): Array<{ p: Percentile; v: number }> | null {
  // A plain loop: this runs for every priced row with a pay (bench:taskpane).
  const list: Array<{ p: Percentile; v: number }> = [];
  for (const p of PERCENTILES) {
    const v = figures[p];
    if (v === undefined) continue;
    const last = list[list.length - 1];
    if (!(v > 0) || (last !== undefined && v < last.v)) return null;
    list.push({ p, v });
  }
  return list;
}

/**
 * The percentile of `pay` among the published figures, rounded to a whole percentile; null when there
 * are fewer than two figures or they are out of order.
 */
export function marketPercentile(pay: number, figures: MarketFigures): MarketPercentile | null {
  const pts = points(figures);
  if (pts === null || pts.length < 2 || !(pay > 0)) return null;
  const first = pts[0] as { p: Percentile; v: number };
  const last = pts[pts.length - 1] as { p: Percentile; v: number };
  if (pay < first.v) return `<${first.p}`;
  if (pay > last.v) return `>${last.p}`;
  // Published figures equal to the pay (ties): the middle of their percentiles.
  const tie = pts.findIndex((pt) => pt.v === pay);
  if (tie >= 0) {
    let end = tie;
    while ((pts[end + 1] as { v: number } | undefined)?.v === pay) end++;
    return Math.round(((pts[tie] as { p: number }).p + (pts[end] as { p: number }).p) / 2);
  }
  for (let i = 1; i < pts.length; i++) {
    const lo = pts[i - 1] as { p: Percentile; v: number };
    const hi = pts[i] as { p: Percentile; v: number };
    if (pay < hi.v) {
      const t = (Math.log(pay) - Math.log(lo.v)) / (Math.log(hi.v) - Math.log(lo.v));
      return Math.round(lo.p + t * (hi.p - lo.p));
    }
  }
  return last.p;
}

/** Below P25, P25–P75 (both ends included) or Above P75. */
export function marketPosition(pay: number, p25: number, p75: number): MarketPosition {
  if (pay < p25) return 'Below P25';
  return pay > p75 ? 'Above P75' : 'P25–P75';
}

export interface PositionFigures {
  readonly ratio: number;
  readonly percentile: MarketPercentile;
  readonly position: MarketPosition;
}

/**
 * All three for one pay, or a note saying which market figure is missing. Needs P25, P50 and P75; P10
 * and P90 only widen the percentile's reach.
 */
export function positionOf(
  pay: number,
  figures: MarketFigures,
): { ok: true; value: PositionFigures } | { ok: false; note: string } {
  const { 25: p25, 50: p50, 75: p75 } = figures;
  if (p25 === undefined || p50 === undefined || p75 === undefined)
    return { ok: false, note: 'No P25, P50 and P75 to compare with' };
  const percentile = marketPercentile(pay, figures);
  if (percentile === null || !(p50 > 0))
    return { ok: false, note: 'The market percentiles are not in order' };
  return {
    ok: true,
    value: { ratio: marketRatio(pay, p50), percentile, position: marketPosition(pay, p25, p75) },
  };
}
