import type { JobResult } from '../../src/api/wire';
import { AGED_TO_HEADER, AGING_RATE_HEADER, OUTPUT_HEADERS, outputRow } from '../../src/excel/output-columns';

/** Aging: aged Salary and Comp, untouched bonus, and the date and rate beside every aged row. */
const RESULT: JobResult = {
  Salary10: 50_000,
  Salary25: 60_000,
  Salary50: 70_000,
  Salary75: 80_000,
  Salary90: 90_000,
  Comp10: 52_000,
  Comp25: 63_000,
  Comp50: 74_000,
  Comp75: 85_000,
  Comp90: 96_000,
  BonusTarget50: 5,
  BonusTargetAvg: 6.5,
  CurrencyCode: 'USD',
  MatchRating: 'Confident',
  DataEffectiveDate: '2025-05-01',
};
const cell = (values: (string | number)[], header: string): string | number =>
  values[OUTPUT_HEADERS.indexOf(header)] as string | number;
const ok = { ok: true as const, result: RESULT };

test('aging on: money figures times (1 + rate)^(months/12), bonus untouched, date and rate written', () => {
  const { values } = outputRow(ok, '2026-01-01T00:00:00Z', {
    enabled: true,
    effectiveDate: '2026-05-01',
    ratePercent: 3,
  });
  expect(cell(values, 'Salary50')).toBe(72_100);
  expect(cell(values, 'Comp90')).toBe(Math.round(96_000 * 1.03));
  expect(cell(values, 'BonusTarget50')).toBe(5);
  expect(cell(values, 'DataEffectiveDate')).toBe('2025-05-01');
  expect(cell(values, AGED_TO_HEADER)).toBe('2026-05-01');
  expect(cell(values, AGING_RATE_HEADER)).toBe('3%');
});

test('aging off (the default) or no DataEffectiveDate: figures as priced, aging columns blank', () => {
  for (const [result, aging] of [
    [RESULT, undefined],
    [RESULT, { enabled: false, effectiveDate: '2026-05-01', ratePercent: 3 }],
    [
      { ...RESULT, DataEffectiveDate: undefined },
      { enabled: true, effectiveDate: '2026-05-01', ratePercent: 3 },
    ],
  ] as const) {
    const { values } = outputRow({ ok: true, result }, 'now', aging);
    expect(cell(values, 'Salary50')).toBe(70_000);
    expect(cell(values, AGED_TO_HEADER)).toBe('');
    expect(cell(values, AGING_RATE_HEADER)).toBe('');
  }
});

test('a failed row clears the aging columns with the figures', () => {
  const { values } = outputRow({ ok: false, kind: 'service', message: 'No matching job found' }, 'now', {
    enabled: true,
    effectiveDate: '2026-05-01',
    ratePercent: 3,
  });
  expect(values).toHaveLength(OUTPUT_HEADERS.length);
  expect(cell(values, AGED_TO_HEADER)).toBe('');
});
