import { composite, NO_SOURCE } from '../domain/composite';
import { readPayCell } from '../domain/current-pay';
import { positionOf } from '../domain/market-position';
import { salaryFigures } from '../excel/position-columns';
import type { JobArgs } from '../formulas/args';
import { parseCompositeArgs } from '../formulas/composite-args';
import { notAvailable, valueError } from './cell-errors';
import { priced } from './jobprice';

/**
 * The bodies of JOBPRICE.MARKETRATIO, MARKETPERCENTILE and COMPOSITE (declared in functions.ts, catalogued
 * in src/formulas/analyst-functions.ts). The market functions price the job exactly as SALARY50 does, so
 * their calls are coalesced and cached with every other function's; the pay is checked first and
 * compared here, never sent.
 */

/** The pay argument read as a current-pay cell is (src/domain/current-pay.ts). */
function payOf(pay: unknown): number {
  const reading = readPayCell(pay, 'annual');
  if (reading.kind === 'none') throw notAvailable('No current pay given.');
  if (reading.kind === 'invalid') throw valueError(`${reading.note}.`);
  return reading.annual;
}

async function position(pay: unknown, args: JobArgs) {
  // The pay is checked before any call: a bad pay never costs a request.
  const annual = payOf(pay);
  const result = await priced(args);
  const where = positionOf(annual, salaryFigures(result));
  if (!where.ok) throw notAvailable(`${where.note}.`);
  return where.value;
}

export async function marketRatioCell(pay: unknown, args: JobArgs): Promise<number> {
  return (await position(pay, args)).ratio;
}

export async function marketPercentileCell(pay: unknown, args: JobArgs): Promise<number | string> {
  return (await position(pay, args)).percentile;
}

export function compositeCell(
  values: unknown,
  weights: unknown,
  dates: unknown,
  agedTo: unknown,
  rate: unknown,
): number {
  const parsed = parseCompositeArgs(values, weights, dates, agedTo, rate);
  if (!parsed.ok) throw valueError(parsed.message);
  const result = composite(parsed.sources, parsed.aging);
  if (!result.ok) throw notAvailable(`${NO_SOURCE}.`);
  return result.value;
}
