import type { AreaCell, AreaTable, Percentiles, WagesPart } from '../../../src/service/data/index-types';
import { WageIndex } from '../../../src/service/data/wage-index';
import { localWages } from '../../../src/service/pricing/area-wages';

/**
 * Local pay by the rules of docs/methodology.md ("Local pay", "Top-coding") on a small hand-made wage
 * index, so each expected figure can be worked out by hand and written down with its reasoning. The
 * staged files hold no metro cell with a suppressed percentile below a published one (their blanks are
 * whole rows, or top-codes), so the fallback of a single missing percentile is only reachable here.
 */

const SOC = '23-1011';
const NATIONAL: Percentiles = [70_000, 95_000, 150_000, 210_000, 250_000];
/** Georgia, the pricing vintage (May 2025): a complete, not top-coded cell. */
const GA_2025: AreaCell = [60_000, 85_000, 130_000, 200_000, 300_000];
/** Georgia's May 2024 median: the occupation's median there rose 130,000 / 125,000 = 1.04. */
const GA_2024: AreaCell = [58_000, 82_000, 125_000, 190_000, 280_000];

function wages(metroCell: AreaCell): WagesPart {
  const table = (year: number, kind: AreaTable['kind'], key: string, cell: AreaCell): AreaTable => ({
    year,
    source: `${kind}-${year}`,
    kind,
    topCode: year <= 2024 ? 239_200 : null,
    areas: { [key]: { title: key, rows: { [SOC]: cell } } },
  });
  const national = (year: number) => ({
    year,
    source: `national-${year}`,
    rows: { [SOC]: { title: 'Lawyers', group: 'detailed', p: NATIONAL, topCoded: 0, hourlyOnly: false } },
  });
  return {
    primaryYear: 2025,
    national: { '2024': national(2024), '2025': national(2025) },
    sector: [],
    areaTables: [
      table(2025, 'state', 's:GA', GA_2025),
      table(2024, 'state', 's:GA', GA_2024),
      table(2024, 'msa', 'm:12060', metroCell),
    ],
  };
}

const priced = (metroCell: AreaCell) =>
  localWages(WageIndex.fromPart(wages(metroCell)), 'm:12060', 'GA', SOC, 2025, NATIONAL);

test('a percentile the metro suppresses comes from the state, not from the nation', () => {
  // Guards the fallback order: area, then state, then national (docs/methodology.md, "Local pay").
  // The metro's P10 is blank below its published P25, so it is suppressed, not top-coded. Its other
  // figures are May 2024 and move by Georgia's median change, 1.04: 80,000 → 83,200, 125,000 → 130,000,
  // 210,000 → 218,400, 260,000 → 270,400. The P10 is Georgia's May 2025 figure, 60,000, as published
  // (the pricing vintage needs no move); the nation's 70,000 would be wrong.
  const local = priced([null, 80_000, 125_000, 210_000, 260_000]);
  const want = [60_000, 83_200, 130_000, 218_400, 270_400];
  local.p.forEach((v, i) => expect({ i, v: Math.round(v * 100) / 100 }).toEqual({ i, v: want[i] }));
  expect(local.level).toBe('area');
});

test('a top-coded P90 is the state’s own P90, then moved', () => {
  // Guards the completion of top-coding (docs/methodology.md, "Top-coding"). The metro publishes P75 =
  // 210,000 and leaves P90 blank in a vintage that top-codes, so P90 is at least $239,200; it is priced
  // as Georgia's May 2025 P90, 300,000, and moved by 1.04 like the rest: 312,000. The floor alone would
  // give 239,200 × 1.04 = 248,768; the metro's P75 carried up by Georgia's P90 / P75 (1.5) 327,600.
  const local = priced([50_000, 80_000, 125_000, 210_000, null]);
  expect(local.p[4]).toBeCloseTo(312_000, 6);
  expect(local.p[3]).toBeCloseTo(218_400, 6);
});

test('a top-coded percentile whose state figure is under the top-code is the top-code, moved', () => {
  // P75 and P90 blank above a published median: Georgia's P75, 200,000, is below $239,200, which a "#"
  // cell is at least: 239,200 × 1.04 = 248,768. Its P90, 300,000, is above: 312,000.
  const local = priced([50_000, 80_000, 125_000, null, null]);
  expect(local.p[3]).toBeCloseTo(248_768, 6);
  expect(local.p[4]).toBeCloseTo(312_000, 6);
});
