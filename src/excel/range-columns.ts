import { HOURS_PER_YEAR } from '../domain/current-pay';

/**
 * The pay-range columns and the Excel formulas in them. The formulas are the maths of
 * src/domain/pay-range.ts spelled in Excel, so the ranges stay live: each row's refers to its own market
 * cell (the target, e.g. Salary50), and every row refers to the two named cells that hold the spread and
 * the rounding (src/excel/range-settings-cells.ts), so changing one cell moves every range. Pure text.
 */

export const RANGE_MIN_HEADER = 'Range Min';
export const RANGE_MID_HEADER = 'Range Mid';
export const RANGE_MAX_HEADER = 'Range Max';
export const COMPA_RATIO_HEADER = 'Compa-Ratio';
export const RANGE_PENETRATION_HEADER = 'Range Penetration';

/** Every column the ranges card may write; Compa-Ratio and Range Penetration only with a pay column. */
export const RANGE_HEADERS: readonly string[] = [
  RANGE_MIN_HEADER,
  RANGE_MID_HEADER,
  RANGE_MAX_HEADER,
  COMPA_RATIO_HEADER,
  RANGE_PENETRATION_HEADER,
];

/** The workbook-scoped names of the two settings cells (names: letters, digits, "_"; not cell-like). */
export const SPREAD_NAME = 'JobPrice_RangeSpread';
export const ROUNDING_NAME = 'JobPrice_RangeRounding';

/** Number formats of the two pay-relative columns (the range ends take the row's money format). */
export const COMPA_RATIO_FORMAT = '0.00';
export const PENETRATION_FORMAT = '0%';

/** 0-based sheet columns the formulas refer to. */
export interface RangeFormulaColumns {
  /** The market figure the range is built around (a Salary/Comp percentile or Composite P50). */
  readonly target: number;
  readonly min: number;
  readonly mid: number;
  readonly max: number;
  /** Current pay, annual and hourly; either or both may be absent. */
  readonly pay?: number;
  readonly hourlyPay?: number;
}

/**
 * A cell of the formula's own row in R1C1 notation, its column fixed ("RC11" is $K of the same row): the
 * same text serves every row, so a column of range formulas is one string, and a formula copied down or
 * sorted keeps its column.
 */
const cell = (col: number): string => `RC${col + 1}`;

/** x rounded to the named step; a step of 0 leaves it (as roundToStep). */
function rounded(x: string): string {
  return `IF(${ROUNDING_NAME}>0,ROUND((${x})/${ROUNDING_NAME},0)*${ROUNDING_NAME},${x})`;
}

/**
 * The current pay of the row as an Excel expression, and the test that there is none. Text such as
 * "$85,000" counts as Excel reads it (--"$85,000" is 85000); an hourly rate is annualised at 2,080 hours;
 * a filled annual cell wins over the hourly one (as readCurrentPay).
 */
function payExpression(cols: RangeFormulaColumns): { blank: string; value: string } | null {
  const annual = cols.pay === undefined ? null : cell(cols.pay);
  const hourly = cols.hourlyPay === undefined ? null : cell(cols.hourlyPay);
  const hourlyValue = hourly === null ? '' : `--${hourly}*${HOURS_PER_YEAR}`;
  if (annual !== null && hourly !== null)
    return {
      blank: `LEN(${annual}&${hourly})=0`,
      value: `IF(LEN(${annual})>0,--${annual},${hourlyValue})`,
    };
  if (annual !== null) return { blank: `LEN(${annual})=0`, value: `--${annual}` };
  if (hourly !== null) return { blank: `LEN(${hourly})=0`, value: hourlyValue };
  return null;
}

/**
 * The formulas of every row, in R1C1 notation (Range.formulasR1C1, ExcelApi 1.2), in RANGE_HEADERS order;
 * without a pay column only the first three. A row whose market cell holds no number, or without pay,
 * shows "" where a figure cannot be.
 */
export function rangeFormulas(cols: RangeFormulaColumns): string[] {
  const market = cell(cols.target);
  const min = `${market}/(1+${SPREAD_NAME}/2)`;
  const ifMarket = (x: string): string => `=IF(ISNUMBER(${market}),${rounded(x)},"")`;
  const formulas = [ifMarket(min), ifMarket(market), ifMarket(`${min}*(1+${SPREAD_NAME})`)];
  const pay = payExpression(cols);
  if (pay === null) return formulas;
  const [lo, mid, hi] = [cell(cols.min), cell(cols.mid), cell(cols.max)];
  // IFERROR: a pay that is not a number, or a range with no figures, shows "" rather than #VALUE!.
  formulas.push(
    `=IFERROR(IF(${pay.blank},"",ROUND(${pay.value}/${mid},2)),"")`,
    `=IFERROR(IF(${pay.blank},"",ROUND((${pay.value}-${lo})/(${hi}-${lo}),2)),"")`,
  );
  return formulas;
}
