import { majorGroupOf } from '../soc-code';

/**
 * Bonus model (D1 Comp = base + bonus; D2 BonusTarget* in percent of base). A model anchored on one
 * public figure set, not a bonus survey: see docs/methodology.md "Bonus and total cash compensation".
 *
 * Evidence: BLS ECEC, December 2016, private industry, nonproduction bonuses per hour worked by major
 * occupational group (BLS TED, 28 March 2017): management, professional and related $2.29 (3.9 % of total
 * compensation); sales and office $0.44; production, transportation and material moving $0.37; natural
 * resources, construction and maintenance $0.31; service $0.09; all workers $0.83. Dividing by the groups'
 * approximate wage cost per hour (wages are about 68-72 % of total compensation in ECEC) gives the average
 * bonus as a share of base pay used below. OEWS wages exclude nonproduction bonuses, so adding this share
 * to OEWS base pay does not double count. Education (SOC 25) is set to 1 % by judgement: its pay is mostly
 * public-sector salary schedules with little bonus, which the pooled professional figure would overstate.
 */
export const AVERAGE_BONUS_SHARE_BY_ECEC_GROUP = {
  managementProfessional: 0.056, // 2.29 / ~41.0
  salesOffice: 0.024, // 0.44 / ~18.5
  productionTransport: 0.019, // 0.37 / ~19.5
  naturalResourcesConstruction: 0.013, // 0.31 / ~23.5
  service: 0.009, // 0.09 / ~10.5
  education: 0.01, // judgement, see above
} as const;

type EcecGroup = keyof typeof AVERAGE_BONUS_SHARE_BY_ECEC_GROUP;

/** SOC 2018 major group -> ECEC occupational group. */
export function ececGroupOf(soc: string): EcecGroup {
  const m = Number(majorGroupOf(soc));
  if (m === 25) return 'education';
  if (m >= 11 && m <= 29) return 'managementProfessional';
  if (m >= 31 && m <= 39) return 'service';
  if (m === 41 || m === 43) return 'salesOffice';
  if (m >= 45 && m <= 49) return 'naturalResourcesConstruction';
  return 'productionTransport';
}

/**
 * Within an occupation, higher-paid incumbents carry larger bonus shares (bonus eligibility and targets rise
 * with grade). Multipliers for P10..P90, scaled so their employment-weighted mean (weights 0.175, 0.2,
 * 0.25, 0.2, 0.175 for the bands around each point) is exactly 1: the average share stays the ECEC share.
 */
const RAW_MULTIPLIERS = [0.4, 0.65, 0.9, 1.2, 1.6] as const;
const BAND_WEIGHTS = [0.175, 0.2, 0.25, 0.2, 0.175] as const;
const MEAN_MULTIPLIER = RAW_MULTIPLIERS.reduce((s, m, i) => s + m * (BAND_WEIGHTS[i] as number), 0);
export const PERCENTILE_MULTIPLIERS = RAW_MULTIPLIERS.map((m) => m / MEAN_MULTIPLIER);

/** Each level step above the unlevelled title adds 25 % to the bonus share (senior roles carry larger targets); floors at 25 % of it. */
export const BONUS_LEVEL_STEP = 0.25;

export interface BonusShares {
  /** Bonus / base at P10..P90, fractions. */
  readonly byPercentile: readonly number[];
  /** BonusTarget50 and BonusTargetAvg, fractions. */
  readonly median: number;
  readonly average: number;
}

export function bonusShares(socCode: string, levelShift: number): BonusShares {
  const base = AVERAGE_BONUS_SHARE_BY_ECEC_GROUP[ececGroupOf(socCode)];
  const average = base * Math.max(0.25, 1 + BONUS_LEVEL_STEP * levelShift);
  const byPercentile = PERCENTILE_MULTIPLIERS.map((m) => average * m);
  return { byPercentile, median: byPercentile[2] as number, average };
}
