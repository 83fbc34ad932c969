import { HOURS_PER_YEAR, type PayReading } from '../domain/current-pay';
import { positionOf, type MarketFigures } from '../domain/market-position';
import type { JobResult } from '../api/wire';

/**
 * The market-position columns a priced row gets when the sheet has a current-pay column: where the pay
 * sits against the row's Salary percentiles (src/domain/market-position.ts does the maths). Pure: the
 * result writer puts these cells after the row's other output cells, in the same range write.
 */

export const MARKET_RATIO_HEADER = 'Market Ratio';
export const MARKET_PERCENTILE_HEADER = 'Market Percentile';
export const MARKET_POSITION_HEADER = 'Market Position';
/** The date of the market figures compared: the aged-to date when aging is on, else DataEffectiveDate (D20). */
export const MARKET_AS_OF_HEADER = 'Market As Of';
/** Why a row has no position (no pay, pay that is not a number), or that an hourly rate was annualised. */
export const MARKET_NOTE_HEADER = 'Market Note';

export const POSITION_HEADERS: readonly string[] = [
  MARKET_RATIO_HEADER,
  MARKET_PERCENTILE_HEADER,
  MARKET_POSITION_HEADER,
  MARKET_AS_OF_HEADER,
  MARKET_NOTE_HEADER,
];

/** Ratio to two decimals; percentile whole (or the text <10 / >90); the rest text. */
export const POSITION_FORMATS: readonly string[] = ['0.00', '0', '@', '@', '@'];

export const NO_PAY_NOTE = 'No current pay';

const money = (x: number): string => Math.round(x).toLocaleString('en-US');

/** The base-salary percentiles of a result (D1: annual, non-decreasing). */
export function salaryFigures(result: JobResult): MarketFigures {
  const figures: MarketFigures = {};
  if (result.Salary10 !== undefined) figures[10] = result.Salary10;
  if (result.Salary25 !== undefined) figures[25] = result.Salary25;
  if (result.Salary50 !== undefined) figures[50] = result.Salary50;
  if (result.Salary75 !== undefined) figures[75] = result.Salary75;
  if (result.Salary90 !== undefined) figures[90] = result.Salary90;
  return figures;
}

/**
 * The five cells for one priced row, in POSITION_HEADERS order. `result` is the figures as written
 * (aged when aging is on), `asOf` their date. Without a usable pay the figures stay empty and the note
 * says why: the price itself is never touched.
 */
export function positionCells(result: JobResult, asOf: string, pay: PayReading): Array<string | number> {
  if (pay.kind === 'none') return ['', '', '', asOf, NO_PAY_NOTE];
  if (pay.kind === 'invalid') return ['', '', '', asOf, pay.note];
  const position = positionOf(pay.annual, salaryFigures(result));
  if (!position.ok) return ['', '', '', asOf, position.note];
  const note =
    pay.hourly === null
      ? ''
      : `Hourly ${pay.hourly.toLocaleString('en-US')} × ${money(HOURS_PER_YEAR)} hours = ${money(pay.annual)} a year`;
  const { ratio, percentile, position: where } = position.value;
  return [ratio, percentile, where, asOf, note];
}

/** The cells of a row that was not priced: nothing to compare with. */
export const EMPTY_POSITION: ReadonlyArray<string | number> = Object.freeze(['', '', '', '', '']);
