import { composite, normalisedWeights, NO_SOURCE } from '../../src/domain/composite';
import { cellDate, isoDateToSerial, serialToIsoDate } from '../../src/domain/serial-date';
import { surveyHeader, surveysIn } from '../../src/domain/survey-columns';

/** docs/methodology.md, "Composites": age each source to one date, then weigh; missing sources drop out. */
describe('composite of surveys', () => {
  const aging = { agedTo: '2026-01-01', ratePercent: 3 };
  test('equal weights, each source aged from its own date: a year at 3 % and half a year', () => {
    const r = composite(
      [
        { value: 100_000, weight: 1, date: '2025-01-01' },
        { value: 110_000, weight: 1, date: '2025-07-01' },
      ],
      aging,
    );
    // 103,000 and 110,000 × √1.03 = 111,637.8; their mean.
    expect(r).toEqual({ ok: true, value: expect.closeTo(107_318.9, 1), sources: 2 });
  });
  test('a source without a figure drops out and the others are weighed again', () => {
    const r = composite(
      [
        { value: 100_000, weight: 1, date: '2025-01-01' },
        { value: null, weight: 1, date: '2025-07-01' },
      ],
      aging,
    );
    expect(r).toEqual({ ok: true, value: expect.closeTo(103_000, 6), sources: 1 });
  });
  test('weights are relative: 2 and 1 are two thirds and one third; weight 0 has no say', () => {
    expect(
      composite([
        { value: 100_000, weight: 2 },
        { value: 110_000, weight: 1 },
        { value: 500_000, weight: 0 },
      ]),
    ).toEqual({ ok: true, value: expect.closeTo(103_333.33, 1), sources: 2 });
    expect(normalisedWeights([2, 1, 0])).toEqual([2 / 3, 1 / 3, 0]);
    expect(normalisedWeights([0, 0])).toEqual([0, 0]);
  });
  test('a source without a date is taken as already at the common date; none at all is no composite', () => {
    expect(composite([{ value: 90_000, weight: 1 }], aging)).toEqual({ ok: true, value: 90_000, sources: 1 });
    expect(composite([{ value: null, weight: 1 }], aging)).toEqual({ ok: false, reason: NO_SOURCE });
    expect(composite([], aging)).toEqual({ ok: false, reason: NO_SOURCE });
  });
});

describe('Excel dates', () => {
  test('serials in the 1900 system, with its phantom 29 February 1900', () => {
    expect(serialToIsoDate(1)).toBe('1900-01-01');
    expect(serialToIsoDate(59)).toBe('1900-02-28');
    expect(serialToIsoDate(60)).toBeNull();
    expect(serialToIsoDate(61)).toBe('1900-03-01');
    expect(serialToIsoDate(45_778)).toBe('2025-05-01');
    expect(serialToIsoDate(45_778.75)).toBe('2025-05-01');
    expect(isoDateToSerial('2025-05-01')).toBe(45_778);
    expect(serialToIsoDate(0)).toBeNull();
  });
  test('a date cell is a serial or YYYY-MM-DD text', () => {
    expect(cellDate(45_778)).toBe('2025-05-01');
    expect(cellDate(' 2025-05-01 ')).toBe('2025-05-01');
    expect(cellDate('May 2025')).toBeNull();
    expect(cellDate('2025-02-30')).toBeNull();
    expect(cellDate(true)).toBeNull();
  });
});

describe('survey columns by header', () => {
  test.each([
    ['Mercer P50', 'Mercer', 50],
    ['Mercer p25', 'Mercer', 25],
    ['Radford Base 75th', 'Radford Base', 75],
    ['WTW Median', 'WTW', 50],
    ['Radford_P50', 'Radford', 50],
    ['Mercer - 25th Percentile', 'Mercer', 25],
    ['Radford Base Salary', 'Radford Base Salary', 50],
  ])('%s is %s at P%d', (header, survey, percentile) =>
    expect(surveyHeader(header)).toEqual({ survey, percentile }),
  );
  test('picking a P50 column brings its P25 and P75 along; a P25 without a P50 is no source', () => {
    const headers = ['Job Title', 'Mercer P25', 'Mercer P50', 'Mercer P75', 'Radford Base P50', 'WTW P25'];
    expect(surveysIn(headers, [1, 2, 3, 4, 5])).toEqual([
      { survey: 'Mercer', header: 'Mercer P50', p50: 2, p25: 1, p75: 3 },
      { survey: 'Radford Base', header: 'Radford Base P50', p50: 4 },
    ]);
  });
});
