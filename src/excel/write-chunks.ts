/**
 * Splits rows to write into blocks that each fit one `context.sync()`:
 * - at most `maxRows` rows, and at most `maxBytes` of estimated JSON (Excel on the web refuses a request
 *   over 5 MB; the budget leaves room for Office.js's own framing);
 * - consecutive sheet rows form one run (one range write per column run); a gap starts a new run.
 * Pure, so the bound on syncs can be tested without a host.
 */

export interface RowRun {
  /** 0-based sheet row of the first row. */
  startRow: number;
  /** Indexes into the caller's row list, in order. */
  items: number[];
}

export interface WriteChunk {
  runs: RowRun[];
  rows: number;
  bytes: number;
}

export const DEFAULT_MAX_ROWS_PER_SYNC = 1000;
/** Well under 5 MB: the estimate is JSON of values and formats, Office.js adds framing per range. */
export const DEFAULT_MAX_BYTES_PER_SYNC = 2 * 1024 * 1024;

export function planWriteChunks(
  sheetRows: readonly number[],
  rowBytes: (index: number) => number,
  opts: { maxRows?: number; maxBytes?: number } = {},
): WriteChunk[] {
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS_PER_SYNC;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES_PER_SYNC;
  const order = sheetRows.map((row, index) => ({ row, index })).sort((a, b) => a.row - b.row);
  const chunks: WriteChunk[] = [];
  let chunk: WriteChunk | null = null;
  let run: RowRun | null = null;
  let lastRow = Number.NaN;
  for (const { row, index } of order) {
    const bytes = rowBytes(index);
    if (chunk === null || chunk.rows + 1 > maxRows || (chunk.rows > 0 && chunk.bytes + bytes > maxBytes)) {
      chunk = { runs: [], rows: 0, bytes: 0 };
      chunks.push(chunk);
      run = null;
    }
    if (run === null || row !== lastRow + 1) {
      run = { startRow: row, items: [] };
      chunk.runs.push(run);
    }
    run.items.push(index);
    chunk.rows++;
    chunk.bytes += bytes;
    lastRow = row;
  }
  return chunks;
}

const formatBytes = new WeakMap<readonly string[], number>();

/** Estimated JSON bytes of one row's values and formats, plus a little framing. Shared format rows are measured once. */
export function estimateRowBytes(values: readonly unknown[], formats: readonly string[]): number {
  let f = formatBytes.get(formats);
  if (f === undefined) {
    f = JSON.stringify(formats).length;
    formatBytes.set(formats, f);
  }
  return JSON.stringify(values).length + f + 8;
}
