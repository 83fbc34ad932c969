import { z } from 'zod';
import { agingFactor, AgingSettingsSchema } from './aging';

/**
 * A composite of market figures from several surveys (docs/methodology.md, "Composites"), the way
 * compensation analysts blend the cuts they buy: every source is first aged from its own effective date
 * to one common date at a yearly rate (the aging of src/domain/aging.ts), then the aged figures are
 * averaged with the sources' weights. A source with no figure for a row drops out of that row, and the
 * weights of the others are normalised again, so a row's composite always rests on weights summing to
 * 100 % of the sources it has. Pure.
 */

export interface CompositeSource {
  /** The source's figure for this row, or null when its cell is empty. */
  readonly value: number | null;
  /** Relative weight, >= 0: weights 2 and 1 give two thirds and one third. */
  readonly weight: number;
  /** The figure's effective date (YYYY-MM-DD); absent: already at the common date. */
  readonly date?: string;
}

export interface CompositeAging {
  /** The common date every source is aged to (YYYY-MM-DD). */
  readonly agedTo: string;
  /** Yearly rate in percent: 3 means 3 % a year. */
  readonly ratePercent: number;
}

export type CompositeResult =
  | { readonly ok: true; readonly value: number; readonly sources: number }
  | { readonly ok: false; readonly reason: string };

export const NO_SOURCE = 'No source has a figure';

/**
 * The weighted, aged average of the sources that have a figure. `aging` absent: figures are averaged as
 * they are. A source with weight 0 counts as having no say (and is not counted in `sources`).
 */
export function composite(sources: readonly CompositeSource[], aging?: CompositeAging): CompositeResult {
  let sum = 0;
  let weights = 0;
  let count = 0;
  for (const s of sources) {
    if (s.value === null || !(s.weight > 0)) continue;
    const factor =
      aging === undefined || s.date === undefined ? 1 : agingFactor(s.date, aging.agedTo, aging.ratePercent);
    sum += s.value * factor * s.weight;
    weights += s.weight;
    count++;
  }
  if (count === 0) return { ok: false, reason: NO_SOURCE };
  return { ok: true, value: sum / weights, sources: count };
}

/** Each weight's share of the total, for showing "50 %"; all zero when no weight is positive. */
export function normalisedWeights(weights: readonly number[]): number[] {
  const total = weights.reduce((a, w) => a + (w > 0 ? w : 0), 0);
  return weights.map((w) => (total > 0 && w > 0 ? w / total : 0));
}

const isoDate = AgingSettingsSchema.shape.effectiveDate;

/** One survey the analyst chose, named by the header of its P50 column. */
export const CompositeSourceSettingSchema = z.object({
  header: z.string().min(1).max(255),
  weight: z.number().min(0).max(1000),
  /** '' means: already at the common date. */
  effectiveDate: isoDate,
});

/** The composite card's choices, saved with the workbook (no cell contents, only headers and numbers). */
export const CompositeSettingsSchema = z.object({
  sources: z.array(CompositeSourceSettingSchema).max(50),
  /** The JobPrice figures (Salary P25/P50/P75, dated per row) as one more source. */
  jobPrice: z.object({ use: z.boolean(), weight: z.number().min(0).max(1000) }),
  agedTo: isoDate,
  ratePercent: AgingSettingsSchema.shape.ratePercent,
});
export type CompositeSettings = z.infer<typeof CompositeSettingsSchema>;

export const DEFAULT_COMPOSITE: CompositeSettings = {
  sources: [],
  jobPrice: { use: true, weight: 1 },
  agedTo: '',
  ratePercent: 3,
};
