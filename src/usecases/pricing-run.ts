import type { AgingSettings } from '../domain/aging';
import { readCurrentPay, type PayReading } from '../domain/current-pay';
import { errorMessage } from '../domain/error-message';
import { mappingProblems, type ColumnMapping } from '../domain/column-mapping';
import { createRowParser, type ParsedRow } from '../domain/row-parsing';
import { planBatches } from '../domain/planner';
import { runPlan, type PlanProgress, type SendBatch } from '../domain/plan-runner';
import type { JobOutcome } from '../domain/outcome';
import type { JobResult } from '../api/wire';
import { layoutOutput, outputHeaders, pricedRowOf } from '../excel/output-columns';
import { changedRows, type RowChange } from '../domain/repricing-changes';
import { MARKET_RATIO_HEADER } from '../excel/position-columns';
import { ensureRatioFormats } from '../excel/ratio-formats';
import {
  addOutputColumns,
  countCellsToOverwrite,
  fingerprint,
  ResultWriter,
  ROW_CHANGED_MESSAGE,
  type RowGuard,
  type WriteTarget,
} from '../excel/result-writer';
import { readSelection, type SelectionBlock } from '../excel/selection-reader';
import { rowForParsing } from '../excel/data-type-cells';

/**
 * "Price selected rows" from start to end: read the selection, map and parse the rows, plan the batch
 * calls, ask before overwriting, then call and write block by block as requests finish. The pane and the
 * benchmark both run exactly this; the Excel work is in src/excel, the decisions in src/domain.
 */

export type RunMode = 'price' | 'reprice';

export interface PriceRunOptions {
  mode: RunMode;
  send: SendBatch<JobResult>;
  /** The mapping to use for this block (remembered, detected, or fixed by the user in the pane). */
  mappingFor: (block: SelectionBlock) => ColumnMapping;
  /** Asked when the output would replace non-empty cells; false stops the run before any change. */
  confirmOverwrite: (cells: number, block: SelectionBlock) => Promise<boolean>;
  signal?: AbortSignal;
  isFatal?: (err: unknown) => boolean;
  /** A call the service refused as too large (413) is split in two and retried, instead of failing its rows. */
  shouldSplit?: (err: unknown) => boolean;
  onProgress?: (progress: PlanProgress) => void;
  /** Called once the block is read, before anything is sent (the pane shows the mapping). */
  onBlockRead?: (block: SelectionBlock, mapping: ColumnMapping) => void;
  writer?: { maxRows?: number; maxBytes?: number; now?: () => Date; aging?: AgingSettings };
  /** Marks the end of each stage, for the benchmark's breakdown. */
  onPhase?: (phase: RunPhase) => void;
}

export type RunPhase = 'read' | 'parsed' | 'checked' | 'planned' | 'prepared';

export interface PriceRunSummary {
  status: 'done' | 'cancelled' | 'declined' | 'empty';
  /** Visible, non-blank rows considered. */
  rows: number;
  priced: number;
  failed: number;
  cancelled: number;
  skippedHidden: number;
  skippedBlank: number;
  requests: number;
  uniqueJobs: number;
  /** Rows that shared a sub-request with an identical earlier row. */
  duplicatesMerged: number;
  writeSyncs: number;
  /** The first few failure messages, for the pane. */
  failures: Array<{ row: number; message: string }>;
  /** Every failed row (1-based sheet rows), so the pane can select them all. */
  failedRows: number[];
  /**
   * Rows priced again whose median base salary moved by more than 5 % since they were last priced, with
   * why where the rows tell (src/domain/repricing-changes.ts); in sheet order.
   */
  changes: RowChange[];
  /**
   * With a current-pay column: priced rows whose pay was compared with the market, how many of those were
   * hourly rates annualised at 2,080 hours, and how many priced rows had no pay or one that is not a number.
   */
  currentPay?: { compared: number; hourly: number; without: number };
  /**
   * Where the rows are: the sheet, the block's columns, and its first and last data rows (1-based sheet
   * rows), for selecting rows after the run.
   */
  where: { sheetName: string; firstCol: number; width: number; firstRow: number; lastRow: number } | null;
}

/** Said before anything is sent: the results could not be written, so the service is not asked. */
export function protectedSheetMessage(sheetName: string): string {
  return `The sheet "${sheetName}" is protected, so JobPrice cannot write there. Unprotect it (Review > Unprotect Sheet) and try again. Nothing was sent to the service.`;
}

/** A problem with the selection or mapping the user must fix first; the message is for the pane as is. */
export class SelectionProblem extends Error {
  override readonly name = 'SelectionProblem';
  constructor(
    message: string,
    readonly block?: SelectionBlock,
  ) {
    super(message);
  }
}

export async function priceSelection(opts: PriceRunOptions): Promise<PriceRunSummary> {
  const block = await readSelection();
  opts.onPhase?.('read');
  const mapping = opts.mappingFor(block);
  opts.onBlockRead?.(block, mapping);
  const base: PriceRunSummary = {
    status: 'empty',
    rows: 0,
    priced: 0,
    failed: 0,
    cancelled: 0,
    skippedHidden: 0,
    skippedBlank: 0,
    requests: 0,
    uniqueJobs: 0,
    duplicatesMerged: 0,
    writeSyncs: 0,
    failures: [],
    failedRows: [],
    changes: [],
    where: {
      sheetName: block.sheetName,
      firstCol: block.firstCol,
      width: block.width,
      firstRow: block.firstDataRow + 1,
      lastRow: block.firstDataRow + block.rows.length,
    },
  };
  if (block.sheetProtected) throw new SelectionProblem(protectedSheetMessage(block.sheetName), block);
  if (block.rows.length === 0) {
    throw new SelectionProblem(
      'The selection holds no data rows. Select the rows of jobs to price (with or without their header row).',
      block,
    );
  }
  const problems = mappingProblems(mapping, block.width);
  if (problems.length > 0) throw new SelectionProblem(problems.join(' '), block);

  const parsed: ParsedRow[] = [];
  const parse = createRowParser(mapping, block.culture);
  for (let i = 0; i < block.rows.length; i++) {
    if (block.hidden[i]) {
      base.skippedHidden++;
      continue;
    }
    const row = parse(block.firstDataRow + i + 1, rowForParsing(block.rows, block.dataTypeTexts, i));
    if (row === null) base.skippedBlank++;
    else parsed.push(row);
  }
  base.rows = parsed.length;
  opts.onPhase?.('parsed');
  if (parsed.length === 0) return base;

  // A current-pay column adds the market-position columns (src/excel/position-columns.ts).
  const withPay = mapping.pay !== undefined || mapping.hourlyPay !== undefined;
  const layout = layoutOutput(block.headerCells, block.width, outputHeaders(withPay));
  if (opts.mode === 'reprice' && !layout.existing.some(Boolean)) {
    throw new SelectionProblem(
      'No JobPrice columns were found next to these rows. Use "Price selected rows" first.',
      block,
    );
  }
  const target: WriteTarget = {
    sheetName: block.sheetName,
    firstCol: block.firstCol,
    headerRow: block.headerRow,
    table: block.table,
    layout,
  };

  const firstRow = (parsed[0] as ParsedRow).row - 1;
  const lastRow = (parsed[parsed.length - 1] as ParsedRow).row - 1;
  const toOverwrite = await countCellsToOverwrite(
    target,
    { r0: firstRow, r1: lastRow },
    opts.mode === 'reprice',
  );
  if (toOverwrite > 0 && !(await opts.confirmOverwrite(toOverwrite, block)))
    return { ...base, status: 'declined' };
  opts.onPhase?.('checked');

  const plan = planBatches(parsed);
  base.uniqueJobs = plan.uniqueJobs;
  base.duplicatesMerged = parsed.length - plan.localFailures.size - plan.uniqueJobs;

  opts.onPhase?.('planned');
  await addOutputColumns(target);
  opts.onPhase?.('prepared');
  const pays = withPay ? payReadings(block, mapping, parsed) : undefined;
  const writer = new ResultWriter(target, {
    ...opts.writer,
    guard: rowGuard(block, mapping, parsed),
    keepPrevious: true,
    ...(pays ? { pay: pays } : {}),
  });
  let requests = 0;
  const send: SendBatch<JobResult> = (items, signal) => {
    requests++;
    return opts.send(items, signal);
  };

  let outcomes: Map<number, JobOutcome<JobResult>>;
  try {
    outcomes = await runPlan(plan, send, {
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.isFatal ? { isFatal: opts.isFatal } : {}),
      ...(opts.shouldSplit ? { shouldSplit: opts.shouldSplit } : {}),
      onRequestDone: async (batch, progress) => {
        await writer.write(batch);
        opts.onProgress?.(progress);
      },
    });
  } catch (err) {
    await markUnwritten(writer, parsed, err);
    throw err;
  }

  if (pays) {
    base.currentPay = { compared: 0, hourly: 0, without: 0 };
    const ratioColumn =
      target.firstCol + (layout.offsets[outputHeaders(true).indexOf(MARKET_RATIO_HEADER)] ?? 0);
    await ensureRatioFormats(block.sheetName, [ratioColumn], (block.headerRow ?? block.firstDataRow - 1) + 1);
  }
  for (const [row, answer] of [...outcomes].sort((a, b) => a[0] - b[0])) {
    // A row that moved under the run was written with a message, not with what was priced for it.
    const outcome: JobOutcome<JobResult> = writer.changed.has(row)
      ? { ok: false, kind: 'local', message: ROW_CHANGED_MESSAGE }
      : answer;
    if (outcome.ok) {
      base.priced++;
      const pay = pays?.get(row);
      if (base.currentPay && pay?.kind === 'pay') {
        base.currentPay.compared++;
        if (pay.hourly !== null) base.currentPay.hourly++;
      } else if (base.currentPay) base.currentPay.without++;
    } else if (outcome.kind === 'cancelled') base.cancelled++;
    else {
      base.failed++;
      base.failedRows.push(row);
      if (base.failures.length < 5) base.failures.push({ row, message: outcome.message });
    }
  }
  base.changes = changedRows(
    [...writer.previous].flatMap(([row, before]) => {
      const outcome = outcomes.get(row);
      if (outcome === undefined || !outcome.ok || writer.changed.has(row)) return [];
      return [{ row, before, after: pricedRowOf(outcome, opts.writer?.aging) }];
    }),
  );
  return {
    ...base,
    requests,
    writeSyncs: writer.syncs,
    status: opts.signal?.aborted ? 'cancelled' : 'done',
  };
}

/** The mapped input cells of every row to price, as read, so each block is checked before it is written. */
function rowGuard(block: SelectionBlock, mapping: ColumnMapping, parsed: readonly ParsedRow[]): RowGuard {
  const offsets = [...new Set(Object.values(mapping))].sort((a, b) => a - b);
  const expected = new Map<number, string>();
  for (const p of parsed) {
    const cells = block.rows[p.row - 1 - block.firstDataRow] ?? [];
    expected.set(p.row, fingerprint(offsets.map((o) => cells[o] ?? '')));
  }
  return { columns: offsets.map((o) => block.firstCol + o), expected };
}

/** Each row's current pay, read from its annual and hourly pay cells as the run read them. */
function payReadings(
  block: SelectionBlock,
  mapping: ColumnMapping,
  parsed: readonly ParsedRow[],
): Map<number, PayReading> {
  const pays = new Map<number, PayReading>();
  for (const p of parsed) {
    const cells = block.rows[p.row - 1 - block.firstDataRow] ?? [];
    const at = (col: number | undefined): unknown => (col === undefined ? undefined : cells[col]);
    pays.set(p.row, readCurrentPay(at(mapping.pay), at(mapping.hourlyPay)));
  }
  return pays;
}

/** After a failed write, rows not yet written say so, rather than keeping figures that look current. */
async function markUnwritten(
  writer: ResultWriter,
  parsed: readonly ParsedRow[],
  err: unknown,
): Promise<void> {
  const message = `Not written: ${errorMessage(err)}`;
  const rest = new Map<number, JobOutcome<JobResult>>();
  for (const p of parsed)
    if (!writer.written.has(p.row)) rest.set(p.row, { ok: false, kind: 'transport', message });
  try {
    await writer.write(rest);
  } catch {
    // The workbook refuses writes altogether (closed, protected): nothing more can be done from here.
  }
}
