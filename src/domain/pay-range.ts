import { z } from 'zod';

/**
 * Pay ranges around a market figure (docs/methodology.md, "Pay ranges"). The range is built from its
 * midpoint and its spread, the width of the range over its minimum, as compensation analysts define it:
 *   min = mid ÷ (1 + spread / 2),   max = min × (1 + spread)
 * so that mid is exactly halfway between min and max. Each end is then rounded to the chosen step.
 *
 * The sheet gets these as live formulas (src/excel/range-formulas.ts spells the same maths in Excel);
 * this module is the maths itself, for the pane's picture and the tests that hold the two together.
 */

/** What the midpoint is: a market percentile of base salary or total cash, or the composite's P50. */
export const RANGE_TARGETS = [
  'Salary25',
  'Salary50',
  'Salary75',
  'Comp25',
  'Comp50',
  'Comp75',
  'Composite P50',
] as const;
export type RangeTarget = (typeof RANGE_TARGETS)[number];

/** Rounding steps: 0 leaves the figures as computed. */
export const RANGE_ROUNDINGS = [0, 100, 1000] as const;
export type RangeRounding = (typeof RANGE_ROUNDINGS)[number];

export interface PayRangeSettings {
  readonly target: RangeTarget;
  /** 50 means a range whose max is 50 % above its min. */
  readonly spreadPercent: number;
  readonly rounding: RangeRounding;
}

export const DEFAULT_PAY_RANGES: PayRangeSettings = { target: 'Salary50', spreadPercent: 50, rounding: 0 };

/** What the workbook may hold (settings are a boundary: a hand-edited value is refused, not trusted). */
export const PayRangeSettingsSchema = z.object({
  target: z.enum(RANGE_TARGETS),
  spreadPercent: z.number().min(0).max(300),
  rounding: z.union([z.literal(0), z.literal(100), z.literal(1000)]),
});

/** `x` to the nearest multiple of `step` (halves away from zero, as Excel's ROUND); step 0 leaves it. */
export function roundToStep(x: number, step: number): number {
  if (!(step > 0)) return x;
  const q = x / step;
  return Math.sign(q) * Math.round(Math.abs(q)) * step;
}

export interface PayRange {
  readonly min: number;
  readonly mid: number;
  readonly max: number;
}

/** The range around `mid` (a positive market figure) with the given spread and rounding. */
export function payRange(mid: number, spreadPercent: number, rounding: number): PayRange {
  const spread = spreadPercent / 100;
  const min = mid / (1 + spread / 2);
  return {
    min: roundToStep(min, rounding),
    mid: roundToStep(mid, rounding),
    max: roundToStep(min * (1 + spread), rounding),
  };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** pay ÷ range midpoint, two decimals. */
export function compaRatio(pay: number, mid: number): number {
  return round2(pay / mid);
}

/** Where pay sits from min (0) to max (1), two decimals; below 0 or above 1 outside the range. */
export function rangePenetration(pay: number, min: number, max: number): number {
  return round2((pay - min) / (max - min));
}
