/**
 * Company-size adjustment (D11). A model, not a survey result: see docs/methodology.md "Company size".
 *
 * Evidence: BLS Employer Costs for Employee Compensation (ECEC), June 2013, private industry, wages and
 * salaries per hour worked by establishment employment size: 1-49 workers $17.28, 50-99 $19.13,
 * 100-499 $20.56, 500+ $28.29. Those raw gaps mix a true size premium with occupation mix (large
 * establishments employ more professionals), so only half of the log gap is applied (elasticity 0.5,
 * the order of the within-occupation share of the employer-size premium reported in the literature,
 * e.g. Brown & Medoff 1989; Oi & Idson 1999). 100-499 is the neutral band (factor 1).
 */
export const ECEC_WAGE_PER_HOUR_BY_SIZE = {
  '1-49': 17.28,
  '50-99': 19.13,
  '100-499': 20.56,
  '500+': 28.29,
} as const;
export const SIZE_ELASTICITY = 0.5;

type SizeClass = keyof typeof ECEC_WAGE_PER_HOUR_BY_SIZE;

const factorOf = (c: SizeClass): number =>
  (ECEC_WAGE_PER_HOUR_BY_SIZE[c] / ECEC_WAGE_PER_HOUR_BY_SIZE['100-499']) ** SIZE_ELASTICITY;

interface Band {
  readonly low: number;
  readonly high: number;
  readonly sizeClass: SizeClass;
}

/** Employee bands. The top band's high end stands for "no limit" (the largest US employer has ~2.1 million). */
const FTE_BANDS: readonly Band[] = [
  { low: 0, high: 49, sizeClass: '1-49' },
  { low: 50, high: 99, sizeClass: '50-99' },
  { low: 100, high: 499, sizeClass: '100-499' },
  { low: 500, high: 9_999_999, sizeClass: '500+' },
];

/**
 * Revenue is turned into an implied head count at an assumed $250,000 of revenue per employee (a round
 * figure of the order of US employer firms' receipts per employee; not a measured value), and priced with
 * that head count's size class. The $10M and $50M edges are BEA's small/medium/large receipts classes;
 * $125M is 500 employees x $250,000.
 */
const REVENUE_PER_EMPLOYEE = 250_000;
/** Where the largest employee band starts, in revenue: 500 employees at the assumed revenue each ($125M). */
const LARGE_REVENUE = 500 * REVENUE_PER_EMPLOYEE;
const REVENUE_BANDS: readonly Band[] = [
  { low: 0, high: 9_999_999, sizeClass: '1-49' },
  { low: 10_000_000, high: 49_999_999, sizeClass: '50-99' },
  { low: 50_000_000, high: LARGE_REVENUE - 1, sizeClass: '100-499' },
  { low: LARGE_REVENUE, high: 999_999_999_999, sizeClass: '500+' },
];

export interface SizeApplied {
  /** "FTE" or "Revenue": which DataScope_ field reports the band. */
  readonly by: 'FTE' | 'Revenue';
  /** D11 "<low>-<high>", whole numbers. */
  readonly range: string;
  readonly factor: number;
}

function bandFor(bands: readonly Band[], value: number): Band {
  const whole = Math.floor(value);
  return bands.find((b) => whole >= b.low && whole <= b.high) ?? (bands[bands.length - 1] as Band);
}

/** Null when neither FTEValue nor Revenue is used (both 0); the caller has refused both > 0 (D5). */
export function sizeAdjustment(fte: number, revenue: number): SizeApplied | null {
  if (fte > 0) {
    const b = bandFor(FTE_BANDS, fte);
    return { by: 'FTE', range: `${b.low}-${b.high}`, factor: factorOf(b.sizeClass) };
  }
  if (revenue > 0) {
    const b = bandFor(REVENUE_BANDS, revenue);
    return { by: 'Revenue', range: `${b.low}-${b.high}`, factor: factorOf(b.sizeClass) };
  }
  return null;
}

/** For documentation and tests: every band with its factor. */
export function sizeBandTable(): { by: 'FTE' | 'Revenue'; range: string; factor: number }[] {
  return [
    ...FTE_BANDS.map((b) => ({
      by: 'FTE' as const,
      range: `${b.low}-${b.high}`,
      factor: factorOf(b.sizeClass),
    })),
    ...REVENUE_BANDS.map((b) => ({
      by: 'Revenue' as const,
      range: `${b.low}-${b.high}`,
      factor: factorOf(b.sizeClass),
    })),
  ];
}
