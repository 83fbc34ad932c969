import type { ColumnMapping } from '../domain/column-mapping';
import { readCurrentPay } from '../domain/current-pay';
import { chartSheetExists, writeMarketChart, type ChartJob } from '../excel/market-chart';
import { RANGE_MAX_HEADER, RANGE_MIN_HEADER } from '../excel/range-columns';
import type { CellValue, SelectionBlock } from '../excel/selection-reader';
import { SelectionProblem } from './pricing-run';
import { readSelectedByHeader, readSelectedRows, sheetRowOf } from './priced-rows';

/**
 * "Chart these jobs": the selected priced rows (at most MAX_CHART_JOBS) as a native Excel chart of market
 * bands and current pay on the JobPrice Chart sheet (src/excel/market-chart.ts). Asks before replacing an
 * existing JobPrice Chart sheet.
 */

export const MAX_CHART_JOBS = 50;
const FIGURES = ['Salary10', 'Salary25', 'Salary50', 'Salary75', 'Salary90'] as const;

export interface ChartRunOptions {
  mappingFor: (block: SelectionBlock) => ColumnMapping;
  /** Asked when the workbook has a JobPrice Chart sheet already; false changes nothing. */
  confirmReplace: () => Promise<boolean>;
}

export interface ChartSummary {
  status: 'done' | 'declined';
  /** Jobs on the chart. */
  jobs: number;
  /** Selected rows left out because they have no market figures (not priced, or failed). */
  unpriced: number;
  /** Priced rows beyond the first MAX_CHART_JOBS. */
  beyondLimit: number;
}

const num = (cell: CellValue | undefined): number | null =>
  typeof cell === 'number' && Number.isFinite(cell) ? cell : null;

export async function chartSelection(opts: ChartRunOptions): Promise<ChartSummary> {
  const selected = await readSelectedRows(opts.mappingFor);
  const { block, mapping } = selected;
  const columns = await readSelectedByHeader(selected, [
    ...FIGURES,
    RANGE_MIN_HEADER,
    RANGE_MAX_HEADER,
    'CurrencyCode',
  ]);
  if (FIGURES.some((f) => !columns.has(f)))
    throw new SelectionProblem(
      'These rows have no Salary10 … Salary90 columns: price them first, then chart them.',
      block,
    );
  const at = (header: string, i: number): number | null => num(columns.get(header)?.[i]);

  const jobs: ChartJob[] = [];
  let unpriced = 0;
  let beyondLimit = 0;
  let currency = '';
  const seen = new Set<string>();
  selected.rows.forEach((index, i) => {
    const figures = FIGURES.map((f) => at(f, i));
    if (figures.some((f) => f === null)) {
      unpriced++;
      return;
    }
    if (jobs.length >= MAX_CHART_JOBS) {
      beyondLimit++;
      return;
    }
    const row = block.rows[index] ?? [];
    const cell = (col: number | undefined): CellValue | undefined =>
      col === undefined ? undefined : row[col];
    const title = String(cell(mapping.title) ?? '').trim();
    // The same title twice gets its sheet row, so each column of the chart names one row.
    const label = seen.has(title) ? `${title} (row ${sheetRowOf(selected, i) + 1})` : title;
    seen.add(title);
    const pay = readCurrentPay(cell(mapping.pay), cell(mapping.hourlyPay));
    currency ||= String(columns.get('CurrencyCode')?.[i] ?? '');
    jobs.push({
      label,
      figures: figures as [number, number, number, number, number],
      pay: pay.kind === 'pay' ? pay.annual : null,
      rangeMin: at(RANGE_MIN_HEADER, i),
      rangeMax: at(RANGE_MAX_HEADER, i),
    });
  });
  if (jobs.length === 0)
    throw new SelectionProblem('None of the selected rows has market figures: price them first.', block);
  if ((await chartSheetExists()) && !(await opts.confirmReplace()))
    return { status: 'declined', jobs: 0, unpriced, beyondLimit };
  await writeMarketChart(jobs, currency);
  return { status: 'done', jobs: jobs.length, unpriced, beyondLimit };
}
