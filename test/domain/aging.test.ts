import { agingFactor, AgingSettingsSchema, monthsBetween } from '../../src/domain/aging';

/** Aging: figure × (1 + rate)^(months / 12) from DataEffectiveDate (D20) to the chosen date. */
describe('months between two dates', () => {
  test.each([
    ['2025-05-01', '2026-05-01', 12],
    ['2025-05-01', '2025-11-01', 6],
    ['2025-05-01', '2025-05-16', 15 / 31],
    // Leap days: end of February to end of February is a whole year, both ways round.
    ['2024-02-29', '2025-02-28', 12],
    ['2023-02-28', '2024-02-29', 12 + 1 / 29],
    ['2024-01-31', '2024-02-29', 1],
    // An effective date before the data's counts backwards.
    ['2025-05-01', '2024-05-01', -12],
    ['2025-05-01', '2025-02-01', -3],
  ])('%s -> %s is %d months', (from, to, months) => expect(monthsBetween(from, to)).toBeCloseTo(months, 10));
  test('a date that does not exist is refused', () => {
    expect(() => monthsBetween('2025-02-29', '2026-01-01')).toThrow(/Not a date: 2025-02-29/);
  });
});

describe('the aging factor', () => {
  test('one year at 3 % is 1.03; half a year is its square root; no time is 1', () => {
    expect(agingFactor('2025-05-01', '2026-05-01', 3)).toBeCloseTo(1.03, 12);
    expect(agingFactor('2025-05-01', '2025-11-01', 3)).toBeCloseTo(Math.sqrt(1.03), 12);
    expect(agingFactor('2025-05-01', '2025-05-01', 3)).toBe(1);
  });
  test('a date before the data ages backwards: 100,000 dated May 2025 is 97,087 in May 2024 at 3 %', () => {
    expect(Math.round(100_000 * agingFactor('2025-05-01', '2024-05-01', 3))).toBe(97_087);
  });
});

describe('aging settings read from the workbook are checked', () => {
  test('valid settings pass; a date that is not a calendar date, or an absurd rate, do not', () => {
    expect(
      AgingSettingsSchema.safeParse({ enabled: true, effectiveDate: '2026-07-01', ratePercent: 3 }).success,
    ).toBe(true);
    expect(
      AgingSettingsSchema.safeParse({ enabled: true, effectiveDate: '2026-02-30', ratePercent: 3 }).success,
    ).toBe(false);
    expect(
      AgingSettingsSchema.safeParse({ enabled: true, effectiveDate: '2026-07-01', ratePercent: 300 }).success,
    ).toBe(false);
  });
});
