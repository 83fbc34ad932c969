/**
 * The batch planner: turns sheet rows into as few batch calls as the spec allows. Pure: it knows neither
 * fetch nor Office nor the wire format. Running the plan (concurrency, retries by splitting, cancel) is
 * plan-runner.ts.
 *
 * - every row is checked locally first (`localJobError`, D4/D5/D7); a row that fails is never sent and
 *   gets the same message the service would have given (kind 'local');
 * - rows asking for the same job (`jobKey`) share one sub-request, so 1,000 rows with 300 repeats cost
 *   700 sub-requests, not 1,000;
 * - sub-requests are packed at most `limit` (BATCH_LIMIT, 200) to a call: ceil(unique jobs / limit) calls,
 *   unless the jobs are so large (long descriptions) that `limit` of them would exceed `maxRequestBytes`
 *   (default 900 KB, under the reference service's 1 MB body limit); then a call closes early by size.
 *
 * SubRequestID format: `R<first sheet row number>`, e.g. "R12" for a job first asked for on row 12
 * (the smallest row number among the rows that share it). It is unique within a call, and across the
 * whole plan, because each row belongs to exactly one sub-request. It is readable in the service's
 * logs ("R12" points at the sheet), and answers are matched to rows by this id only, never by position
 * (D13).
 */
import { jobKey, type JobSpec } from './job';
import { BATCH_LIMIT } from './messages';
import { localJobError } from './validation';

/** A sheet row handed to the planner: a parsed job, or the sheet-parse failure already worded. */
export type PlannerRow = { row: number; spec: JobSpec } | { row: number; error: string };

export interface PlannedSubRequest {
  /** `R<first sheet row number>`, see the module comment. */
  id: string;
  spec: JobSpec;
  /** Every sheet row that asked for this job, ascending; the first is the one in `id`. */
  rows: number[];
}

export interface BatchPlan {
  /** One inner array per batch call, each at most `limit` sub-requests. */
  requests: PlannedSubRequest[][];
  /** Rows that are not sent: sheet-parse failures and local validation failures, row → message. */
  localFailures: Map<number, string>;
  /** Distinct valid jobs, i.e. sub-requests in all calls together. */
  uniqueJobs: number;
  /** Every row given to the planner, valid or not. */
  totalRows: number;
}

/** The SubRequestID of a job first asked for on sheet row `row`. */
export function subRequestId(row: number): string {
  return `R${row}`;
}

/** Default byte budget of one call's body: under the reference service's 1 MB limit, with room to spare. */
export const DEFAULT_MAX_REQUEST_BYTES = 900_000;

export interface PlanOptions {
  /** Sub-requests per call, default BATCH_LIMIT (200, docs/api.md "Batches"). */
  limit?: number;
  /** Estimated body bytes per call, default DEFAULT_MAX_REQUEST_BYTES; a single larger job is sent alone. */
  maxRequestBytes?: number;
}

export function planBatches(rows: readonly PlannerRow[], opts: PlanOptions = {}): BatchPlan {
  const limit = opts.limit ?? BATCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`Batch limit must be a whole number >= 1, got ${limit}.`);
  const maxBytes = opts.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  if (!(maxBytes > 0)) throw new RangeError(`maxRequestBytes must be > 0, got ${maxBytes}.`);

  const localFailures = new Map<number, string>();
  const byKey = new Map<string, { spec: JobSpec; rows: number[] }>();
  const seenRows = new Set<number>();

  for (const entry of rows) {
    // Row numbers key every outcome and make the SubRequestIDs; a repeat would silently merge two rows.
    if (seenRows.has(entry.row)) throw new RangeError(`Row ${entry.row} was given to the planner twice.`);
    seenRows.add(entry.row);

    if ('error' in entry) {
      localFailures.set(entry.row, entry.error);
      continue;
    }
    const problem = localJobError(entry.spec);
    if (problem !== null) {
      localFailures.set(entry.row, problem);
      continue;
    }
    const key = jobKey(entry.spec);
    const group = byKey.get(key);
    if (group) group.rows.push(entry.row);
    else byKey.set(key, { spec: entry.spec, rows: [entry.row] });
  }

  const subRequests: PlannedSubRequest[] = [];
  for (const group of byKey.values()) {
    const sortedRows = [...group.rows].sort((a, b) => a - b);
    // sortedRows is never empty: a group is created with its first row.
    subRequests.push({ id: subRequestId(sortedRows[0] as number), spec: group.spec, rows: sortedRows });
  }

  // Greedy packing in sheet order: a call closes when it holds `limit` jobs or the next would overflow it.
  const requests: PlannedSubRequest[][] = [];
  let current: PlannedSubRequest[] = [];
  let currentBytes = 2; // "[" and "]"
  for (const sub of subRequests) {
    const bytes = estimateSubRequestBytes(sub.id, sub.spec) + 1; // "," between items
    if (current.length > 0 && (current.length >= limit || currentBytes + bytes > maxBytes)) {
      requests.push(current);
      current = [];
      currentBytes = 2;
    }
    current.push(sub);
    currentBytes += bytes;
  }
  if (current.length > 0) requests.push(current);

  return { requests, localFailures, uniqueJobs: subRequests.length, totalRows: rows.length };
}

/**
 * An upper estimate of one sub-request's JSON size on the wire (UTF-8 bytes), without knowing the wire
 * format's exact spelling: the text values as JSON strings, the numbers, and a fixed allowance for the
 * field names and punctuation (the wire names take about 170 bytes).
 */
export function estimateSubRequestBytes(id: string, spec: JobSpec): number {
  const s = spec.scope;
  const texts = [id, spec.title, spec.description, spec.company, s.country, s.state, s.city, s.zip, s.naics];
  let bytes = 256 + String(s.fte).length + String(s.revenue).length;
  for (const t of texts) bytes += jsonStringBytes(t);
  return bytes;
}

/** Printable ASCII with nothing JSON must escape: its JSON form is the text plus two quotes, byte for byte. */
const PLAIN_ASCII = /^[\u0020-\u007e]*$/;

/** UTF-8 bytes of `text` as a JSON string. Most sheet text is plain ASCII, which skips the encoding walk. */
function jsonStringBytes(text: string): number {
  if (PLAIN_ASCII.test(text) && !text.includes('"') && !text.includes('\\')) return text.length + 2;
  return utf8Length(JSON.stringify(text));
}

function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}
