import { z } from 'zod';
import { isUnitedStates, stateCode, unknownStateMessage } from '../domain/us-states';
import { TITLE_REQUIRED } from '../domain/row-parsing';
import { jobSpec, type JobSpec } from '../domain/job';

/**
 * Turns the arguments of a JOBPRICE.* formula into a JobSpec. The values come from Excel cells, so they
 * are checked here like any other input crossing a boundary.
 *
 * - An omitted optional argument arrives as null, an empty cell as null or "" (depending on host): all mean "unused".
 * - Text arguments accept numbers too (NAICS 5112, a numeric job title) and use their plain decimal form.
 * - zip: a number is written as 5-digit text (Excel drops the leading zero of 02134).
 * - fte / revenue: numbers, or text that reads as one ("1,200" too); anything else is refused with a message.
 */

/** What Excel can hand a parameter declared as a union of scalars. */
export type CellArg = string | number | boolean | null | undefined;

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

function cell(value: unknown, name: string): CellArg {
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

function amount(value: unknown, name: string): number {
  const v = cell(value, name);
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new ArgError(`${name} must be a finite number.`);
    return v;
  }
  if (typeof v === 'boolean') throw new ArgError(`${name} must be a number, not ${v ? 'TRUE' : 'FALSE'}.`);
  const t = v.trim();
  if (t === '') return 0;
  // Thousands separators and spaces as people type them; nothing else (no currency signs, no units).
  const n = /^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(t) ? Number(t.replace(/,/g, '')) : Number.NaN;
  if (!Number.isFinite(n)) throw new ArgError(`${name} must be a number; "${t}" is not one.`);
  return n;
}

/** Issue 12 item 10: "California", "Calif.", "N.Y." as USPS codes, as the pane reads them (src/domain/us-states). */
function usState(country: string, state: string): string {
  if (!isUnitedStates(country)) return state;
  const usps = stateCode(state);
  if (usps === null) throw new ArgError(unknownStateMessage(state));
  return usps;
}

export function parseJobArgs(args: JobArgs): ParsedArgs {
  try {
    // Issue 12 item 9: a blank title reads as the pane says it for a row, not as the service's generic
    // "Get the service failed.".
    if (text(args.title, 'title') === '') return { ok: false, message: TITLE_REQUIRED };
    const jobCode = text(args.jobCode, 'jobcode');
    return {
      ok: true,
      spec: jobSpec({
        title: text(args.title, 'title'),
        // Issue 10 item 5: sent as JobCode only when given, so a formula without one asks as before.
        ...(jobCode === '' ? {} : { jobCode }),
        description: text(args.description, 'desc'),
        scope: {
          country: text(args.country, 'country'),
          state: usState(text(args.country, 'country'), text(args.state, 'state')),
          city: text(args.city, 'city'),
          zip: zip(args.zip),
          naics: text(args.naics, 'naics'),
          fte: amount(args.fte, 'fte'),
          revenue: amount(args.revenue, 'revenue'),
        },
      }),
    };
  } catch (err) {
    if (err instanceof ArgError) return { ok: false, message: err.message };
    throw err;
  }
}
