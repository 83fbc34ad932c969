import { z } from 'zod';

/**
 * Aging (README "Aging"; docs/functions.md "Aging a figure in a formula"): compensation analysts move
 * survey figures to a common effective date at an assumed yearly rate of pay increase. Salary and Comp
 * figures become
 *   figure × (1 + rate) ^ (months / 12)
 * with `months` counted from the result's DataEffectiveDate (D20) to the chosen date; bonus targets
 * (percentages of base, D2) are not aged. A date before the data's ages backwards. Off by default.
 */

export interface AgingSettings {
  readonly enabled: boolean;
  /** YYYY-MM-DD */
  readonly effectiveDate: string;
  /** Yearly rate in percent: 3 means 3 % a year. */
  readonly ratePercent: number;
}

export const DEFAULT_AGING: AgingSettings = { enabled: false, effectiveDate: '', ratePercent: 3 };

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((s) => parseIsoDate(s) !== null, 'a real calendar date');

/** What the workbook may hold (settings are a boundary: a hand-edited value is refused, not trusted). */
export const AgingSettingsSchema = z.object({
  enabled: z.boolean(),
  effectiveDate: z.union([z.literal(''), isoDate]),
  ratePercent: z.number().min(-20).max(50),
});

export function parseIsoDate(s: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return { y, m: mo, d };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Months from `from` to `to` (negative when `to` is earlier): whole calendar months plus the remaining
 * days as a share of the target month. A day past the end of the target month counts as its last day,
 * so 29 February to 28 February of the next year is exactly 12 months (end of month to end of month).
 */
export function monthsBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (a === null || b === null) throw new Error(`Not a date: ${a === null ? from : to}`);
  const dim = daysInMonth(b.y, b.m);
  return 12 * (b.y - a.y) + (b.m - a.m) + (b.d - Math.min(a.d, dim)) / dim;
}

/** The factor that ages a figure dated `from` to `to` at `ratePercent` a year. */
export function agingFactor(from: string, to: string, ratePercent: number): number {
  return Math.pow(1 + ratePercent / 100, monthsBetween(from, to) / 12);
}
