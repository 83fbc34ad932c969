import { HOURS_PER_YEAR, readCurrentPay, readPayCell } from '../../src/domain/current-pay';
import {
  marketPercentile,
  marketPosition,
  marketRatio,
  positionOf,
  type MarketFigures,
} from '../../src/domain/market-position';

/** Current pay against the market: docs/methodology.md, "Market position"; D1 orders the percentiles. */
const MARKET: MarketFigures = { 10: 30_000, 25: 60_000, 50: 72_000, 75: 90_000, 90: 120_000 };

describe('reading a current pay cell', () => {
  test.each([
    [85_000, 85_000],
    ['85,000', 85_000],
    ['$85,000.50', 85_000.5],
    [' 85000 ', 85_000],
  ])('an annual %p is %p a year', (cell, annual) =>
    expect(readPayCell(cell, 'annual')).toEqual({ kind: 'pay', annual, hourly: null }),
  );
  test('an hourly rate is annualised at 2,080 hours (40 × 52)', () => {
    expect(HOURS_PER_YEAR).toBe(2080);
    expect(readPayCell(42.5, 'hourly')).toEqual({ kind: 'pay', annual: 88_400, hourly: 42.5 });
  });
  test('an empty cell is no pay; text, errors, zero and negative pay are notes, never a number', () => {
    expect(readPayCell('', 'annual')).toEqual({ kind: 'none' });
    expect(readPayCell('  ', 'annual')).toEqual({ kind: 'none' });
    expect(readPayCell(null, 'annual')).toEqual({ kind: 'none' });
    expect(readPayCell('tbd', 'annual')).toEqual({
      kind: 'invalid',
      note: "Current pay 'tbd' is not a number",
    });
    expect(readPayCell('#N/A', 'annual')).toEqual({
      kind: 'invalid',
      note: 'Current pay shows the Excel error #N/A',
    });
    expect(readPayCell(true, 'annual')).toMatchObject({ kind: 'invalid' });
    expect(readPayCell(0, 'annual')).toEqual({ kind: 'invalid', note: 'Current pay must be more than 0' });
    expect(readPayCell(-5, 'hourly')).toMatchObject({ kind: 'invalid' });
  });
  test('a filled annual cell wins over the hourly one; an empty one falls back to it', () => {
    expect(readCurrentPay(90_000, 50)).toEqual({ kind: 'pay', annual: 90_000, hourly: null });
    expect(readCurrentPay('', 50)).toEqual({ kind: 'pay', annual: 104_000, hourly: 50 });
    expect(readCurrentPay(undefined, undefined)).toEqual({ kind: 'none' });
    expect(readCurrentPay('n/a', 50)).toMatchObject({ kind: 'invalid' });
  });
});

describe('market ratio and position', () => {
  test('ratio is pay ÷ P50 to two decimals', () => {
    expect(marketRatio(79_200, 72_000)).toBe(1.1);
    expect(marketRatio(64_000, 72_000)).toBe(0.89);
  });
  test('position: Below P25, P25–P75 with both ends included, Above P75', () => {
    expect(marketPosition(59_999, 60_000, 90_000)).toBe('Below P25');
    expect(marketPosition(60_000, 60_000, 90_000)).toBe('P25–P75');
    expect(marketPosition(90_000, 60_000, 90_000)).toBe('P25–P75');
    expect(marketPosition(90_001, 60_000, 90_000)).toBe('Above P75');
  });
});

describe('market percentile: log-scale interpolation between the published percentiles', () => {
  test('between P10 and P25 the step is by ratio, not by amount: 45,000 is the 19th, not the 18th', () => {
    // ln(45/30) / ln(60/30) = 0.585 of the way from 10 to 25 = 18.8; halfway by amount would be 17.5.
    expect(marketPercentile(45_000, MARKET)).toBe(19);
  });
  test('the published figures themselves are their percentiles', () => {
    expect(marketPercentile(30_000, MARKET)).toBe(10);
    expect(marketPercentile(72_000, MARKET)).toBe(50);
    expect(marketPercentile(120_000, MARKET)).toBe(90);
  });
  test('between P50 and P75: 80,000 is ln(80/72)/ln(90/72) = 0.472 of 25 points above 50', () => {
    expect(marketPercentile(80_000, MARKET)).toBe(62);
  });
  test('outside P10–P90 it says <10 or >90', () => {
    expect(marketPercentile(29_999, MARKET)).toBe('<10');
    expect(marketPercentile(120_001, MARKET)).toBe('>90');
  });
  test('without P10 and P90 the ends are P25 and P75', () => {
    expect(marketPercentile(50_000, { 25: 60_000, 50: 72_000, 75: 90_000 })).toBe('<25');
    expect(marketPercentile(95_000, { 25: 60_000, 50: 72_000, 75: 90_000 })).toBe('>75');
  });
  test('a pay equal to tied percentiles (top-coded P75 = P90) sits in their middle', () => {
    const topCoded = { 10: 100_000, 25: 150_000, 50: 200_000, 75: 239_200, 90: 239_200 };
    expect(marketPercentile(239_200, topCoded)).toBe(83);
    expect(marketPercentile(239_201, topCoded)).toBe('>90');
  });
  test('percentiles out of order (against D1), one figure, or no pay give no answer', () => {
    expect(marketPercentile(70_000, { 25: 80_000, 50: 72_000, 75: 90_000 })).toBeNull();
    expect(marketPercentile(70_000, { 50: 72_000 })).toBeNull();
    expect(marketPercentile(0, MARKET)).toBeNull();
  });
  test('positionOf gives all three, or says which figures are missing', () => {
    expect(positionOf(80_000, MARKET)).toEqual({
      ok: true,
      value: { ratio: 1.11, percentile: 62, position: 'P25–P75' },
    });
    expect(positionOf(80_000, { 10: 30_000, 90: 120_000 })).toEqual({
      ok: false,
      note: 'No P25, P50 and P75 to compare with',
    });
  });
});
