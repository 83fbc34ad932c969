import type { AgingSettings } from '../domain/aging';
import { NO_PAY, type PayReading } from '../domain/current-pay';
import { failure, type JobOutcome } from '../domain/outcome';
import type { JobResult } from '../api/wire';
import type { PricedRow } from '../domain/repricing-changes';
import {
  columnRuns,
  OUTPUT_HEADERS,
  outputRow,
  PRICED_ROW_HEADERS,
  pricedRowFrom,
  type OutputCell,
  type OutputLayout,
} from './output-columns';
import { estimateRowBytes, planWriteChunks, type WriteChunk } from './write-chunks';

/**
 * Writes priced rows back to the sheet, block by block, as requests finish.
 *
 * Rows that moved (docs/decisions.md "Rows that move"): results go back by the row numbers read at the start,
 * so a sort, insert or delete during a long run would put figures on the wrong job. With a `guard`, each
 * chunk first re-reads the rows' input cells (one load, same sync count as the write); a row whose inputs are
 * no longer what was priced gets ROW_CHANGED_MESSAGE and no figures.
 *
 * Sync bound (tested): one `context.sync()` per write chunk (two with a guard: read, then write), and a chunk holds at most `maxRows` rows
 * (1,000) and `maxBytes` of estimated JSON (2 MB, under Excel on the web's 5 MB). A finished request of
 * ≤ 200 distinct jobs therefore costs one sync, plus one per 1,000 rows of duplicates it resolves.
 * With the reader (2 + ceil(n/2000)), the overwrite check (1) and the new columns (1), a whole run of n
 * rows and R requests makes at most 6 + R + ceil(n/2000) + ceil(n/1000) syncs without a guard, and
 * 6 + 2·(R + ceil(n/1000)) + ceil(n/2000) with one (the pricing run's): ≤ 8 + 3·ceil(n/200). A filtered
 * (partly hidden) block costs one more read; a current-pay column at most three more (the Market Ratio
 * conditional formats, src/excel/ratio-formats.ts).
 * Every chunk runs with `suspendApiCalculationUntilNextSync()`, and each row's output cells are one
 * range write, so a row is either fully written (figures, status, timestamp) or untouched.
 */

export interface WriteTarget {
  sheetName: string;
  /** 0-based sheet column the layout offsets count from. */
  firstCol: number;
  /** 0-based sheet row of the header row, or null (then no headers are written). */
  headerRow: number | null;
  /** The table to add output columns to, or null for a plain range. */
  table: string | null;
  layout: OutputLayout;
}

export const ROW_CHANGED_MESSAGE = 'Row changed while pricing; price it again';

/** What each row's input cells held when the run read them, to check before its results are written. */
export interface RowGuard {
  /** 0-based sheet columns of the mapped inputs. */
  columns: readonly number[];
  /** 1-based sheet row → fingerprint of its input cells (see `fingerprint`). */
  expected: ReadonlyMap<number, string>;
}

/** A row's input cells, compared as text: the same cells give the same fingerprint. */
export function fingerprint(cells: readonly unknown[]): string {
  return JSON.stringify(cells);
}

export interface WriterOptions {
  maxRows?: number;
  maxBytes?: number;
  /** Clock for the Priced At stamp (ISO text). */
  now?: () => Date;
  /** Age Salary and Comp figures to a date (src/domain/aging.ts); absent or disabled: written as priced. */
  aging?: AgingSettings;
  /** Re-read each chunk's input cells before writing it; rows that changed are not given figures. */
  guard?: RowGuard;
  /**
   * Keep what each row's existing output columns held before its write (`previous`), so a re-price can
   * say what moved. Read in the guard's sync (no extra sync with a guard).
   */
  keepPrevious?: boolean;
  /**
   * Each row's current pay (1-based sheet row → reading), when the sheet has a pay column: the layout then
   * holds the market-position columns (outputHeaders(true)) and every row gets them.
   */
  pay?: ReadonlyMap<number, PayReading>;
}

/**
 * How many non-empty cells the output would overwrite in the given sheet rows. With `onlyNewColumns`
 * (re-price) our own columns, found by header, are not counted: replacing them is the point.
 */
export async function countCellsToOverwrite(
  target: WriteTarget,
  rowSpan: { r0: number; r1: number },
  onlyNewColumns: boolean,
): Promise<number> {
  if (rowSpan.r1 < rowSpan.r0) return 0;
  const layout: OutputLayout = target.layout;
  const consider = layout.offsets.map((_, i) => !onlyNewColumns || !layout.existing[i]);
  const runs = columnRuns(layout)
    .map((run) => ({ ...run, indexes: run.indexes.filter((i) => consider[i]) }))
    .filter((run) => run.indexes.length > 0);
  if (runs.length === 0) return 0;
  return Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    const areas = runs.flatMap((run) => {
      // Re-split: filtering may have broken a run into pieces.
      const pieces: Array<{ offset: number; count: number }> = [];
      const offsets = run.indexes.map((i) => layout.offsets[i] as number).sort((a, b) => a - b);
      for (const o of offsets) {
        const last = pieces[pieces.length - 1];
        if (last && last.offset + last.count === o) last.count++;
        else pieces.push({ offset: o, count: 1 });
      }
      return pieces.map((p): FilledCellsQuery => {
        const rows = rowSpan.r1 - rowSpan.r0 + 1;
        const range = sheet.getRangeByIndexes(rowSpan.r0, target.firstCol + p.offset, rows, p.count);
        if (rows * p.count === 1) {
          // Special cells of a single cell may search the whole sheet (as SpecialCells does in VBA): read it instead.
          range.load('formulas');
          return { cell: range };
        }
        // Counted by Excel, without sending the cells' contents back.
        const constants = range.getSpecialCellsOrNullObject(Excel.SpecialCellType.constants);
        const formulas = range.getSpecialCellsOrNullObject(Excel.SpecialCellType.formulas);
        constants.load('cellCount');
        formulas.load('cellCount');
        return { constants, formulas };
      });
    });
    await context.sync();
    return areas.reduce((n, area) => n + filledCells(area), 0);
  });
}

/** What countCellsToOverwrite loads for one area: a single cell's formula, or the area's special cells. */
type FilledCellsQuery = { cell: Excel.Range } | { constants: Excel.RangeAreas; formulas: Excel.RangeAreas };

/** The non-empty cells of a loaded query (after its sync). */
function filledCells(query: FilledCellsQuery): number {
  if ('cell' in query) return query.cell.formulas[0]?.[0] === '' ? 0 : 1;
  const count = (areas: Excel.RangeAreas): number => (areas.isNullObject ? 0 : areas.cellCount);
  return count(query.constants) + count(query.formulas);
}

/** Creates the missing output columns: table columns for a table, header cells otherwise. One sync. */
export async function addOutputColumns(target: WriteTarget): Promise<void> {
  const added = target.layout.added;
  if (added.length === 0 || target.headerRow === null) return;
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    if (target.table !== null) {
      const table = sheet.tables.getItem(target.table);
      for (const col of added) table.columns.add(undefined, undefined, col.header);
    } else {
      // The added columns are side by side (layoutOutput places them so): one range write.
      const first = added[0] as { offset: number };
      const headerRange = sheet.getRangeByIndexes(
        target.headerRow as number,
        target.firstCol + first.offset,
        1,
        added.length,
      );
      headerRange.values = [added.map((c) => c.header)];
    }
    await context.sync();
  });
}

export class ResultWriter {
  /** 1-based sheet rows written so far. */
  readonly written = new Set<number>();
  /** 1-based sheet rows found changed before their write (written with ROW_CHANGED_MESSAGE). */
  readonly changed = new Set<number>();
  /** With `keepPrevious`: what each written row said before (rows that held a priced figure only). */
  readonly previous = new Map<number, PricedRow>();
  syncs = 0;
  private readonly runs;
  private readonly maxRows: number | undefined;
  private readonly maxBytes: number | undefined;
  private readonly now: () => Date;
  private readonly aging: AgingSettings | undefined;
  private readonly guard: RowGuard | undefined;
  private readonly keepPrevious: boolean;
  private readonly pay: ReadonlyMap<number, PayReading> | undefined;

  constructor(
    private readonly target: WriteTarget,
    opts: WriterOptions = {},
  ) {
    this.runs = columnRuns(target.layout);
    this.maxRows = opts.maxRows;
    this.maxBytes = opts.maxBytes;
    this.now = opts.now ?? (() => new Date());
    this.aging = opts.aging;
    this.guard = opts.guard;
    // Only columns that were there before the run can hold anything to compare.
    this.keepPrevious = (opts.keepPrevious ?? false) && target.layout.existing.some(Boolean);
    this.pay = opts.pay;
  }

  /** The row's pay for its position cells; undefined when the layout has none. */
  private payOf(row: number): PayReading | undefined {
    return this.pay === undefined ? undefined : (this.pay.get(row) ?? NO_PAY);
  }

  /** Writes the outcomes of finished rows (keys: 1-based sheet rows). */
  async write(outcomes: ReadonlyMap<number, JobOutcome<JobResult>>): Promise<void> {
    if (outcomes.size === 0) return;
    const pricedAt = this.now().toISOString();
    const sheetRows = [...outcomes.keys()];
    const cells = sheetRows.map((row) =>
      outputRow(outcomes.get(row) as JobOutcome<JobResult>, pricedAt, this.aging, this.payOf(row)),
    );
    const chunks = planWriteChunks(
      sheetRows.map((r) => r - 1),
      (i) =>
        estimateRowBytes(
          (cells[i] as { values: OutputCell[] }).values,
          (cells[i] as { formats: string[] }).formats,
        ),
      {
        ...(this.maxRows ? { maxRows: this.maxRows } : {}),
        ...(this.maxBytes ? { maxBytes: this.maxBytes } : {}),
      },
    );
    for (const chunk of chunks) {
      await this.writeChunk(chunk, cells, sheetRows);
      for (const run of chunk.runs) for (const i of run.items) this.written.add(sheetRows[i] as number);
    }
  }

  private async writeChunk(
    chunk: WriteChunk,
    planned: ReadonlyArray<{ values: OutputCell[]; formats: string[] }>,
    sheetRows: readonly number[],
  ): Promise<void> {
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(this.target.sheetName);
      let cells = planned;
      const guard = this.guard && this.guard.columns.length > 0 ? this.guard : null;
      // One read for both: the rows' inputs (guard) and what their output columns hold now (previous).
      const checkRows = guard ? this.queueGuardRead(sheet, chunk, sheetRows, guard) : null;
      const keepRows = this.keepPrevious ? this.queuePreviousRead(sheet, chunk, sheetRows) : null;
      if (checkRows !== null || keepRows !== null) {
        await context.sync();
        this.syncs++;
      }
      keepRows?.();
      const moved = checkRows?.() ?? new Set<number>();
      if (moved.size > 0) {
        const changedRow = outputRow(
          failure('local', ROW_CHANGED_MESSAGE),
          '',
          this.aging,
          this.pay === undefined ? undefined : NO_PAY,
        );
        cells = planned.map((c, i) => (moved.has(i) ? changedRow : c));
        for (const i of moved) this.changed.add(sheetRows[i] as number);
      }
      // Dependent formulas recalculate once, after the block, not per range.
      context.workbook.application.suspendApiCalculationUntilNextSync();
      for (const run of chunk.runs) {
        for (const cols of this.runs) {
          const range = sheet.getRangeByIndexes(
            run.startRow,
            this.target.firstCol + cols.offset,
            run.items.length,
            cols.indexes.length,
          );
          const rowCells = run.items.map((i) => cells[i] as { values: OutputCell[]; formats: string[] });
          // Formats first: text columns are "@" before their values arrive, so "=..." stays text.
          range.numberFormat = rowCells.map((c) => cols.indexes.map((k) => c.formats[k] as string));
          range.values = rowCells.map((c) => cols.indexes.map((k) => c.values[k] as OutputCell));
        }
      }
      await context.sync();
      this.syncs++;
    });
  }

  /**
   * Queues a read of the chunk's input cells; after the sync, the returned function gives the indexes (into
   * the write's rows) of the rows whose inputs differ from the run's read.
   */
  private queueGuardRead(
    sheet: Excel.Worksheet,
    chunk: WriteChunk,
    sheetRows: readonly number[],
    guard: RowGuard,
  ): () => Set<number> {
    const first = Math.min(...guard.columns);
    const width = Math.max(...guard.columns) - first + 1;
    const reads = chunk.runs.map((run) => {
      const range = sheet.getRangeByIndexes(run.startRow, first, run.items.length, width);
      range.load('values');
      return { run, range };
    });
    return () => {
      const moved = new Set<number>();
      for (const { run, range } of reads) {
        run.items.forEach((item, k) => {
          const row = range.values[k] ?? [];
          const now = fingerprint(guard.columns.map((c) => row[c - first] ?? ''));
          const expected = guard.expected.get(sheetRows[item] as number);
          if (expected !== undefined && expected !== now) moved.add(item);
        });
      }
      return moved;
    };
  }

  /**
   * Queues a read of what the chunk's rows hold in the existing output columns a comparison needs
   * (PRICED_ROW_HEADERS, as a few runs of adjacent columns); after the sync, the returned function keeps it.
   */
  private queuePreviousRead(
    sheet: Excel.Worksheet,
    chunk: WriteChunk,
    sheetRows: readonly number[],
  ): () => void {
    const { offsets, existing } = this.target.layout;
    const wanted = PRICED_ROW_HEADERS.flatMap((header) => {
      const i = OUTPUT_HEADERS.indexOf(header);
      return existing[i] ? [{ header, offset: offsets[i] as number }] : [];
    }).sort((a, b) => a.offset - b.offset);
    const spans: Array<{ offset: number; headers: string[] }> = [];
    for (const w of wanted) {
      const last = spans[spans.length - 1];
      if (last && last.offset + last.headers.length === w.offset) last.headers.push(w.header);
      else spans.push({ offset: w.offset, headers: [w.header] });
    }
    const reads = chunk.runs.flatMap((run) =>
      spans.map((span) => {
        const range = sheet.getRangeByIndexes(
          run.startRow,
          this.target.firstCol + span.offset,
          run.items.length,
          span.headers.length,
        );
        range.load('values');
        return { run, span, range };
      }),
    );
    return () => {
      const held = new Map<number, Map<string, unknown>>();
      for (const { run, span, range } of reads)
        run.items.forEach((item, k) => {
          const row = sheetRows[item] as number;
          const cells = held.get(row) ?? new Map<string, unknown>();
          span.headers.forEach((header, j) => cells.set(header, range.values[k]?.[j]));
          held.set(row, cells);
        });
      for (const [row, cells] of held) {
        const before = pricedRowFrom((header) => cells.get(header));
        if (before.figure !== null) this.previous.set(row, before);
      }
    };
  }
}
