import { jobSpec, type JobSpec } from './job';
import { FIELD_LABELS, type ColumnMapping, type InputField } from './column-mapping';
import { localJobError } from './validation';

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
  | { readonly row: number; readonly spec: JobSpec }
  | { readonly row: number; readonly error: string };

/** Excel shows formula errors as these strings in `values`. */
const EXCEL_ERROR = /^#(N\/A|VALUE!|REF!|DIV\/0!|NUM!|NAME\?|NULL!|SPILL!|CALC!|BUSY!|FIELD!|BLOCKED!|CONNECT!|UNKNOWN!|GETTING_DATA)/;

export const TITLE_REQUIRED = 'JobTitle is required.';

type Cell = unknown;

class CellError extends Error {}

function show(value: Cell): string {
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

function rejectExcelError(field: InputField, value: Cell): void {
  if (typeof value === 'string' && EXCEL_ERROR.test(value)) {
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
  if (t !== '' && !pattern.test(t)) throw new CellError(`${FIELD_LABELS[field]} must be ${what}, got ${show(value)}.`);
  return t;
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
  const m = /^(\d{3,5})(-\d{4})?$/.exec(t);
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
  if (t !== '' && !/^\d{2,6}(-\d{2})?$/.test(t)) throw new CellError(`NAICSCode must be digits, got ${show(value)}.`);
  return t;
}

/** FTE and revenue: a number, or text that reads as one ("1,200", " 50 "); empty means unused (0). */
function amount(field: 'fte' | 'revenue', value: Cell): number {
  rejectExcelError(field, value);
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
  } else if (typeof value === 'string') {
    const t = value.trim().replace(/[,\s_]/g, '');
    if (t === '') return 0;
    if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return Number(t);
  }
  throw new CellError(`${FIELD_LABELS[field]} must be a number, got ${show(value)}.`);
}

function cell(row: readonly Cell[], mapping: ColumnMapping, field: InputField): Cell {
  const col = mapping[field];
  return col === undefined ? '' : row[col];
}

/** True when every mapped cell of the row is empty: such rows are left alone, not reported as failures. */
export function isBlankRow(row: readonly Cell[], mapping: ColumnMapping): boolean {
  return Object.values(mapping).every((col) => {
    const v = col === undefined ? '' : row[col];
    return v === '' || v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  });
}

/** Parses one row; never throws. */
export function parseRow(sheetRow: number, cells: readonly Cell[], mapping: ColumnMapping): ParsedRow {
  try {
    const title = text('title', cell(cells, mapping, 'title'));
    const spec = jobSpec({
      title,
      description: text('description', cell(cells, mapping, 'description')),
      company: text('company', cell(cells, mapping, 'company')),
      scope: {
        country: code('country', cell(cells, mapping, 'country'), /^[A-Z]{2,3}$/, 'a country code such as USA'),
        state: code('state', cell(cells, mapping, 'state'), /^[A-Z]{2}$/, 'a 2-letter state code such as MA'),
        city: text('city', cell(cells, mapping, 'city')),
        zip: parseZip(cell(cells, mapping, 'zip')),
        naics: naics(cell(cells, mapping, 'naics')),
        fte: amount('fte', cell(cells, mapping, 'fte')),
        revenue: amount('revenue', cell(cells, mapping, 'revenue')),
      },
    });
    // The service's answer to a blank title is "Get the service failed."; say what is actually missing.
    if (title === '') return { row: sheetRow, error: TITLE_REQUIRED };
    const rule = localJobError(spec);
    return rule === null ? { row: sheetRow, spec } : { row: sheetRow, error: rule };
  } catch (e) {
    if (e instanceof CellError) return { row: sheetRow, error: e.message };
    throw e;
  }
}
