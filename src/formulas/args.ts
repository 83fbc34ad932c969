import { z } from 'zod';
import { ambiguousNumberMessage, EN_US, readNumberText, type NumberCulture } from '../domain/number-text';
import { isUnitedStates, stateCode, unknownStateMessage } from '../domain/us-states';
import { TITLE_REQUIRED } from '../domain/row-parsing';
import { jobSpec, type JobSpec } from '../domain/job';
import { isDataTypeValue, readDataTypeValue } from '../domain/data-type-value';

/**
 * Turns the arguments of a JOBPRICE.* formula into a JobSpec. The values come from Excel cells, so they
 * are checked here like any other input crossing a boundary.
 *
 * - An omitted optional argument arrives as null, an empty cell as null or "" (depending on host): all mean "unused".
 * - Text arguments accept numbers too (NAICS 5112, a numeric job title) and use their plain decimal form.
 * - zip: a number is written as 5-digit text (Excel drops the leading zero of 02134).
 * - fte / revenue: numbers, or text that reads as one in the workbook's culture ("1,200", "1.200"); a text
 *   that reads as a number only the other way is refused as ambiguous, as is anything else, with a message.
 * - A cell holding a data type (a Geography or Stocks value, a JOBPRICE.JOB card, a formatted number)
 *   arrives as its JSON and is read through its text or basic value (src/domain/data-type-value.ts), so a
 *   Geography "Seattle" is the city Seattle; only real ranges and arrays are refused.
 */

/**
 * A data-type cell's value as Excel hands it over (the CellValue JSON of `Range.valuesAsJson`); only the
 * members read here are named.
 */
export interface CellDataTypeArg {
  readonly type: string;
  readonly text?: string;
  readonly basicValue?: string | number | boolean | null;
}

/** What Excel can hand a parameter declared `any`: a scalar, nothing, or a data-type cell's value. */
export type CellArg = string | number | boolean | null | undefined | CellDataTypeArg;

export const CellArgSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.undefined()]);

/** The job arguments, in formula order. The first five are the ones HR staff type most. */
export interface JobArgs {
  title: CellArg;
  description?: CellArg;
  country?: CellArg;
  state?: CellArg;
  city?: CellArg;
  zip?: CellArg;
  naics?: CellArg;
  fte?: CellArg;
  revenue?: CellArg;
  /** D19: the benchmark job code that pins the match; blank matches the title. */
  jobCode?: CellArg;
}

export type ParsedArgs = { ok: true; spec: JobSpec } | { ok: false; message: string };

/** Thrown inside this module only; parseJobArgs turns it into a ParsedArgs failure. */
class ArgError extends Error {}

function cell(value: unknown, name: string): Exclude<CellArg, CellDataTypeArg> {
  if (isDataTypeValue(value)) {
    const read = readDataTypeValue(value);
    if (!read.ok) throw new ArgError(`${name} is a cell holding ${read.problem}; give text or a number.`);
    return read.value;
  }
  const parsed = CellArgSchema.safeParse(value);
  if (!parsed.success)
    throw new ArgError(`${name} must be a single value (text or a number), not a range or an array.`);
  return parsed.data;
}

function text(value: unknown, name: string): string {
  const v = cell(value, name);
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') throw new ArgError(`${name} must be text, not ${v ? 'TRUE' : 'FALSE'}.`);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new ArgError(`${name} must be text or a finite number.`);
    return String(v);
  }
  return v.trim();
}

function zip(value: unknown): string {
  const v = cell(value, 'zip');
  if (typeof v === 'number') {
    // A ZIP typed into a cell becomes a number and loses its leading zeros (02134 → 2134).
    if (!Number.isInteger(v) || v < 0 || v > 99_999) {
      throw new ArgError(`zip must be a 5-digit ZIP code; ${v} is not one.`);
    }
    return String(v).padStart(5, '0');
  }
  return text(v, 'zip');
}

function amount(value: unknown, name: string, culture: NumberCulture | null): number {
  const v = cell(value, name);
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new ArgError(`${name} must be a finite number.`);
    return v;
  }
  if (typeof v === 'boolean') throw new ArgError(`${name} must be a number, not ${v ? 'TRUE' : 'FALSE'}.`);
  const t = v.trim();
  if (t === '') return 0;
  // Text as people type numbers in the workbook's culture ("1,250" or "1.250"); no currency signs or units.
  const reading = readNumberText(t, culture);
  if (reading.kind === 'number') return reading.value;
  if (reading.kind === 'ambiguous') throw new ArgError(ambiguousNumberMessage(name, t, reading.readings));
  throw new ArgError(`${name} must be a number; "${t}" is not one.`);
}

/** "California", "Calif.", "N.Y." as USPS codes, as the pane reads them (src/domain/us-states). */
function usState(country: string, state: string): string {
  if (!isUnitedStates(country)) return state;
  const usps = stateCode(state);
  if (usps === null) throw new ArgError(unknownStateMessage(state));
  return usps;
}

/** `culture`: how the workbook writes numbers (src/domain/number-text.ts); null when Excel cannot say. */
export function parseJobArgs(args: JobArgs, culture: NumberCulture | null = EN_US): ParsedArgs {
  try {
    // A blank title reads as the pane says it for a row, not as the service's generic
    // "Get the service failed.".
    if (text(args.title, 'title') === '') return { ok: false, message: TITLE_REQUIRED };
    const jobCode = text(args.jobCode, 'jobcode');
    return {
      ok: true,
      spec: jobSpec({
        title: text(args.title, 'title'),
        // D19: sent as JobCode only when given, so a formula without one asks as before.
        ...(jobCode === '' ? {} : { jobCode }),
        description: text(args.description, 'desc'),
        scope: {
          country: text(args.country, 'country'),
          state: usState(text(args.country, 'country'), text(args.state, 'state')),
          city: text(args.city, 'city'),
          zip: zip(args.zip),
          naics: text(args.naics, 'naics'),
          fte: amount(args.fte, 'fte', culture),
          revenue: amount(args.revenue, 'revenue', culture),
        },
      }),
    };
  } catch (err) {
    if (err instanceof ArgError) return { ok: false, message: err.message };
    throw err;
  }
}
