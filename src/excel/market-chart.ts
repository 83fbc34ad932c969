import { columnLetters } from './address';
import { moneyFormat } from '../domain/number-formats';

/**
 * "Chart these jobs": a native Excel chart on a sheet of its own, JobPrice Chart, fed by a table there
 * (JobPriceChartData), so the chart follows any figure changed in the table. Market bands are floating
 * columns: a stacked column chart whose first series (P10) has no fill, with P10–P25, P25–P50, P50–P75
 * and P75–P90 stacked on it, the middle two darker (the P25–P75 box); current pay is a series of markers
 * with no line. The band's segments are formulas over the table's own P10…P90 cells.
 *
 * Requirement sets, all within the manifest's ExcelApi 1.9: worksheets.add, Worksheet.delete, tables.add,
 * charts.add (ChartType columnStacked), ChartFill.clear/setSolidColor, chart title and legend: 1.1;
 * getItemOrNullObject: 1.4; ChartSeries.add, setValues, setXAxisValues, chartType (lineMarkers),
 * markers, ChartLineFormat.lineStyle, gapWidth: 1.7; ChartAxis.numberFormat: 1.8.
 */

export const CHART_SHEET = 'JobPrice Chart';
export const CHART_TABLE = 'JobPriceChartData';
export const CHART_NAME = 'JobPrice Market Chart';

export interface ChartJob {
  readonly label: string;
  /** P10, P25, P50, P75, P90. */
  readonly figures: readonly [number, number, number, number, number];
  readonly pay: number | null;
  readonly rangeMin: number | null;
  readonly rangeMax: number | null;
}

const FIGURE_HEADERS = ['P10', 'P25', 'P50', 'P75', 'P90'];
/** The stacked segments, each the difference of two figure columns (P10 itself first, invisible). */
const SEGMENTS = ['Band base', 'P10 to P25', 'P25 to P50', 'P50 to P75', 'P75 to P90'];
const SEGMENT_FILLS = [null, '#C7DDF2', '#0F6CBD', '#115EA3', '#C7DDF2'];
const PAY_COLOR = '#C50F1F';

/** true when the workbook already has a JobPrice Chart sheet (to ask before replacing it). */
export async function chartSheetExists(): Promise<boolean> {
  return Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(CHART_SHEET);
    sheet.load('name');
    await context.sync();
    return !sheet.isNullObject;
  });
}

/**
 * Replaces the JobPrice Chart sheet (if any) by a new one with the table and the chart, and shows it.
 * Two syncs.
 */
export async function writeMarketChart(jobs: readonly ChartJob[], currency: string): Promise<void> {
  const withPay = jobs.some((j) => j.pay !== null);
  const withRange = jobs.some((j) => j.rangeMin !== null || j.rangeMax !== null);
  const headers = [
    'Job',
    ...FIGURE_HEADERS,
    ...(withPay ? ['Current Pay'] : []),
    ...(withRange ? ['Range Min', 'Range Max'] : []),
    ...SEGMENTS,
  ];
  const payCol = withPay ? 6 : -1;
  const segment0 = headers.indexOf(SEGMENTS[0] as string);
  const letter = (i: number): string => columnLetters(i);
  const rows = jobs.map((job, k) => {
    const r = k + 2;
    const figureCell = (i: number): string => `${letter(1 + i)}${r}`;
    return [
      job.label,
      ...job.figures,
      ...(withPay ? [job.pay ?? ''] : []),
      ...(withRange ? [job.rangeMin ?? '', job.rangeMax ?? ''] : []),
      `=${figureCell(0)}`,
      ...[1, 2, 3, 4].map((i) => `=${figureCell(i)}-${figureCell(i - 1)}`),
    ];
  });
  const money = moneyFormat(currency);
  const n = jobs.length;
  await Excel.run(async (context) => {
    const old = context.workbook.worksheets.getItemOrNullObject(CHART_SHEET);
    old.load('name');
    await context.sync();
    if (!old.isNullObject) old.delete();
    const sheet = context.workbook.worksheets.add(CHART_SHEET);
    const all = sheet.getRangeByIndexes(0, 0, n + 1, headers.length);
    all.numberFormat = [
      headers.map(() => '@'),
      ...rows.map((row) => row.map((_, i) => (i === 0 ? '@' : money))),
    ];
    all.formulas = [headers, ...rows];
    const table = sheet.tables.add(all, true);
    table.name = CHART_TABLE;
    table.style = 'TableStyleLight9';

    const jobsRange = sheet.getRangeByIndexes(1, 0, n, 1);
    const chart = sheet.charts.add(
      Excel.ChartType.columnStacked,
      sheet.getRangeByIndexes(0, segment0, n + 1, SEGMENTS.length),
      Excel.ChartSeriesBy.columns,
    );
    chart.name = CHART_NAME;
    chart.title.text = `Market pay bands: P10–P90, darker P25–P75${withPay ? '; ◆ current pay' : ''}`;
    chart.legend.position = Excel.ChartLegendPosition.bottom;
    chart.axes.valueAxis.numberFormat = money;
    SEGMENTS.forEach((_, i) => {
      const series = chart.series.getItemAt(i);
      series.setXAxisValues(jobsRange);
      const fill = SEGMENT_FILLS[i];
      // The first segment (0 to P10) is the invisible base the band floats on.
      if (fill === null || fill === undefined) series.format.fill.clear();
      else series.format.fill.setSolidColor(fill);
    });
    chart.series.getItemAt(0).gapWidth = 60;
    if (withPay) {
      const pay = chart.series.add('Current pay');
      pay.setValues(sheet.getRangeByIndexes(1, payCol, n, 1));
      pay.setXAxisValues(jobsRange);
      pay.chartType = Excel.ChartType.lineMarkers;
      pay.format.line.lineStyle = Excel.ChartLineStyle.none;
      pay.markerStyle = Excel.ChartMarkerStyle.diamond;
      pay.markerSize = 9;
      pay.markerBackgroundColor = PAY_COLOR;
      pay.markerForegroundColor = PAY_COLOR;
    }
    // Below the table, as wide as it.
    chart.setPosition(`A${n + 3}`, `${letter(Math.max(7, headers.length - 1))}${n + 24}`);
    sheet.activate();
    await context.sync();
  });
}
