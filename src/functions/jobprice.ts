import { RESULT_FIELDS, type JobResult, type ResultField } from '../api/wire';
import type { JobOutcome } from '../domain/outcome';
import { parseJobArgs, type JobArgs } from '../formulas/args';
import { errorFor, notAvailable, valueError } from './cell-errors';
import { fieldValue, lookupField } from './fields';
import { functionsPricer } from '../formulas/functions-pricer';
import type { NumberCulture } from '../domain/number-text';
import { readCulture } from '../excel/selection-reader';
import { dataSourceFor, jobEntity } from '../formulas/job-entity';
import { supportsCustomFunctionDataTypes } from '../excel/requirements';
import { getSession } from '../session/session';
import type { JobSpec } from '../domain/job';

/**
 * The bodies of the JOBPRICE.* functions; functions.ts only declares them (JSDoc for the metadata) and
 * forwards here. Failures are thrown as CustomFunctions.Error, which Excel shows in the cell.
 */

/** The workbook's culture, read once per runtime (numbers typed as text follow it). */
let culture: Promise<NumberCulture | null> | null = null;

async function pricedJob(args: JobArgs): Promise<{ spec: JobSpec; result: JobResult }> {
  culture ??= readCulture().catch(() => null);
  const parsed = parseJobArgs(args, await culture);
  if (!parsed.ok) throw valueError(parsed.message);
  const outcome: JobOutcome<JobResult> = await functionsPricer().price(parsed.spec);
  if (!outcome.ok) throw errorFor(outcome.kind, outcome.message);
  return { spec: parsed.spec, result: outcome.result };
}

/** The priced result of a formula's job (the market functions price through it too). */
export async function priced(args: JobArgs): Promise<JobResult> {
  return (await pricedJob(args)).result;
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

/** What a JOB cell says where Excel cannot show entity values from a custom function. */
export const JOB_NEEDS_DATA_TYPES =
  'JOBPRICE.JOB needs an Excel whose custom functions support data types (Excel on the web, Microsoft 365 on Windows 2208 or later, on Mac 16.64 or later). Here, use JOBPRICE.FIELD or JOBPRICE.MATCH.';

/**
 * The priced job as one entity value (src/formulas/job-entity.ts), through the same pricer, cache and
 * batches as every other function. Where the runtime has no data types (CustomFunctionsRuntime below 1.4:
 * perpetual Office), a returned entity would show as a bare #VALUE!: the cell says why instead, and
 * nothing is sent.
 */
export async function jobCard(args: JobArgs): Promise<Excel.EntityCellValue> {
  if (!supportsCustomFunctionDataTypes()) throw notAvailable(JOB_NEEDS_DATA_TYPES);
  const { spec, result } = await pricedJob(args);
  const pricedAt = functionsPricer().pricedAt(spec) ?? Date.now();
  const session = getSession();
  const source = dataSourceFor(session.getSettings().serviceUrl, session.client().dataSource);
  return jobEntity(result, spec, pricedAt, source);
}
