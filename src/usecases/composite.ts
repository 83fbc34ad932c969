import type { ColumnMapping } from '../domain/column-mapping';
import { composite, type CompositeSettings, type CompositeSource } from '../domain/composite';
import { readPayCell } from '../domain/current-pay';
import { moneyFormat } from '../domain/number-formats';
import { cellDate } from '../domain/serial-date';
import { surveysIn, type SurveyColumns } from '../domain/survey-columns';
import {
  COMPOSITE_AS_OF_HEADER,
  COMPOSITE_P25_HEADER,
  COMPOSITE_P50_HEADER,
  COMPOSITE_P75_HEADER,
  COMPOSITE_SOURCES_HEADER,
} from '../excel/composite-columns';
import { AGED_TO_HEADER, findHeader, isOutputHeader, TEXT_FORMAT } from '../excel/output-columns';
import { writeRows, type RowCells } from '../excel/row-writer';
import type { CellValue, SelectionBlock } from '../excel/selection-reader';
import { SelectionProblem } from './pricing-run';
import {
  placeColumns,
  readSelectedColumns,
  readSelectedRows,
  sheetRowOf,
  type SelectedRows,
} from './priced-rows';

/**
 * "Write composite": a blend of the analyst's own surveys (columns such as "Mercer P50", "Radford Base
 * P50", found by header) and, optionally, the JobPrice figures of each row, every source aged to one
 * common date and weighed (src/domain/composite.ts). It writes Composite P50, P25 and P75 where the
 * sources give them, how many sources each row's P50 rests on, and the date they were aged to. Values,
 * computed in the add-in with no service call; JOBPRICE.COMPOSITE gives the same as a live formula.
 */

/** The JobPrice figures as a source: base salary, as the surveys it is blended with usually are. */
export const JOBPRICE_SOURCE = 'JobPrice (Salary)';
const JOBPRICE_COLUMNS = { 25: 'Salary25', 50: 'Salary50', 75: 'Salary75' } as const;
const PERCENTILES = [25, 50, 75] as const;

/**
 * The survey columns among the selected rows' columns: not an input of the mapping, not a column JobPrice
 * writes, and holding a number in at least one selected row.
 */
export async function findSurveys(
  mappingFor: (block: SelectionBlock) => ColumnMapping,
): Promise<SurveyColumns[]> {
  const selected = await readSelectedRows(mappingFor);
  const surveys = surveyCandidates(selected);
  if (surveys.length === 0) return [];
  const values = await readSelectedColumns(
    selected,
    surveys.map((s) => selected.block.firstCol + s.p50),
  );
  return surveys.filter((_, k) => (values[k] ?? []).some((cell) => figure(cell) !== null));
}

function surveyCandidates(selected: SelectedRows): SurveyColumns[] {
  const { block, mapping } = selected;
  const inputs = new Set(Object.values(mapping));
  const candidates = (block.headerCells ?? [])
    .map((cell, col) => ({ cell, col }))
    .filter(({ cell, col }) => !inputs.has(col) && !isOutputHeader(cell))
    .map(({ col }) => col);
  return surveysIn(block.headerCells ?? [], candidates);
}

/** A survey figure: a positive number, or text that reads as one; anything else drops out of the row. */
function figure(cell: CellValue | undefined): number | null {
  const pay = readPayCell(cell, 'annual');
  return pay.kind === 'pay' ? pay.annual : null;
}

export interface CompositeRunOptions {
  settings: CompositeSettings;
  mappingFor: (block: SelectionBlock) => ColumnMapping;
  /** Asked when the new columns would replace non-empty cells; false changes nothing. */
  confirmOverwrite: (cells: number) => Promise<boolean>;
}

export interface CompositeSummary {
  status: 'done' | 'declined';
  rows: number;
  /** The sources used, by name, JobPrice's included. */
  sources: string[];
  /** Rows whose P50 rests on no source (every source's cell empty). */
  empty: number;
}

interface Source {
  name: string;
  weight: number;
  /** Sheet column per percentile the source gives. */
  cols: Partial<Record<Percentile, number>>;
  /**
   * Its effective date: one for the whole survey, or for JobPrice's figures each row's own (the date they
   * were aged to, else DataEffectiveDate, D20), read from these columns.
   */
  date: { fixed: string } | { agedTo: number | null; effective: number | null };
}

type Percentile = (typeof PERCENTILES)[number];

/** The sources the settings name, found among the selected rows' columns by header. */
function sourcesOf(selected: SelectedRows, settings: CompositeSettings): Source[] {
  const { block } = selected;
  const found = surveyCandidates(selected);
  const sources: Source[] = settings.sources.map((s) => {
    const survey = found.find((f) => findHeader([f.header], s.header) === 0);
    if (survey === undefined)
      throw new SelectionProblem(`No survey column headed "${s.header}" beside these rows.`, block);
    const cols: Source['cols'] = {};
    for (const [p, offset] of [
      [25, survey.p25],
      [50, survey.p50],
      [75, survey.p75],
    ] as const)
      if (offset !== undefined) cols[p] = block.firstCol + offset;
    return { name: survey.survey, weight: s.weight, cols, date: { fixed: s.effectiveDate } };
  });
  if (settings.jobPrice.use) {
    const cols: Source['cols'] = {};
    for (const p of PERCENTILES) {
      const col = selected.column(JOBPRICE_COLUMNS[p]);
      if (col !== null) cols[p] = col;
    }
    if (cols[50] === undefined)
      throw new SelectionProblem(
        'These rows have no Salary50 column: price them first, or leave JobPrice out of the composite.',
        block,
      );
    sources.push({
      name: JOBPRICE_SOURCE,
      weight: settings.jobPrice.weight,
      cols,
      date: { agedTo: selected.column(AGED_TO_HEADER), effective: selected.column('DataEffectiveDate') },
    });
  }
  if (sources.length === 0)
    throw new SelectionProblem('Choose at least one source for the composite.', block);
  return sources;
}

export async function writeComposite(opts: CompositeRunOptions): Promise<CompositeSummary> {
  const selected = await readSelectedRows(opts.mappingFor);
  const { block } = selected;
  const { settings } = opts;
  const sources = sourcesOf(selected, settings);

  // One read of every column involved: figures, JobPrice's dates, the currency of each row.
  const columns: number[] = [];
  const slot = (col: number | null | undefined): number => {
    if (col === null || col === undefined) return -1;
    const i = columns.indexOf(col);
    return i >= 0 ? i : columns.push(col) - 1;
  };
  const figureSlots = sources.map((s) => PERCENTILES.map((p) => slot(s.cols[p])));
  const dateSlots = sources.map((s) =>
    'fixed' in s.date ? null : { agedTo: slot(s.date.agedTo), effective: slot(s.date.effective) },
  );
  const currencySlot = slot(selected.column('CurrencyCode'));
  const cells = await readSelectedColumns(selected, columns);
  const at = (k: number, i: number): CellValue | undefined => (k < 0 ? undefined : cells[k]?.[i]);
  const dateOf = (k: number, i: number): string | undefined => {
    const source = sources[k] as Source;
    const slots = dateSlots[k];
    if ('fixed' in source.date) return source.date.fixed === '' ? undefined : source.date.fixed;
    return cellDate(at(slots?.agedTo ?? -1, i)) ?? cellDate(at(slots?.effective ?? -1, i)) ?? undefined;
  };

  const given = (p: Percentile): boolean => sources.some((s) => s.cols[p] !== undefined);
  const percentiles = PERCENTILES.filter((p) => p === 50 || given(p));
  const headers = [
    ...percentiles.map(
      (p) => ({ 25: COMPOSITE_P25_HEADER, 50: COMPOSITE_P50_HEADER, 75: COMPOSITE_P75_HEADER })[p],
    ),
    COMPOSITE_SOURCES_HEADER,
    COMPOSITE_AS_OF_HEADER,
  ];
  const aging =
    settings.agedTo === '' ? undefined : { agedTo: settings.agedTo, ratePercent: settings.ratePercent };
  let empty = 0;
  const rows: RowCells[] = selected.rows.map((_, i) => {
    const blend = (p: Percentile) =>
      composite(
        sources.map((s, k): CompositeSource => {
          const date = dateOf(k, i);
          const value = figure(at((figureSlots[k] as number[])[PERCENTILES.indexOf(p)] as number, i));
          return { value, weight: s.weight, ...(date === undefined ? {} : { date }) };
        }),
        aging,
      );
    const results = percentiles.map(blend);
    const p50 = results[percentiles.indexOf(50)] as ReturnType<typeof blend>;
    if (!p50.ok) empty++;
    const money = moneyFormat(String(at(currencySlot, i) ?? ''));
    return {
      row: sheetRowOf(selected, i),
      // Whole units, as the market figures beside them.
      cells: [
        ...results.map((r) => (r.ok ? Math.round(r.value) : '')),
        p50.ok ? p50.sources : 0,
        settings.agedTo,
      ],
      formats: [...percentiles.map(() => money), '0', TEXT_FORMAT],
    };
  });

  const summary: CompositeSummary = {
    status: 'declined',
    rows: 0,
    sources: sources.map((s) => s.name),
    empty,
  };
  const placed = await placeColumns(selected, headers, opts.confirmOverwrite);
  if (placed === null) return summary;
  await writeRows(block.sheetName, block.firstCol, placed.layout, rows);
  return { ...summary, status: 'done', rows: rows.length };
}
