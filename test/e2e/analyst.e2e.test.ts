import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Cell, CellValue, SimCall, SimChart } from '../sim-excel/model';
import { openPane, ROOT, signIn, type PaneUnderTest } from './pane-harness';

/**
 * End to end, the work after the price (docs/methodology.md): a sheet of titles, places, current pay and
 * two of the analyst's own surveys goes through the built pane in headless Chromium, against the real
 * reference service and the simulated Excel host (which evaluates the formulas it is given): pricing with
 * market position, pay ranges as live formulas over named cells, a composite of the two surveys and
 * JobPrice, and a native chart. Every figure is checked against arithmetic done here, from the figures
 * the service wrote into the sheet; the pane's market picture and ranges card are photographed.
 */

const PICTURES =
  process.env.UPDATE_README_SCREENSHOT === '1' ? join(ROOT, 'docs', 'images') : join(ROOT, 'test-results');

const HEADERS = [
  'Job Title',
  'State',
  'City',
  'Current Salary',
  'Hourly Rate',
  'Mercer P25',
  'Mercer P50',
  'Mercer P75',
  'Radford Base P50',
];
const ROWS: CellValue[][] = [
  ['Software Developers', 'CA', 'San Francisco', 165_000, '', 140_000, 160_000, 185_000, 168_000],
  ['Registered Nurses', 'MA', 'Boston', '', 52.5, 90_000, 102_000, 118_000, 99_000],
  ['Accountants', 'TX', 'Austin', 68_000, '', 62_000, 71_000, 83_000, ''],
  ['Financial Analyst', 'NY', 'New York', 'tbd', '', 85_000, 98_000, 115_000, 101_000],
  ['Data Scientist', 'WA', 'Seattle', 172_000, '', 140_000, 158_000, 180_000, 165_000],
  ['HR Manager', 'IL', 'Chicago', 118_000, '', 105_000, 122_000, 140_000, ''],
  ['Electricians', 'TX', 'Houston', '', 31.25, '', '', '', 60_000],
  ['Payroll Clerk', 'OH', '', 47_000, '', 40_000, 45_000, 51_000, 46_500],
  ['Pharmacist', 'FL', 'Miami', '', '', 125_000, 135_000, 145_000, ''],
];
const N = ROWS.length;
const BLOCK = { r0: 0, c0: 0, r1: N, c1: HEADERS.length - 1 };

type Dump = { cells: Record<string, Cell> };

let pane: PaneUnderTest;

beforeAll(async () => {
  pane = await openPane({
    sheets: [{ name: 'Jobs', rows: [HEADERS, ...ROWS] }],
    selection: { sheet: 'Jobs', rect: BLOCK },
    evaluateFormulas: true,
  });
  await signIn(pane);
}, 120_000);

afterAll(async () => {
  await pane?.close();
});

async function dump(
  sheet = 'Jobs',
): Promise<{ at: (r: number, header: string) => Cell | undefined; cells: Dump['cells'] }> {
  const d = (await pane.page.evaluate((s) => window.__simExcel?.dump(s), sheet)) as Dump;
  const headerCol = (name: string): number => {
    const key = Object.entries(d.cells).find(([k, c]) => k.startsWith('0,') && c.value === name)?.[0];
    if (key === undefined) throw new Error(`no column headed ${name}`);
    return Number(key.split(',')[1]);
  };
  return { cells: d.cells, at: (r, header) => d.cells[`${r},${headerCol(header)}`] };
}

/** Evaluates `(wb) => …` in the page with the simulated workbook (the test's window onto the host). */
const workbook = <T>(f: string): Promise<T> => pane.page.evaluate<T>(`(${f})(window.__simExcel.workbook)`);

async function selectBlock(rect = BLOCK): Promise<void> {
  await pane.page.evaluate((r) => window.__simExcel?.workbook.select('Jobs', r), rect);
}

/** The annual pay of a row as the analyst means it: the salary, else the hourly rate × 2,080. */
function annualPay(row: CellValue[]): number | null {
  if (typeof row[3] === 'number') return row[3];
  return typeof row[4] === 'number' ? row[4] * 2080 : null;
}

/** The oracle for Market Percentile: interpolate ln(pay) between the published percentiles around it. */
function percentileOf(pay: number, figures: number[]): number | string {
  const ps = [10, 25, 50, 75, 90];
  if (pay < (figures[0] as number)) return '<10';
  if (pay > (figures[4] as number)) return '>90';
  for (let i = 1; i < 5; i++) {
    const [lo, hi] = [figures[i - 1] as number, figures[i] as number];
    if (pay === lo) return ps[i - 1] as number;
    if (pay <= hi) {
      const t = Math.log(pay / lo) / Math.log(hi / lo);
      return Math.round((ps[i - 1] as number) + t * ((ps[i] as number) - (ps[i - 1] as number)));
    }
  }
  throw new Error('unreachable');
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const salary = (d: Awaited<ReturnType<typeof dump>>, r: number): number[] =>
  [10, 25, 50, 75, 90].map((p) => d.at(r, `Salary${p}`)?.value as number);

describe('after pricing: position, ranges, composite and chart in the sheet (end to end)', () => {
  it('prices the sheet and places each current pay in its market; the pay never leaves the workbook', async () => {
    const bodies: string[] = [];
    pane.page.on('request', (r) => {
      if (r.url().includes('/DaaS/')) bodies.push(r.postData() ?? '');
    });
    await pane.page.getByTestId('price-selection').click();
    await pane.page.locator('[data-testid="summary"][data-status="done"]').waitFor({ timeout: 90_000 });
    const d = await dump();
    ROWS.forEach((row, i) => {
      const r = i + 1;
      expect({ r, status: d.at(r, 'JobPrice Status')?.value }).toEqual({ r, status: 'OK' });
      const pay = annualPay(row);
      const note = d.at(r, 'Market Note')?.value ?? '';
      if (pay === null) {
        expect({ r, ratio: d.at(r, 'Market Ratio')?.value ?? '' }).toEqual({ r, ratio: '' });
        expect(note).toBe(row[3] === 'tbd' ? "Current pay 'tbd' is not a number" : 'No current pay');
        return;
      }
      const figures = salary(d, r);
      expect({ r, ratio: d.at(r, 'Market Ratio')?.value }).toEqual({
        r,
        ratio: round2(pay / (figures[2] as number)),
      });
      expect({ r, pct: d.at(r, 'Market Percentile')?.value }).toEqual({ r, pct: percentileOf(pay, figures) });
      const position =
        pay < (figures[1] as number) ? 'Below P25' : pay > (figures[3] as number) ? 'Above P75' : 'P25–P75';
      expect({ r, position: d.at(r, 'Market Position')?.value }).toEqual({ r, position });
      expect(d.at(r, 'Market As Of')?.value).toBe('2025-05-01');
      if (typeof row[4] === 'number') expect(note).toMatch(/^Hourly [\d.]+ × 2,080 hours = [\d,]+ a year$/);
    });
    await expect(pane.page.getByTestId('summary-pay-compared').textContent()).resolves.toBe('7');
    await expect(pane.page.getByTestId('summary-pay-hourly').textContent()).resolves.toBe('2');
    // Not one pay figure went over the wire.
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies)
      for (const row of ROWS) if (typeof row[3] === 'number') expect(body).not.toContain(String(row[3]));
    const formats = await workbook<SimCall[]>(
      '(wb) => wb.calls.filter((c) => c.api === "conditionalFormats.add")',
    );
    expect(formats).toHaveLength(2);
  }, 120_000);

  it('writes pay ranges as formulas over two named cells: they compute the range maths, and one cell moves them all', async () => {
    await selectBlock();
    await pane.page.getByTestId('range-target').selectOption('Salary50');
    await pane.page.getByTestId('range-spread').fill('50');
    await pane.page.getByTestId('range-rounding').selectOption('1000');
    await pane.page.getByTestId('write-ranges').click();
    await pane.page.locator('#ranges-status.success').waitFor({ timeout: 30_000 });
    const d = await dump();
    const k = (x: number): number => Math.round(x / 1000) * 1000;
    ROWS.forEach((row, i) => {
      const r = i + 1;
      const mid = salary(d, r)[2] as number;
      const [lo, hi] = [mid / 1.25, (mid / 1.25) * 1.5];
      expect({ r, range: ['Range Min', 'Range Mid', 'Range Max'].map((h) => d.at(r, h)?.value) }).toEqual({
        r,
        range: [k(lo), k(mid), k(hi)],
      });
      expect(String(d.at(r, 'Range Mid')?.formula)).toMatch(
        /^=IF\(ISNUMBER\(\$[A-Z]+\d+\),IF\(JobPrice_RangeRounding>0/,
      );
      const pay = annualPay(row);
      expect({ r, compa: d.at(r, 'Compa-Ratio')?.value }).toEqual({
        r,
        compa: pay === null ? '' : round2(pay / k(mid)),
      });
      expect({ r, pen: d.at(r, 'Range Penetration')?.value }).toEqual({
        r,
        pen: pay === null ? '' : round2((pay - k(lo)) / (k(hi) - k(lo))),
      });
    });
    const names = await workbook<Array<{ name: string; sheet: string }>>('(wb) => [...wb.names.values()]');
    expect(names.map((n) => [n.name, n.sheet])).toEqual([
      ['JobPrice_RangeSpread', 'JobPrice Settings'],
      ['JobPrice_RangeRounding', 'JobPrice Settings'],
    ]);
    mkdirSync(PICTURES, { recursive: true });
    await pane.page.getByTestId('pay-ranges').screenshot({ path: join(PICTURES, 'pay-ranges.png') });

    // The analyst sets the spread cell to 40 %: every Range Max follows, as Excel recalculates.
    await workbook(
      '(wb) => { wb.sheet("JobPrice Settings").set(1, 1, { value: 0.4, numberFormat: "0%" }); wb.recalculate(); }',
    );
    const after = await dump();
    const mid0 = salary(after, 1)[2] as number;
    expect(after.at(1, 'Range Max')?.value).toBe(k((mid0 / 1.2) * 1.4));
    const saved = await workbook<Record<string, unknown>>('(wb) => wb.savedDocumentSettings');
    expect(saved['jobprice.payRanges']).toEqual({ target: 'Salary50', spreadPercent: 50, rounding: 1000 });
  }, 60_000);

  it('draws the market band of the row the analyst is on, with the same figures in words', async () => {
    // Row 4 (Accountants, Austin): selecting it raises the selection event the pane listens to.
    await selectBlock({ r0: 3, c0: 0, r1: 3, c1: 0 });
    await pane.page
      .getByTestId('band-text')
      .filter({ hasText: 'Row 4, Accountants' })
      .waitFor({ timeout: 10_000 });
    const d = await dump();
    const text = (await pane.page.getByTestId('band-text').textContent()) ?? '';
    const figures = salary(d, 3);
    expect(text).toContain(`P50 $${(figures[2] as number).toLocaleString('en-US')}`);
    expect(text).toContain('Current pay $68,000');
    expect(text).toContain(`at the ${String(d.at(3, 'Market Percentile')?.value)}`);
    expect(text).toContain(`Pay range $${(d.at(3, 'Range Min')?.value as number).toLocaleString('en-US')}`);
    const svg = pane.page.getByTestId('band-svg');
    await expect(svg.getAttribute('role')).resolves.toBe('img');
    await expect(svg.getAttribute('aria-labelledby')).resolves.toBe('band-caption');
    await expect(svg.locator('rect.band-box').count()).resolves.toBe(1);
    await expect(svg.locator('circle.band-pay').count()).resolves.toBe(1);
    await expect(svg.locator('line.band-range').count()).resolves.toBe(3);
    await pane.page.getByTestId('market-band').screenshot({ path: join(PICTURES, 'market-band.png') });
  }, 30_000);

  it('blends two surveys and JobPrice into a composite: each aged to one date, weighed, empty cells dropping out', async () => {
    await selectBlock();
    await pane.page.getByTestId('find-surveys').click();
    await pane.page
      .getByTestId('composite-status')
      .filter({ hasText: 'survey columns found' })
      .waitFor({ timeout: 20_000 });
    const sources = pane.page.getByTestId('composite-source');
    await expect(sources.count()).resolves.toBe(3);
    const source = (header: string) =>
      pane.page.locator(`[data-testid="composite-source"][data-header="${header}"]`);
    await source('Mercer P50').locator('input[data-role="use"]').check();
    await source('Mercer P50').locator('input[data-role="weight"]').fill('2');
    await source('Mercer P50').locator('input[data-role="date"]').fill('2025-01-01');
    await source('Radford Base P50').locator('input[data-role="use"]').check();
    await source('Radford Base P50').locator('input[data-role="date"]').fill('2025-07-01');
    await expect(source('Mercer P50').locator('[data-role="share"]').textContent()).resolves.toBe('50 %');
    await pane.page.getByTestId('composite-date').fill('2026-01-01');
    await pane.page.getByTestId('composite-rate').fill('3');
    await pane.page.getByTestId('write-composite').click();
    await pane.page.locator('#composite-status.success').waitFor({ timeout: 30_000 });
    await pane.page
      .getByTestId('composite')
      .screenshot({ path: join(ROOT, 'test-results', 'composite.png') });

    const d = await dump();
    // Factors to 2026-01-01 at 3 %: Mercer 12 months, Radford 6, JobPrice's May 2025 figures 8.
    const [mercer, radford, jobprice] = [1.03, 1.03 ** 0.5, 1.03 ** (8 / 12)];
    ROWS.forEach((row, i) => {
      const r = i + 1;
      const parts: Array<[number, number]> = [];
      if (typeof row[6] === 'number') parts.push([row[6] * mercer, 2]);
      if (typeof row[8] === 'number') parts.push([row[8] * radford, 1]);
      parts.push([(salary(d, r)[2] as number) * jobprice, 1]);
      const expected = parts.reduce((a, [v, w]) => a + v * w, 0) / parts.reduce((a, [, w]) => a + w, 0);
      expect({ r, p50: d.at(r, 'Composite P50')?.value }).toEqual({ r, p50: Math.round(expected) });
      expect({ r, n: d.at(r, 'Composite Sources')?.value }).toEqual({ r, n: parts.length });
      expect(d.at(r, 'Composite As Of')?.value).toBe('2026-01-01');
    });
    // P25 from Mercer P25 and JobPrice's Salary25 only (Radford gives no P25).
    const r1 = salary(d, 1);
    expect(d.at(1, 'Composite P25')?.value).toBe(
      Math.round((2 * 140_000 * mercer + (r1[1] as number) * jobprice) / 3),
    );
  }, 60_000);

  it('builds ranges around the composite when asked', async () => {
    await selectBlock();
    await pane.page.getByTestId('range-target').selectOption('Composite P50');
    await pane.page.getByTestId('write-ranges').click();
    await pane.page
      .locator('#ranges-status.success', { hasText: 'around Composite P50' })
      .waitFor({ timeout: 30_000 });
    const d = await dump();
    for (let r = 1; r <= N; r++)
      expect(d.at(r, 'Range Mid')?.value).toBe(
        Math.round((d.at(r, 'Composite P50')?.value as number) / 1000) * 1000,
      );
  }, 30_000);

  it('charts the jobs natively on a JobPrice Chart sheet fed by a table; asks before replacing it', async () => {
    await selectBlock();
    await pane.page.getByTestId('chart-market').click();
    await pane.page
      .locator('#chart-status.success', { hasText: `Charted ${N} jobs` })
      .waitFor({ timeout: 30_000 });
    const chart = await workbook<{ charts: SimChart[]; table: string | undefined; active: string }>(
      '(wb) => ({ charts: wb.sheet("JobPrice Chart").charts, table: wb.tables.find((t) => t.sheet === "JobPrice Chart")?.name, active: wb.selection.sheet })',
    );
    expect(chart.table).toBe('JobPriceChartData');
    expect(chart.active).toBe('JobPrice Chart');
    expect(chart.charts).toHaveLength(1);
    const [only] = chart.charts;
    expect(only?.type).toBe('ColumnStacked');
    expect(only?.series.map((s) => [s.name, s.chartType, Boolean(s.fillCleared)])).toEqual([
      ['Band base', 'ColumnStacked', true],
      ['P10 to P25', 'ColumnStacked', false],
      ['P25 to P50', 'ColumnStacked', false],
      ['P50 to P75', 'ColumnStacked', false],
      ['P75 to P90', 'ColumnStacked', false],
      ['Current pay', 'LineMarkers', false],
    ]);
    // The table holds the sheet's own figures: the first job's P50 is its Salary50.
    const d = await dump();
    const table = await dump('JobPrice Chart');
    expect(table.at(1, 'P50')?.value).toBe(salary(d, 1)[2]);
    expect(table.at(1, 'Job')?.value).toBe('Software Developers');

    await selectBlock();
    await pane.page.getByTestId('chart-market').click();
    await pane.page.getByTestId('confirm-dialog').waitFor({ state: 'visible', timeout: 10_000 });
    await pane.page.getByTestId('decline-overwrite').click();
    await pane.page
      .getByTestId('chart-status')
      .filter({ hasText: 'Nothing was changed' })
      .waitFor({ timeout: 10_000 });
    expect(pane.errors).toEqual([]);
  }, 60_000);
});
