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
    f = valuesBytes(formats);
    formatBytes.set(formats, f);
  }
  return valuesBytes(values) + f + 8;
}

/** Printable ASCII with nothing JSON escapes: its JSON form is the text and two quotes. */
const PLAIN_ASCII = /^[\u0020-\u0021\u0023-\u005b\u005d-\u007e]*$/;
/** Anything beyond ASCII; text without it has an all-ASCII JSON form (escapes included), one byte a character. */
const BEYOND_ASCII = /[\u0080-\uffff]/;

/**
 * UTF-8 bytes of `[v1,v2,…]` as JSON, summed per value rather than by stringifying the row: this runs
 * for every written row. Non-ASCII text is counted at 3 bytes a UTF-16 unit, an upper bound.
 */
function valuesBytes(values: readonly unknown[]): number {
  let bytes = 2 + Math.max(0, values.length - 1);
  for (const v of values) {
    if (typeof v === 'number') bytes += Number.isFinite(v) ? String(v).length : 4;
    else if (typeof v === 'string') bytes += stringBytes(v);
    else if (typeof v === 'boolean') bytes += 5;
    else if (v === null || v === undefined) bytes += 4;
    else bytes += (JSON.stringify(v) ?? 'null').length * 3;
  }
  return bytes;
}

function stringBytes(text: string): number {
  if (PLAIN_ASCII.test(text)) return text.length + 2;
  const json = JSON.stringify(text);
  return BEYOND_ASCII.test(text) ? json.length * 3 : json.length;
}
