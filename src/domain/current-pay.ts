/**
 * Current pay as analysts keep it in their sheets: an annual salary ("Current Salary", "Base Pay"), or an
 * hourly rate ("Hourly Rate") that is annualised at HOURS_PER_YEAR, the 40-hour, 52-week year US pay
 * surveys use. Pure: cells arrive as Excel's `values` give them. The pay is read here and compared in
 * the workbook only; it is never part of a job sent to the service (docs/methodology.md, "Current pay").
 */

/** 40 hours × 52 weeks. */
export const HOURS_PER_YEAR = 2080;

export type PayReading =
  /** The cell is empty: nothing to compare. */
  | { readonly kind: 'none' }
  /** The cell holds something that is not a pay; `note` says what, for the sheet. */
  | { readonly kind: 'invalid'; readonly note: string }
  /** `annual` is the yearly pay; `hourly` the rate it was annualised from, or null for an annual cell. */
  | { readonly kind: 'pay'; readonly annual: number; readonly hourly: number | null };

export const NO_PAY: PayReading = Object.freeze({ kind: 'none' });

/**
 * A number as text, as Excel itself reads it in a formula ("$85,000" * 1 is 85000): an optional currency
 * sign and thousands separators. The pay-range formulas (src/excel/range-columns.ts) read the same cells.
 */
const MONEY_TEXT = /^\s*[$€£]?\s*([+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*$/;
const EXCEL_ERROR = /^#[A-Z0-9/!?_]+/;

function shown(cell: unknown): string {
  const text = String(cell);
  return text.length > 30 ? `${text.slice(0, 30)}…` : text;
}

/** The number in a pay cell, or a note saying why there is none; null for an empty cell. */
function amount(cell: unknown): number | { note: string } | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : { note: 'Current pay is not a number' };
  if (typeof cell === 'string') {
    if (cell.trim() === '') return null;
    if (EXCEL_ERROR.test(cell.trim())) return { note: `Current pay shows the Excel error ${cell.trim()}` };
    const m = MONEY_TEXT.exec(cell);
    if (m !== null) return Number((m[1] as string).replace(/,/g, ''));
  }
  return { note: `Current pay '${shown(cell)}' is not a number` };
}

/** One pay cell of a known unit. */
export function readPayCell(cell: unknown, unit: 'annual' | 'hourly'): PayReading {
  const value = amount(cell);
  if (value === null) return NO_PAY;
  if (typeof value !== 'number') return { kind: 'invalid', note: value.note };
  if (!(value > 0)) return { kind: 'invalid', note: 'Current pay must be more than 0' };
  return unit === 'annual'
    ? { kind: 'pay', annual: value, hourly: null }
    : { kind: 'pay', annual: value * HOURS_PER_YEAR, hourly: value };
}

/**
 * A row's current pay from its annual and hourly cells (either may be unmapped: pass undefined). A
 * filled annual cell wins; an empty one falls back to the hourly cell, so salaried and hourly staff can
 * share one sheet with a column each.
 */
export function readCurrentPay(annualCell: unknown, hourlyCell: unknown): PayReading {
  const annual = readPayCell(annualCell, 'annual');
  return annual.kind === 'none' ? readPayCell(hourlyCell, 'hourly') : annual;
}
