import { agingFactor, parseIsoDate, type AgingSettings } from '../domain/aging';
import type { PayReading } from '../domain/current-pay';
import { BONUS_FORMAT, moneyFormat } from '../domain/number-formats';
import type { JobOutcome } from '../domain/outcome';
import type { PricedRow } from '../domain/repricing-changes';
import {
  BONUS_FIELDS,
  COMP_FIELDS,
  DATASCOPE_FIELDS,
  RESULT_FIELDS,
  SALARY_FIELDS,
  type JobResult,
  type ResultField,
} from '../api/wire';
import { EMPTY_POSITION, POSITION_FORMATS, POSITION_HEADERS, positionCells } from './position-columns';
import { COMPOSITE_HEADERS } from './composite-columns';
import { RANGE_HEADERS } from './range-columns';

/**
 * What the add-in writes next to each priced row, and where. Pure: the writer turns these into ranges.
 *
 * Columns: the spec's result field names in RESULT_FIELDS order, then `JobPrice Status` (OK or the row's
 * message) and `JobPrice Priced At` (ISO timestamp). A row's cells are always written together, in one
 * range write, so a row is either fully updated or untouched: never half-written.
 */

export const STATUS_HEADER = 'JobPrice Status';
export const PRICED_AT_HEADER = 'JobPrice Priced At';
/** Aging: the date and yearly rate the row's Salary and Comp figures were aged to (blank: not aged). */
export const AGED_TO_HEADER = 'JobPrice Aged To';
export const AGING_RATE_HEADER = 'JobPrice Aging Rate';
export const OUTPUT_HEADERS: readonly string[] = [
  ...RESULT_FIELDS,
  STATUS_HEADER,
  PRICED_AT_HEADER,
  AGED_TO_HEADER,
  AGING_RATE_HEADER,
];
/**
 * The columns of a run: OUTPUT_HEADERS, then the market-position columns when the sheet has a current-pay
 * column (src/excel/position-columns.ts).
 */
export function outputHeaders(withPosition: boolean): readonly string[] {
  return withPosition ? OUTPUT_WITH_POSITION : OUTPUT_HEADERS;
}
const OUTPUT_WITH_POSITION: readonly string[] = [...OUTPUT_HEADERS, ...POSITION_HEADERS];

export const STATUS_OK = 'OK';
export const STATUS_CANCELLED = 'Cancelled';

const MONEY = new Set<string>([...SALARY_FIELDS, ...COMP_FIELDS]);
const BONUS = new Set<string>(BONUS_FIELDS);

export { BONUS_FORMAT, moneyFormat };
export const TEXT_FORMAT = '@';

function formatFor(header: string, currency: string | undefined): string {
  if (MONEY.has(header)) return moneyFormat(currency);
  if (BONUS.has(header)) return BONUS_FORMAT;
  // Text columns stay text: a value such as "=..." or "1-4" must not turn into a formula or a date.
  return TEXT_FORMAT;
}

export type OutputCell = string | number;

/**
 * One frozen formats array per currency (and with or without the position columns): rows share it, so
 * estimating and writing it costs nothing extra.
 */
const formatRows = new Map<string, readonly string[]>();
function rowFormats(currency: string | undefined, withPosition: boolean): string[] {
  const key = `${currency ?? ''}|${withPosition ? 'p' : ''}`;
  let formats = formatRows.get(key);
  if (!formats) {
    const base = OUTPUT_HEADERS.map((h) => formatFor(h, currency));
    formats = Object.freeze(withPosition ? [...base, ...POSITION_FORMATS] : base);
    formatRows.set(key, formats);
  }
  return formats as string[];
}

const AGED_FIELDS = [...SALARY_FIELDS, ...COMP_FIELDS] as const;

export type AgedResult =
  | { readonly aged: true; readonly result: JobResult; readonly agedTo: string; readonly ratePercent: number }
  | { readonly aged: false; readonly result: JobResult; readonly why: string };

/**
 * The result with its Salary and Comp figures aged to the chosen date (whole units, as the service sends
 * them; bonus percentages untouched), or as it came with the reason it was not: aging is off, or the
 * service sent no DataEffectiveDate (D20) to age from.
 */
export function ageResult(result: JobResult, aging: AgingSettings | undefined): AgedResult {
  if (aging === undefined || !aging.enabled || aging.effectiveDate === '')
    return { aged: false, result, why: 'aging is off' };
  const from = result.DataEffectiveDate ?? '';
  if (parseIsoDate(from) === null)
    return { aged: false, result, why: 'the service sent no DataEffectiveDate to age from' };
  const factor = agingFactor(from, aging.effectiveDate, aging.ratePercent);
  const aged: Record<string, unknown> = { ...result };
  for (const f of AGED_FIELDS) {
    const v = result[f];
    if (typeof v === 'number') aged[f] = Math.round(v * factor);
  }
  return {
    aged: true,
    result: aged,
    agedTo: aging.effectiveDate,
    ratePercent: aging.ratePercent,
  };
}

/**
 * The cells of one row in `outputHeaders(pay !== undefined)` order, with their number formats (shared, do
 * not mutate). With `pay` (the row's current pay, possibly none), the market-position cells follow,
 * computed against the figures as written: aged first when aging is on.
 */
export function outputRow(
  outcome: JobOutcome<JobResult>,
  pricedAt: string,
  aging?: AgingSettings,
  pay?: PayReading,
): { values: OutputCell[]; formats: string[] } {
  const withPosition = pay !== undefined;
  if (outcome.ok) {
    const aged = ageResult(outcome.result, aging);
    const result = aged.result;
    const values: OutputCell[] = RESULT_FIELDS.map((f: ResultField) => result[f] ?? '');
    // The aging columns say what was done to the figures, so every aged number can be traced.
    values.push(STATUS_OK, pricedAt, aged.aged ? aged.agedTo : '', aged.aged ? `${aged.ratePercent}%` : '');
    if (withPosition)
      values.push(...positionCells(result, aged.aged ? aged.agedTo : (result.DataEffectiveDate ?? ''), pay));
    return { values, formats: rowFormats(result.CurrencyCode, withPosition) };
  }
  // A failed or cancelled row keeps no figures from an earlier run: every figure cell is cleared.
  const status = outcome.kind === 'cancelled' ? STATUS_CANCELLED : outcome.message;
  const values: OutputCell[] = RESULT_FIELDS.map(() => '');
  values.push(status, '', '', '');
  if (withPosition) values.push(...EMPTY_POSITION);
  return { values, formats: rowFormats(undefined, withPosition) };
}

/** The columns `pricedRowFrom` reads: a re-price reads only these of the rows it replaces. */
export const PRICED_ROW_HEADERS: readonly string[] = [
  'Salary50',
  'MatchedJobCode',
  'MatchedJobTitle',
  'DataEffectiveDate',
  ...DATASCOPE_FIELDS,
  AGED_TO_HEADER,
  AGING_RATE_HEADER,
];

/**
 * What a row of our columns says, for comparing a re-price with what the row held before
 * (src/domain/repricing-changes.ts): the median base salary as written, the benchmark, the data date,
 * the scope and the aging. `cell(header)` gives the row's cell under one of OUTPUT_HEADERS.
 */
export function pricedRowFrom(cell: (header: string) => unknown): PricedRow {
  const text = (header: string): string => {
    const v = cell(header);
    return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  };
  const figure = cell('Salary50');
  const agedTo = text(AGED_TO_HEADER);
  return {
    figure: typeof figure === 'number' ? figure : null,
    match: text('MatchedJobCode') || text('MatchedJobTitle'),
    dataDate: text('DataEffectiveDate'),
    scope: DATASCOPE_FIELDS.map((f) => [f, text(f)] as const),
    aging: agedTo === '' ? '' : `${agedTo} at ${text(AGING_RATE_HEADER)}`,
  };
}

/** What a row says once `outcome` is written to it (the same cells `outputRow` gives), as a PricedRow. */
export function pricedRowOf(outcome: JobOutcome<JobResult>, aging?: AgingSettings): PricedRow {
  const { values } = outputRow(outcome, '', aging);
  return pricedRowFrom((header) => values[OUTPUT_HEADERS.indexOf(header)]);
}

/** Header comparison ignores case and spaces, so "jobprice status" is found as ours. */
function normal(cell: unknown): string {
  return typeof cell === 'string' ? cell.toLowerCase().replace(/\s+/g, '') : '';
}

const OUTPUT_KEYS = new Set(
  [...OUTPUT_HEADERS, ...POSITION_HEADERS, ...RANGE_HEADERS, ...COMPOSITE_HEADERS].map(normal),
);

/**
 * true for a header cell naming one of the columns the add-in writes ("Salary50", "JobPrice Status", the
 * market-position, pay-range and composite columns).
 */
export function isOutputHeader(cell: unknown): boolean {
  return OUTPUT_KEYS.has(normal(cell));
}

/** The offset of the first header cell naming `header` (case and spaces ignored), or -1. */
export function findHeader(headerCells: readonly unknown[] | null, header: string): number {
  const want = normal(header);
  return (headerCells ?? []).findIndex((cell) => normal(cell) === want);
}

export interface OutputLayout {
  /** Column offset (from the block's first column) of each header laid out (OUTPUT_HEADERS by default). */
  offsets: number[];
  /** true where the column already had our header (found, so it is ours to overwrite on re-price). */
  existing: boolean[];
  /** Columns to create, left to right, with their header text. */
  added: Array<{ offset: number; header: string }>;
}

/**
 * Finds our columns by header in the header row (anywhere in it), and places the missing ones side by
 * side to the right of the data: after the last non-empty header cell, or after the selection when
 * there is no header row.
 *
 * @param headerCells the header row from the block's first column as far right as the sheet is used,
 *   or null when the block has no header row
 * @param dataWidth columns of the selection (or table)
 * @param headers the columns to place: a run's (`outputHeaders`), or the pay ranges' or composite's
 */
export function layoutOutput(
  headerCells: readonly unknown[] | null,
  dataWidth: number,
  headers: readonly string[] = OUTPUT_HEADERS,
): OutputLayout {
  const found = new Map<string, number>();
  let lastUsed = dataWidth - 1;
  (headerCells ?? []).forEach((cell, i) => {
    const key = normal(cell);
    if (key !== '' && !found.has(key)) found.set(key, i);
    if (cell !== '' && cell !== null && cell !== undefined) lastUsed = Math.max(lastUsed, i);
  });
  const offsets: number[] = [];
  const existing: boolean[] = [];
  const added: Array<{ offset: number; header: string }> = [];
  let next = lastUsed + 1;
  for (const header of headers) {
    const at = found.get(normal(header));
    if (at !== undefined) {
      offsets.push(at);
      existing.push(true);
    } else {
      offsets.push(next);
      existing.push(false);
      added.push({ offset: next, header });
      next++;
    }
  }
  return { offsets, existing, added };
}

/** Contiguous runs of output columns: each run becomes one range per row block. */
export function columnRuns(layout: OutputLayout): Array<{ offset: number; indexes: number[] }> {
  const order = layout.offsets
    .map((offset, index) => ({ offset, index }))
    .sort((a, b) => a.offset - b.offset);
  const runs: Array<{ offset: number; indexes: number[] }> = [];
  for (const { offset, index } of order) {
    const last = runs[runs.length - 1];
    if (last && last.offset + last.indexes.length === offset) last.indexes.push(index);
    else runs.push({ offset, indexes: [index] });
  }
  return runs;
}
