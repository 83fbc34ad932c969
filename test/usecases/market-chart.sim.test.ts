import { detectMapping } from '../../src/domain/column-mapping';
import { CHART_NAME, CHART_SHEET, CHART_TABLE } from '../../src/excel/market-chart';
import { chartSelection, MAX_CHART_JOBS } from '../../src/usecases/market-chart';
import { priceSelection } from '../../src/usecases/pricing-run';
import { calculateFormulas } from '../sim-excel/formula-eval';
import type { SimHost } from '../sim-excel/host';
import type { CellValue } from '../sim-excel/model';
import { fakeService, HEADERS, install, jobRow, rect } from '../excel/helpers';

/**
 * "Chart these jobs" on the simulated host: a JobPrice Chart sheet with a table and a native chart whose
 * calls are recorded with their ranges: floating columns (stacked, first series without fill) over
 * formula cells of the table, current pay as markers without a line.
 */

let host: SimHost;
afterEach(() => host?.uninstall());

const SHEET_HEADERS = [...HEADERS, 'Current Salary'];
const mappingFor = (block: { headerCells: CellValue[] | null; width: number }) =>
  detectMapping((block.headerCells ?? []).slice(0, block.width));
const S = `'${CHART_SHEET}'`;

async function pricedSheet(
  rows: number,
  over: (i: number) => Partial<Record<number, CellValue>> = () => ({}),
) {
  host = install({
    sheets: [
      {
        name: 'Jobs',
        rows: [
          SHEET_HEADERS,
          ...Array.from({ length: rows }, (_, i) => [...jobRow(i, over(i)), 50_000 + i * 1000]),
        ],
      },
    ],
    selection: { sheet: 'Jobs', rect: rect(0, 0, rows, SHEET_HEADERS.length - 1) },
  });
  calculateFormulas(host.workbook);
  await priceSelection({
    mode: 'price',
    send: fakeService().send,
    mappingFor,
    confirmOverwrite: async () => true,
  });
  host.workbook.calls.length = 0;
}

describe('Chart these jobs', () => {
  it('writes a table of the jobs and a stacked-column chart over its band segments, pay as markers', async () => {
    // Row 3's job is not priced: it is left out and counted.
    await pricedSheet(4, (i) => (i === 2 ? { 0: 'nonsense job' } : {}));
    const summary = await chartSelection({ mappingFor, confirmReplace: async () => true });
    expect(summary).toEqual({ status: 'done', jobs: 3, unpriced: 1, beyondLimit: 0 });

    const calls = host.workbook.calls.map((c) => [c.api, c.address ?? c.detail?.name ?? '']);
    expect(calls).toEqual([
      ['worksheets.add', CHART_SHEET],
      ['tables.add', `${S}!A1:L4`],
      ['charts.add', `${S}!H1:L4`],
      ...[0, 1, 2, 3, 4].map(() => ['series.setXAxisValues', `${S}!A2:A4`]),
      ['series.add', 'Current pay'],
      ['series.setValues', `${S}!G2:G4`],
      ['series.setXAxisValues', `${S}!A2:A4`],
      ['chart.setPosition', `${S}!A6`],
    ]);
    const sheet = host.workbook.sheet(CHART_SHEET);
    const header = Array.from({ length: 13 }, (_, c) => sheet?.get(0, c)?.value);
    expect(header).toEqual([
      'Job',
      'P10',
      'P25',
      'P50',
      'P75',
      'P90',
      'Current Pay',
      'Band base',
      'P10 to P25',
      'P25 to P50',
      'P50 to P75',
      'P75 to P90',
      undefined,
    ]);
    expect(host.workbook.tables.find((t) => t.sheet === CHART_SHEET)?.name).toBe(CHART_TABLE);

    // The band segments are formulas over the table's own figures, and they add back up to P90.
    expect(sheet?.get(1, 7)?.formula).toBe('=B2');
    expect(sheet?.get(1, 8)?.formula).toBe('=C2-B2');
    const band = [7, 8, 9, 10, 11].map((c) => sheet?.get(1, c)?.value as number);
    expect(band.reduce((a, b) => a + b, 0)).toBeCloseTo(sheet?.get(1, 5)?.value as number, 6);

    const chart = sheet?.charts[0];
    expect(chart).toMatchObject({ name: CHART_NAME, type: 'ColumnStacked', seriesBy: 'Columns' });
    expect(chart?.series.map((s) => [s.name, s.chartType, s.fillCleared ?? false])).toEqual([
      ['Band base', 'ColumnStacked', true],
      ['P10 to P25', 'ColumnStacked', false],
      ['P25 to P50', 'ColumnStacked', false],
      ['P50 to P75', 'ColumnStacked', false],
      ['P75 to P90', 'ColumnStacked', false],
      ['Current pay', 'LineMarkers', false],
    ]);
    expect(chart?.series[5]).toMatchObject({ lineStyle: 'None', markerStyle: 'Diamond' });
    // The chart's sheet is shown.
    expect(host.workbook.selection.sheet).toBe(CHART_SHEET);
  });

  it(`charts the first ${MAX_CHART_JOBS} priced jobs and says how many were left out`, async () => {
    await pricedSheet(MAX_CHART_JOBS + 5);
    const summary = await chartSelection({ mappingFor, confirmReplace: async () => true });
    expect(summary).toEqual({ status: 'done', jobs: MAX_CHART_JOBS, unpriced: 0, beyondLimit: 5 });
    expect(host.workbook.calls.find((c) => c.api === 'tables.add')?.address).toBe(`${S}!A1:L51`);
  });

  it('asks before replacing an existing JobPrice Chart sheet, and a no leaves it as it was', async () => {
    await pricedSheet(2);
    await chartSelection({ mappingFor, confirmReplace: async () => true });
    host.workbook.calls.length = 0;
    // The chart sheet was shown; the analyst goes back to the jobs.
    const jobs = () => host.workbook.select('Jobs', rect(0, 0, 2, SHEET_HEADERS.length - 1));
    jobs();
    let asked = 0;
    const declined = await chartSelection({
      mappingFor,
      confirmReplace: async () => {
        asked++;
        return false;
      },
    });
    expect([asked, declined.status]).toEqual([1, 'declined']);
    expect(host.workbook.calls).toEqual([]);
    jobs();
    await chartSelection({ mappingFor, confirmReplace: async () => true });
    expect(host.workbook.calls.slice(0, 2).map((c) => c.api)).toEqual(['worksheet.delete', 'worksheets.add']);
    expect(host.workbook.sheets.filter((s) => s.name === CHART_SHEET)).toHaveLength(1);
  });

  it('without priced rows, says to price them first', async () => {
    host = install({
      sheets: [{ name: 'Jobs', rows: [SHEET_HEADERS, [...jobRow(0), 1]] }],
      selection: { sheet: 'Jobs', rect: rect(0, 0, 1, 10) },
    });
    await expect(chartSelection({ mappingFor, confirmReplace: async () => true })).rejects.toThrow(
      /no Salary10 … Salary90 columns: price them first/,
    );
  });
});
