import type { MarketBand } from '../../src/usecases/market-band';
import { bandShapes, CHAR_WIDTH, shortMoney, spreadLabels } from '../../src/taskpane/band-picture';
import {
  bandTexts,
  compositeTexts,
  money,
  percentileText,
  rangesTexts,
  summaryLines,
} from '../../src/taskpane/texts';
import type { PriceRunSummary } from '../../src/usecases/pricing-run';

/** The words and the picture of the cards after pricing: each figure the picture draws is in its text. */

const band = (over: Partial<MarketBand> = {}): MarketBand => ({
  row: 7,
  title: 'Accountants',
  currency: 'USD',
  figures: { 10: 50_000, 25: 60_000, 50: 72_000, 75: 90_000, 90: 110_000 },
  pay: { kind: 'pay', annual: 80_000, hourly: null },
  position: { ratio: 1.11, percentile: 62, position: 'P25–P75' },
  rangeMin: 64_000,
  rangeMax: 96_000,
  asOf: '2025-05-01',
  ...over,
});

describe('the market band in words (its text equivalent)', () => {
  test('names every figure the picture draws', () => {
    expect(bandTexts.describe(band())).toBe(
      'Row 7, Accountants: market P10 $50,000, P25 $60,000, P50 $72,000, P75 $90,000, P90 $110,000 (as of 2025-05-01). Current pay $80,000 is at the 62nd percentile (P25–P75), 1.11 of the median. Pay range $64,000 to $96,000.',
    );
  });
  test('outside P10–P90, an hourly pay, no pay, a pay that is not one', () => {
    expect(
      bandTexts.describe(
        band({
          pay: { kind: 'pay', annual: 41_600, hourly: 20 },
          position: { ratio: 0.58, percentile: '<10', position: 'Below P25' },
          rangeMin: null,
        }),
      ),
    ).toContain(
      'Current pay $41,600 ($20 an hour × 2,080) is below the 10th percentile (Below P25), 0.58 of the median.',
    );
    expect(bandTexts.describe(band({ pay: { kind: 'none' }, position: null }))).toContain('No current pay.');
    expect(
      bandTexts.describe(band({ pay: { kind: 'invalid', note: "Current pay 'tbd' is not a number" } })),
    ).toContain("Current pay 'tbd' is not a number.");
  });
  test('ordinals and money', () => {
    expect([1, 2, 3, 11, 12, 13, 21, 42, 50].map((p) => percentileText(p))).toEqual([
      '1st percentile',
      '2nd percentile',
      '3rd percentile',
      '11th percentile',
      '12th percentile',
      '13th percentile',
      '21st percentile',
      '42nd percentile',
      '50th percentile',
    ]);
    expect(percentileText('>90')).toBe('above the 90th percentile');
    expect(money(1234.6, 'EUR')).toBe('1,235 EUR');
    expect(shortMoney(72_400, 'USD')).toBe('$72k');
    expect(shortMoney(9_999, '')).toBe('$9999');
  });
});

describe('the market band picture', () => {
  const shapes = bandShapes(band());
  const of = (cls: string) => shapes.filter((s) => s.cls === cls);
  test('a P10–P90 bar, a P25–P75 box inside it, the P50 tick inside the box, the pay dot where the pay is', () => {
    const [whisker] = of('band-whisker') as Array<{ x: number; w: number }>;
    const [box] = of('band-box') as Array<{ x: number; w: number }>;
    const [median] = of('band-median') as Array<{ x1: number }>;
    const [pay] = of('band-pay') as Array<{ x: number }>;
    if (!whisker || !box || !median || !pay) throw new Error('a shape is missing');
    expect(box.x).toBeGreaterThan(whisker.x);
    expect(box.x + box.w).toBeLessThan(whisker.x + whisker.w);
    expect(median.x1).toBeGreaterThan(box.x);
    expect(median.x1).toBeLessThan(box.x + box.w);
    // The axis is linear: positions measured along the P10–P90 bar (50,000 to 110,000).
    const at = (v: number) => whisker.x + ((v - 50_000) / 60_000) * whisker.w;
    expect(pay.x).toBeCloseTo(at(80_000), 6);
    expect(median.x1).toBeCloseTo(at(72_000), 6);
  });
  test('the range ends are drawn when the row has a range, and not otherwise; labels name P10, P50, P90 and pay', () => {
    expect(of('band-range')).toHaveLength(3);
    expect(
      bandShapes(band({ rangeMin: null, rangeMax: null })).filter((s) => s.cls === 'band-range'),
    ).toEqual([]);
    expect(of('band-label').map((s) => (s as { text: string }).text)).toEqual([
      'P10 $50k',
      'P50 $72k',
      'P90 $110k',
      'pay $80k',
    ]);
  });
  test('labels that would overlap are pushed apart, and stay inside the picture', () => {
    const placed = spreadLabels([
      { x: 100, text: 'P50 $72k' },
      { x: 96, text: 'P10 $70k' },
      { x: 278, text: 'P90 $300k' },
    ]);
    expect(placed.map((l) => l.text)).toEqual(['P10 $70k', 'P50 $72k', 'P90 $300k']);
    for (let i = 1; i < placed.length; i++) {
      const prev = placed[i - 1] as { x: number; text: string };
      expect((placed[i] as { x: number }).x).toBeGreaterThanOrEqual(prev.x + prev.text.length * CHAR_WIDTH);
    }
    const last = placed[2] as { x: number; text: string };
    expect(last.x + last.text.length * CHAR_WIDTH).toBeLessThanOrEqual(280);
  });
  test('everything fits the picture, even a pay far outside the market', () => {
    for (const s of bandShapes(band({ pay: { kind: 'pay', annual: 400_000, hourly: null } }))) {
      const xs = 'x1' in s ? [s.x1, s.x2] : 'w' in s ? [s.x, s.x + s.w] : [s.x];
      for (const x of xs) expect(x).toBeGreaterThanOrEqual(0);
      for (const x of xs) expect(x).toBeLessThanOrEqual(280);
    }
  });
});

describe('the run summary with a current-pay column', () => {
  const base: PriceRunSummary = {
    status: 'done',
    rows: 10,
    priced: 10,
    failed: 0,
    cancelled: 0,
    skippedHidden: 0,
    skippedBlank: 0,
    requests: 1,
    uniqueJobs: 10,
    duplicatesMerged: 0,
    writeSyncs: 2,
    failures: [],
    failedRows: [],
    changes: [],
    where: null,
  };
  test('says how many pays were compared, and that hourly rates were annualised', () => {
    const lines = summaryLines({ ...base, currentPay: { compared: 8, hourly: 3, without: 2 } });
    expect(lines.slice(-3).map((l) => [l.label, l.value])).toEqual([
      ['Compared with current pay', '8'],
      ['Hourly pay annualised (× 2,080 hours)', '3'],
      ['No usable current pay (see Market Note)', '2'],
    ]);
    expect(summaryLines(base).some((l) => l.key.startsWith('pay-'))).toBe(false);
  });
});

describe('the cards after pricing', () => {
  test('ranges and composite say what they wrote', () => {
    expect(
      rangesTexts.wrote({ status: 'done', rows: 12, target: 'Salary50', withPay: true }, 50, 1000),
    ).toMatch(
      /^Wrote ranges for 12 rows around Salary50, with Compa-Ratio and Range Penetration: spread 50 %, rounded to 1,000\./,
    );
    expect(
      compositeTexts.wrote(
        { status: 'done', rows: 1, sources: ['Mercer', 'JobPrice (Salary)'], empty: 0 },
        '2026-01-01',
      ),
    ).toBe('Wrote the composite of Mercer, JobPrice (Salary) for 1 row, aged to 2026-01-01.');
    expect(bandTexts.charted({ status: 'done', jobs: 50, unpriced: 2, beyondLimit: 1 })).toBe(
      'Charted 50 jobs on the "JobPrice Chart" sheet. 2 rows were left out (not priced); 1 more job beyond the first 50 was left out.',
    );
  });
});
