import {
  compaRatio,
  DEFAULT_PAY_RANGES,
  payRange,
  PayRangeSettingsSchema,
  rangePenetration,
  roundToStep,
} from '../../src/domain/pay-range';

/** docs/methodology.md, "Pay ranges": min = mid ÷ (1 + spread/2), max = min × (1 + spread). */
describe('pay range maths', () => {
  test('a 50 % spread around 100,000 runs from 80,000 to 120,000, with the midpoint halfway', () => {
    expect(payRange(100_000, 50, 0)).toEqual({ min: 80_000, mid: 100_000, max: 120_000 });
  });
  test('a 60 % spread around 65,000: 50,000 to 80,000', () => {
    const r = payRange(65_000, 60, 0);
    expect(r.min).toBeCloseTo(50_000, 6);
    expect(r.max).toBeCloseTo(80_000, 6);
    expect((r.min + r.max) / 2).toBeCloseTo(r.mid, 6);
  });
  test('each end is rounded to the step after the maths (not built from rounded ends)', () => {
    // 87,654 / 1.25 = 70,123.2 and × 1.5 = 105,184.8.
    expect(payRange(87_654, 50, 1000)).toEqual({ min: 70_000, mid: 88_000, max: 105_000 });
    expect(payRange(87_654, 50, 100)).toEqual({ min: 70_100, mid: 87_700, max: 105_200 });
  });
  test('rounding halves away from zero, as Excel ROUND does; step 0 leaves the figure', () => {
    expect(roundToStep(1_500, 1000)).toBe(2_000);
    expect(roundToStep(-1_500, 1000)).toBe(-2_000);
    expect(roundToStep(1_234.5, 0)).toBe(1_234.5);
  });
  test('compa-ratio is pay ÷ midpoint; penetration is where pay sits from min (0) to max (1)', () => {
    expect(compaRatio(88_000, 100_000)).toBe(0.88);
    expect(rangePenetration(90_000, 80_000, 120_000)).toBe(0.25);
    expect(rangePenetration(70_000, 80_000, 120_000)).toBe(-0.25);
    expect(rangePenetration(130_000, 80_000, 120_000)).toBe(1.25);
  });
  test('settings from the workbook are checked; the defaults are Salary50, 50 %, no rounding', () => {
    expect(DEFAULT_PAY_RANGES).toEqual({ target: 'Salary50', spreadPercent: 50, rounding: 0 });
    expect(
      PayRangeSettingsSchema.safeParse({ target: 'Comp75', spreadPercent: 40, rounding: 100 }).success,
    ).toBe(true);
    expect(
      PayRangeSettingsSchema.safeParse({ target: 'Salary60', spreadPercent: 40, rounding: 0 }).success,
    ).toBe(false);
    expect(
      PayRangeSettingsSchema.safeParse({ target: 'Salary50', spreadPercent: 40, rounding: 10 }).success,
    ).toBe(false);
  });
});
