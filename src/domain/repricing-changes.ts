/**
 * What a re-price changed: the rows whose figure moved by more than a threshold since they were last
 * priced, with the reasons that can be read off the two rows (another benchmark matched, a newer data date,
 * another scope applied, other aging). Pure: the pricing run hands in what the row held before its write
 * and what it writes now, each as a `PricedRow`; the pane words the reasons.
 */

/** What one priced row says, as far as the comparison needs it. */
export interface PricedRow {
  /** The figure compared (the median base salary as written), or null when the row holds none. */
  readonly figure: number | null;
  /** The benchmark priced: its code, else its title ("" when the service names none). */
  readonly match: string;
  /** The reference date of the pay data ("" when not given). */
  readonly dataDate: string;
  /** The scope applied, name → value, in a stable order (a part not applied is ""). */
  readonly scope: ReadonlyArray<readonly [name: string, value: string]>;
  /** How the figures were aged, e.g. "2026-05-01 at 3%" ("" when they were not). */
  readonly aging: string;
}

export type ChangeReason =
  | { readonly kind: 'match'; readonly from: string; readonly to: string }
  | { readonly kind: 'date'; readonly from: string; readonly to: string }
  | { readonly kind: 'scope'; readonly name: string; readonly from: string; readonly to: string }
  | { readonly kind: 'aging'; readonly from: string; readonly to: string };

export interface RowChange {
  /** 1-based sheet row. */
  readonly row: number;
  readonly before: number;
  readonly after: number;
  /** (after − before) / before × 100, e.g. 8.2 for an 8.2 % rise. */
  readonly percent: number;
  /** What differs between the two rows; empty when the service simply answered other figures. */
  readonly reasons: readonly ChangeReason[];
}

/** A move larger than this share of the old figure is listed (5 %). */
export const MOVE_THRESHOLD = 0.05;

/**
 * The change of one row, or null when it did not move by more than `threshold` (or either side has no
 * figure to compare: a row priced for the first time, or one that failed now).
 */
export function rowChange(
  row: number,
  before: PricedRow,
  after: PricedRow,
  threshold = MOVE_THRESHOLD,
): RowChange | null {
  const { figure: old } = before;
  const { figure: now } = after;
  if (old === null || now === null || !Number.isFinite(old) || !Number.isFinite(now) || old <= 0) return null;
  const share = (now - old) / old;
  if (Math.abs(share) <= threshold) return null;
  const reasons: ChangeReason[] = [];
  if (before.match !== '' && after.match !== '' && before.match !== after.match)
    reasons.push({ kind: 'match', from: before.match, to: after.match });
  if (before.dataDate !== '' && after.dataDate !== '' && before.dataDate !== after.dataDate)
    reasons.push({ kind: 'date', from: before.dataDate, to: after.dataDate });
  const then = new Map(before.scope);
  for (const [name, value] of after.scope) {
    const was = then.get(name);
    if (was !== undefined && was !== value) reasons.push({ kind: 'scope', name, from: was, to: value });
  }
  if (before.aging !== after.aging) reasons.push({ kind: 'aging', from: before.aging, to: after.aging });
  return { row, before: old, after: now, percent: Math.round(share * 1000) / 10, reasons };
}

/** The rows that moved, in sheet order. */
export function changedRows(
  pairs: Iterable<{ row: number; before: PricedRow; after: PricedRow }>,
  threshold = MOVE_THRESHOLD,
): RowChange[] {
  const out: RowChange[] = [];
  for (const { row, before, after } of pairs) {
    const change = rowChange(row, before, after, threshold);
    if (change !== null) out.push(change);
  }
  return out.sort((a, b) => a.row - b.row);
}
