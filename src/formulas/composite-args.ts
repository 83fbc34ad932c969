import { z } from 'zod';
import type { CompositeAging, CompositeSource } from '../domain/composite';
import { cellDate } from '../domain/serial-date';
import { CellArgSchema } from './args';

/**
 * The arguments of =JOBPRICE.COMPOSITE(values, weights, [dates], [agedTo], [rate]) checked and turned into
 * the composite's sources (src/domain/composite.ts). Ranges arrive as rows of cells; a single cell may
 * arrive as itself. Everything that does not fit (sizes that differ, a date that is not one, a rate out of
 * reach) is refused with a sentence that names the argument and the cell, for a #VALUE! error.
 */

export type ParsedComposite =
  { ok: true; sources: CompositeSource[]; aging?: CompositeAging } | { ok: false; message: string };

/** Aging rates as a yearly fraction (3% is 0.03), within what the aging card allows (-20 % to 50 %). */
export const DEFAULT_RATE = 0.03;
const MIN_RATE = -0.2;
const MAX_RATE = 0.5;

const MatrixSchema = z.array(z.array(CellArgSchema));

class ArgError extends Error {}

/** A range or a single cell as one list of cells, row by row. */
function cells(arg: unknown, name: string): unknown[] {
  if (!Array.isArray(arg)) return [arg];
  const parsed = MatrixSchema.safeParse(arg);
  if (!parsed.success) throw new ArgError(`${name} must be a range of cells.`);
  return parsed.data.flat();
}

const blank = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const NUMBER_TEXT = /^\s*[$€£]?\s*[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*$/;
const show = (v: unknown): string => (typeof v === 'string' ? `'${v.slice(0, 30)}'` : String(v));

function numberIn(v: unknown, name: string, i: number): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && NUMBER_TEXT.test(v)) return Number(v.replace(/[^\d.+-]/g, ''));
  throw new ArgError(`${name}: cell ${i + 1} (${show(v)}) is not a number.`);
}

function dateIn(v: unknown, name: string): string {
  const date = cellDate(v);
  if (date === null)
    throw new ArgError(`${name}: ${show(v)} is not a date (a date cell, or text as YYYY-MM-DD).`);
  return date;
}

function parse(
  values: unknown,
  weights: unknown,
  dates: unknown,
  agedTo: unknown,
  rate: unknown,
): ParsedComposite {
  const figures = cells(values, 'values').map((v, i) => (blank(v) ? null : numberIn(v, 'values', i)));
  const n = figures.length;
  const sameSize = (list: unknown[], name: string): unknown[] => {
    if (list.length !== n)
      throw new ArgError(
        `${name} has ${list.length} ${list.length === 1 ? 'cell' : 'cells'} and values ${n}: give one for each value.`,
      );
    return list;
  };
  const weighed = blank(weights)
    ? figures.map(() => 1)
    : sameSize(cells(weights, 'weights'), 'weights').map((w, i) => {
        if (blank(w)) throw new ArgError(`weights: cell ${i + 1} is empty.`);
        const weight = numberIn(w, 'weights', i);
        if (weight < 0) throw new ArgError(`weights: cell ${i + 1} is below 0.`);
        return weight;
      });
  if (figures.some((f) => f !== null) && figures.every((f, i) => f === null || weighed[i] === 0))
    throw new ArgError('weights: every value has weight 0, so none has a say.');
  if (blank(dates)) {
    if (!blank(agedTo)) throw new ArgError('agedTo needs the dates of the values to age them from.');
    return { ok: true, sources: figures.map((value, i) => ({ value, weight: weighed[i] as number })) };
  }
  const dated = sameSize(cells(dates, 'dates'), 'dates').map((d, i) => {
    if (figures[i] === null) return blank(d) ? undefined : dateIn(d, `dates, cell ${i + 1}`);
    if (blank(d)) throw new ArgError(`dates: cell ${i + 1} is empty, but its value is not.`);
    return dateIn(d, `dates, cell ${i + 1}`);
  });
  let yearly = DEFAULT_RATE;
  if (!blank(rate)) {
    if (typeof rate !== 'number' || !Number.isFinite(rate))
      throw new ArgError(`rate must be a number such as 3% or 0.03, not ${show(rate)}.`);
    if (rate < MIN_RATE || rate > MAX_RATE)
      throw new ArgError(`rate is a yearly fraction between -20% and 50% (3% is 0.03), not ${rate}.`);
    yearly = rate;
  }
  const given = dated.filter((d, i): d is string => d !== undefined && figures[i] !== null);
  const target = blank(agedTo) ? [...given].sort().pop() : dateIn(agedTo, 'agedTo');
  const sources = figures.map((value, i): CompositeSource => {
    const date = dated[i];
    return { value, weight: weighed[i] as number, ...(date === undefined ? {} : { date }) };
  });
  return target === undefined
    ? { ok: true, sources }
    : { ok: true, sources, aging: { agedTo: target, ratePercent: yearly * 100 } };
}

export function parseCompositeArgs(
  values: unknown,
  weights: unknown,
  dates: unknown,
  agedTo: unknown,
  rate: unknown,
): ParsedComposite {
  try {
    return parse(values, weights, dates, agedTo, rate);
  } catch (err) {
    if (err instanceof ArgError) return { ok: false, message: err.message };
    throw err;
  }
}
