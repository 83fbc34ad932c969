import type { JobSpec } from './job';
import { isUnitedStates, stateCode, unknownStateMessage } from './us-states';
import { FIELD_LABELS, type ColumnMapping, type InputField } from './column-mapping';
import { localJobError } from './validation';
import { ambiguousNumberMessage, EN_US, readNumberText, type NumberCulture } from './number-text';

/**
 * Turns the raw cell values of one sheet row into a JobSpec, or a sentence saying what is wrong with it.
 * Pure: cells arrive as Excel's `values` give them (string | number | boolean, "" for empty).
 *
 * Each cell is type-checked first (a clear "FTEValue must be a number, got 'abc'"), then the whole job goes
 * through `localJobError`, the service's own rules (D4, D5, D7), so a row refused here reads exactly like
 * one the service would have refused.
 */

/** One row ready for the planner: `row` is the 1-based sheet row number. */
export type ParsedRow =
  { readonly row: number; readonly spec: JobSpec } | { readonly row: number; readonly error: string };

/** Excel shows formula errors as these strings in `values`. */
const EXCEL_ERROR =
  /^#(N\/A|VALUE!|REF!|DIV\/0!|NUM!|NAME\?|NULL!|SPILL!|CALC!|BUSY!|FIELD!|BLOCKED!|CONNECT!|UNKNOWN!|GETTING_DATA)/;

export const TITLE_REQUIRED = 'JobTitle is required.';

// Compiled once: a regex literal inside a function is a new RegExp on every call.
const COUNTRY = /^[A-Z]{2,3}$/;
const STATE = /^[A-Z]{2}$/;
const ZIP = /^(\d{3,5})(-\d{4})?$/;
const NAICS_TEXT = /^\d{2,6}(-\d{2})?$/;

type Cell = unknown;

class CellError extends Error {}

function show(value: Cell): string {
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

function rejectExcelError(field: InputField, value: Cell): void {
  // '#' first: the regex runs only for the rare cell that can be an error.
  if (typeof value === 'string' && value.charCodeAt(0) === 35 && EXCEL_ERROR.test(value)) {
    throw new CellError(`${FIELD_LABELS[field]} cell shows the Excel error ${value}.`);
  }
}

function text(field: InputField, value: Cell): string {
  rejectExcelError(field, value);
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new CellError(`${FIELD_LABELS[field]} must be text, got ${show(value)}.`);
}

/** A code column: letters only, upper-cased (state "ma" → "MA", country "usa" → "USA"). */
function code(field: InputField, value: Cell, pattern: RegExp, what: string): string {
  const t = text(field, value).toUpperCase();
  if (t !== '' && !pattern.test(t))
    throw new CellError(`${FIELD_LABELS[field]} must be ${what}, got ${show(value)}.`);
  return t;
}

/**
 * A US state as people write it ("California", "Calif.", "N.Y.") becomes its USPS code; one that names
 * no state fails the row with its text. Outside the US the code is passed on as written (2 letters).
 */
function state(country: string, value: Cell): string {
  if (!isUnitedStates(country)) return code('state', value, STATE, 'a 2-letter state code such as MA');
  const written = text('state', value);
  const usps = stateCode(written);
  if (usps === null) throw new CellError(unknownStateMessage(written));
  return usps;
}

/**
 * ZIP codes: Excel turns "02134" typed into a General cell into the number 2134; restore the zeros.
 * "02134-1234" (ZIP+4) keeps its first five digits, which is what the service uses.
 */
export function parseZip(value: Cell): string {
  rejectExcelError('zip', value);
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value <= 99999) return String(value).padStart(5, '0');
    throw new CellError(`ZipCode must be 5 digits, got ${show(value)}.`);
  }
  if (typeof value !== 'string') throw new CellError(`ZipCode must be 5 digits, got ${show(value)}.`);
  const t = value.trim();
  const m = ZIP.exec(t);
  if (t === '') return '';
  if (!m || m[1] === undefined) throw new CellError(`ZipCode must be 5 digits, got ${show(value)}.`);
  return m[1].padStart(5, '0');
}

/** NAICS codes are digits; a number cell 5112 reads as "5112". The service takes the 2-digit sector (D10). */
function naics(value: Cell): string {
  rejectExcelError('naics', value);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0) return String(value);
    throw new CellError(`NAICSCode must be digits, got ${show(value)}.`);
  }
  const t = text('naics', value);
  if (t !== '' && !NAICS_TEXT.test(t)) throw new CellError(`NAICSCode must be digits, got ${show(value)}.`);
  return t;
}

/**
 * FTE and revenue: a number, or text that reads as one in the workbook's culture ("1,200" in English,
 * "1.200" in German); a text that reads as a number only in the other convention is refused as ambiguous
 * (src/domain/number-text.ts). Empty means unused (0).
 */
function amount(field: 'fte' | 'revenue', value: Cell, culture: NumberCulture | null): number {
  rejectExcelError(field, value);
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
  } else if (typeof value === 'string') {
    if (value.trim() === '') return 0;
    const reading = readNumberText(value, culture);
    if (reading.kind === 'number') return reading.value;
    if (reading.kind === 'ambiguous')
      throw new CellError(ambiguousNumberMessage(FIELD_LABELS[field], value, reading.readings));
  }
  throw new CellError(`${FIELD_LABELS[field]} must be a number, got ${show(value)}.`);
}

/** True when every mapped cell of the row is empty: such rows are left alone, not reported as failures. */
export function isBlankRow(row: readonly Cell[], mapping: ColumnMapping): boolean {
  return blankIn(row, mappedColumns(mapping));
}

function mappedColumns(mapping: ColumnMapping): number[] {
  return Object.values(mapping).filter((c): c is number => c !== undefined);
}

function blankIn(row: readonly Cell[], cols: readonly number[]): boolean {
  for (const col of cols) {
    const v = row[col];
    if (v === '' || v === null || v === undefined) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    return false;
  }
  return true;
}

/**
 * A parser bound to one mapping: column look-ups are resolved once, so 10,000 rows cost one pass each.
 * Numbers typed as text are read in `culture`, the workbook's (null when Excel cannot say).
 * Returns null for a blank row (see `isBlankRow`), else the parsed row; never throws.
 */
export function createRowParser(
  mapping: ColumnMapping,
  culture: NumberCulture | null = EN_US,
): (sheetRow: number, cells: readonly Cell[]) => ParsedRow | null {
  const cols = mappedColumns(mapping);
  const at = (field: InputField): ((cells: readonly Cell[]) => Cell) => {
    const col = mapping[field];
    return col === undefined ? () => '' : (cells) => cells[col];
  };
  const get = {
    title: at('title'),
    description: at('description'),
    company: at('company'),
    country: at('country'),
    state: at('state'),
    city: at('city'),
    zip: at('zip'),
    naics: at('naics'),
    fte: at('fte'),
    revenue: at('revenue'),
    jobCode: at('jobCode'),
  };
  return (sheetRow, cells) => {
    if (blankIn(cells, cols)) return null;
    try {
      const title = text('title', get.title(cells));
      // D19: a mapped Job Code column is always sent as JobCode when the cell holds one.
      const jobCode = text('jobCode', get.jobCode(cells));
      const country = code('country', get.country(cells), COUNTRY, 'a country code such as USA');
      const spec: JobSpec = {
        title,
        ...(jobCode === '' ? {} : { jobCode }),
        description: text('description', get.description(cells)),
        company: text('company', get.company(cells)),
        scope: {
          country,
          state: state(country, get.state(cells)),
          city: text('city', get.city(cells)),
          zip: parseZip(get.zip(cells)),
          naics: naics(get.naics(cells)),
          fte: amount('fte', get.fte(cells), culture),
          revenue: amount('revenue', get.revenue(cells), culture),
        },
      };
      // The service's answer to a blank title is "Get the service failed."; say what is actually missing.
      if (title === '') return { row: sheetRow, error: TITLE_REQUIRED };
      const rule = localJobError(spec);
      return rule === null ? { row: sheetRow, spec } : { row: sheetRow, error: rule };
    } catch (e) {
      if (e instanceof CellError) return { row: sheetRow, error: e.message };
      throw e;
    }
  };
}

/** Parses one row (blank or not); never throws. */
export function parseRow(sheetRow: number, cells: readonly Cell[], mapping: ColumnMapping): ParsedRow {
  const parsed = createRowParser(mapping)(sheetRow, cells);
  return parsed ?? { row: sheetRow, error: TITLE_REQUIRED };
}
