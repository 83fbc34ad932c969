import { detectMapping } from '../domain/column-mapping';
import { readCurrentPay, type PayReading } from '../domain/current-pay';
import { positionOf, type MarketFigures, type PositionFigures } from '../domain/market-position';
import { readActiveRow } from '../excel/active-row';
import { findHeader } from '../excel/output-columns';
import { MARKET_AS_OF_HEADER } from '../excel/position-columns';
import { RANGE_MAX_HEADER, RANGE_MIN_HEADER } from '../excel/range-columns';

/**
 * The market band of the row the analyst is on, for the pane's picture: the row's Salary percentiles,
 * its current pay and where that sits, and its pay range when it has one. Read from the sheet as the
 * columns stand (the figures as written, aged or not), computed with the same rules as the sheet's
 * Market columns (src/domain/market-position.ts).
 */

export interface MarketBand {
  /** 1-based sheet row. */
  readonly row: number;
  readonly title: string;
  readonly currency: string;
  readonly figures: MarketFigures;
  readonly pay: PayReading;
  /** Where the pay sits; null without a pay or without P25/P50/P75. */
  readonly position: PositionFigures | null;
  readonly rangeMin: number | null;
  readonly rangeMax: number | null;
  /** The date of the figures (Market As Of, else DataEffectiveDate, D20), or "". */
  readonly asOf: string;
}

const FIGURE_HEADERS = {
  10: 'Salary10',
  25: 'Salary25',
  50: 'Salary50',
  75: 'Salary75',
  90: 'Salary90',
} as const;

/** null when the selection is not on a priced row (no Salary50 header above it, or no figures). */
export async function loadMarketBand(): Promise<MarketBand | null> {
  const active = await readActiveRow();
  if (active === null) return null;
  const { headers, cells } = active;
  const cell = (header: string): unknown => {
    const at = findHeader(headers, header);
    return at < 0 ? undefined : cells[at];
  };
  const number = (header: string): number | null => {
    const v = cell(header);
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const figures: MarketFigures = {};
  for (const [p, header] of Object.entries(FIGURE_HEADERS)) {
    const v = number(header);
    if (v !== null) figures[Number(p) as keyof typeof FIGURE_HEADERS] = v;
  }
  if (figures[50] === undefined) return null;
  const mapping = detectMapping(headers);
  const at = (col: number | undefined): unknown => (col === undefined ? undefined : cells[col]);
  const pay = readCurrentPay(at(mapping.pay), at(mapping.hourlyPay));
  const position = pay.kind === 'pay' ? positionOf(pay.annual, figures) : null;
  return {
    row: active.row + 1,
    title: String(at(mapping.title) ?? '').trim(),
    currency: String(cell('CurrencyCode') ?? ''),
    figures,
    pay,
    position: position?.ok ? position.value : null,
    rangeMin: number(RANGE_MIN_HEADER),
    rangeMax: number(RANGE_MAX_HEADER),
    asOf: String(cell(MARKET_AS_OF_HEADER) || cell('DataEffectiveDate') || ''),
  };
}
