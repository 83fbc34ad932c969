import { RESULT_FIELDS, type JobResult, type ResultField } from '../api/wire';
import type { JobOutcome } from '../domain/outcome';
import { parseJobArgs, type JobArgs } from '../formulas/args';
import { errorFor, notAvailable, valueError } from './cell-errors';
import { fieldValue, lookupField } from './fields';
import { functionsPricer } from '../formulas/functions-pricer';

/**
 * The bodies of the JOBPRICE.* functions; functions.ts only declares them (JSDoc for the metadata) and
 * forwards here. Failures are thrown as CustomFunctions.Error, which Excel shows in the cell.
 */

async function priced(args: JobArgs): Promise<JobResult> {
  const parsed = parseJobArgs(args);
  if (!parsed.ok) throw valueError(parsed.message);
  const outcome: JobOutcome<JobResult> = await functionsPricer().price(parsed.spec);
  if (!outcome.ok) throw errorFor(outcome.kind, outcome.message);
  return outcome.result;
}

function valueOf(result: JobResult, field: ResultField): number | string {
  const v = fieldValue(result, field);
  if (!v.ok) throw notAvailable(v.message);
  return v.value;
}

export async function numberField(field: ResultField, args: JobArgs): Promise<number> {
  const value = valueOf(await priced(args), field);
  // The wire schema makes number fields numbers; this guards the declared return type, not the data.
  if (typeof value !== 'number') throw notAvailable(`${field} is not a number in the service's answer.`);
  return value;
}

export async function textField(field: ResultField, args: JobArgs): Promise<string> {
  return String(valueOf(await priced(args), field));
}

export async function anyField(name: unknown, args: JobArgs): Promise<number | string> {
  const lookup = lookupField(name);
  // An unknown name fails before any call: no point pricing a job whose answer cannot be shown.
  if (!lookup.ok) throw valueError(lookup.message);
  return valueOf(await priced(args), lookup.field);
}

export type MatchCell = number | string | CustomFunctions.Error;

/** The whole result as one row in RESULT_FIELDS order, with an optional header row of the field names. */
export async function matchRow(args: JobArgs, header: unknown): Promise<MatchCell[][]> {
  if (header !== null && header !== undefined && typeof header !== 'boolean' && header !== '') {
    throw valueError('header must be TRUE or FALSE.');
  }
  const result = await priced(args);
  const row: MatchCell[] = RESULT_FIELDS.map((field) => {
    const v = fieldValue(result, field);
    // Inside a spilled row a missing figure is an error in its own cell, not a failure of the whole row.
    return v.ok ? v.value : notAvailable(v.message);
  });
  return header === true ? [[...RESULT_FIELDS], row] : [row];
}
