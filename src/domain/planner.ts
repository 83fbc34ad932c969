/**
 * The batch planner: turns sheet rows into as few batch calls as the spec allows, runs them, and fans
 * the answers back out to rows. Pure: the HTTP call is passed in as `send`, so this module knows neither
 * fetch nor Office nor the wire format.
 *
 * Planning (`planBatches`):
 * - every row is checked locally first (`localJobError`, D4/D5/D7); a row that fails is never sent and
 *   gets the same message the service would have given (kind 'local');
 * - rows asking for the same job (`jobKey`) share one sub-request, so 1,000 rows with 300 repeats cost
 *   700 sub-requests, not 1,000;
 * - sub-requests are packed at most `limit` (spec §8: 200) to a call: ceil(unique jobs / limit) calls,
 *   unless the jobs are so large (long descriptions) that `limit` of them would exceed `maxRequestBytes`
 *   (default 900 KB, under the reference service's 1 MB body limit); then a call closes early by size.
 *
 * SubRequestID format: `R<first sheet row number>`, e.g. "R12" for a job first asked for on row 12
 * (the smallest row number among the rows that share it). It is unique within a call, and across the
 * whole plan, because each row belongs to exactly one sub-request. It is readable in the service's
 * logs ("R12" points at the sheet), and answers are matched to rows by this id only, never by position
 * (D13).
 *
 * Running (`runPlan`): up to `concurrency` calls in flight; progress after every call; cancellation
 * stops new calls and aborts those in flight; a fatal error (e.g. 401/403) stops sending the rest; a
 * call refused as too large (`shouldSplit`, e.g. 413 from a service with a smaller limit) is split in
 * two and both halves are sent. Every row of the plan ends with exactly one outcome.
 */
import { jobKey, type JobSpec } from './job';
import { BATCH_LIMIT, NO_RESULT_MESSAGE } from './messages';
import { failure, type JobOutcome } from './outcome';
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

export type SendBatch<R> = (
  items: ReadonlyArray<{ id: string; spec: JobSpec }>,
  signal: AbortSignal,
) => Promise<Map<string, JobOutcome<R>>>;

export interface PlanProgress {
  rowsDone: number;
  rowsTotal: number;
  requestsDone: number;
  requestsTotal: number;
}

export interface RunPlanOptions<R> {
  /** Calls in flight at once, default 2. */
  concurrency?: number;
  /** Cancel: no new requests start; in-flight ones are aborted; unpriced rows → failure('cancelled', CANCELLED_ROW_MESSAGE). */
  signal?: AbortSignal;
  /** e.g. 401/403: remaining requests are not sent, their rows fail with that error's message. */
  isFatal?: (err: unknown) => boolean;
  /**
   * e.g. 413: the request is split into two halves, which are sent instead (requestsTotal grows by one).
   * A single sub-request that is still refused fails with the error's message.
   */
  shouldSplit?: (err: unknown) => boolean;
  /**
   * Called with row-keyed outcomes as they become known, so the pane can write as it goes. Calls are
   * serialized (the next waits for the previous promise) and together report every row exactly once:
   * local failures first (before any call finishes), then one call per finished request, then, after a
   * cancel or fatal error, one call with the rows that were never priced. If it throws, the run stops as
   * if cancelled and `runPlan` rejects with that error.
   */
  onRequestDone?: (outcomes: Map<number, JobOutcome<R>>, progress: PlanProgress) => void | Promise<void>;
}

/** The text of a row that was still waiting when the user cancelled. */
export const CANCELLED_ROW_MESSAGE = 'Cancelled before this row was priced.';

/** The SubRequestID of a job first asked for on sheet row `row`. */
export function subRequestId(row: number): string {
  return `R${row}`;
}

/** Default byte budget of one call's body: under the reference service's 1 MB limit, with room to spare. */
export const DEFAULT_MAX_REQUEST_BYTES = 900_000;

export interface PlanOptions {
  /** Sub-requests per call, default BATCH_LIMIT (200, spec §8). */
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
 * field names and punctuation (spec §2.1/§2.2 names take about 170 bytes).
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

export async function runPlan<R>(
  plan: BatchPlan,
  send: SendBatch<R>,
  opts: RunPlanOptions<R> = {},
): Promise<Map<number, JobOutcome<R>>> {
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 2));
  let requestsTotal = plan.requests.length;
  const outcomes = new Map<number, JobOutcome<R>>();
  let requestsDone = 0;

  // One controller for the whole run: the caller's cancel and a failing callback both abort it.
  const run = new AbortController();
  const onOuterAbort = (): void => run.abort();
  if (opts.signal?.aborted) run.abort();
  else opts.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let fatalMessage: string | undefined;
  let callbackFailure: { error: unknown } | undefined;
  let callbacks: Promise<void> = Promise.resolve();

  const report = (batch: Map<number, JobOutcome<R>>): void => {
    if (batch.size === 0) return;
    for (const [row, outcome] of batch) outcomes.set(row, outcome);
    const progress: PlanProgress = {
      rowsDone: outcomes.size,
      rowsTotal: plan.totalRows,
      requestsDone,
      requestsTotal,
    };
    const callback = opts.onRequestDone;
    if (!callback) return;
    callbacks = callbacks.then(async () => {
      if (callbackFailure) return;
      try {
        await callback(batch, progress);
      } catch (error) {
        callbackFailure = { error };
        run.abort();
      }
    });
  };

  report(new Map([...plan.localFailures].map(([row, message]) => [row, failure<R>('local', message)])));

  const queue: PlannedSubRequest[][] = [...plan.requests];

  /**
   * Sends one request. Returns its row outcomes, 'split' when it was refused as too large and its two
   * halves went back to the front of the queue, or null when the run was aborted meanwhile (its rows
   * are then settled by the final sweep).
   */
  const sendOne = async (
    request: PlannedSubRequest[],
  ): Promise<Map<number, JobOutcome<R>> | 'split' | null> => {
    const items = request.map((sub) => ({ id: sub.id, spec: sub.spec }));
    const batch = new Map<number, JobOutcome<R>>();
    try {
      const replies = await untilAborted(
        Promise.resolve().then(() => send(items, run.signal)),
        run.signal,
      );
      for (const sub of request) {
        const outcome = replies.get(sub.id) ?? failure<R>('transport', NO_RESULT_MESSAGE);
        for (const row of sub.rows) batch.set(row, outcome);
      }
    } catch (err) {
      if (run.signal.aborted) return null;
      if (request.length > 1 && opts.shouldSplit?.(err)) {
        const half = Math.ceil(request.length / 2);
        queue.unshift(request.slice(0, half), request.slice(half));
        requestsTotal++;
        return 'split';
      }
      const message = errorMessage(err);
      if (opts.isFatal?.(err)) fatalMessage ??= message;
      for (const sub of request) for (const row of sub.rows) batch.set(row, failure<R>('transport', message));
    }
    return batch;
  };

  // Workers take requests from the queue; a split may refill it while others are still in flight, so an
  // idle worker waits for the in-flight calls before deciding the queue is really empty.
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const nextRequest = async (): Promise<PlannedSubRequest[] | undefined> => {
    for (;;) {
      if (run.signal.aborted || fatalMessage !== undefined) return undefined;
      const request = queue.shift();
      if (request) {
        inFlight++; // counted at once, so no other worker sees "empty and idle" while this one starts
        return request;
      }
      if (inFlight === 0) return undefined;
      await new Promise<void>((resolve) => {
        const previous = wake;
        wake = () => {
          previous?.();
          resolve();
        };
      });
    }
  };
  const worker = async (): Promise<void> => {
    for (let request = await nextRequest(); request; request = await nextRequest()) {
      const batch = await sendOne(request);
      inFlight--;
      const waiting = wake;
      wake = undefined;
      waiting?.();
      if (batch === null) return;
      if (batch === 'split') continue;
      requestsDone++;
      report(batch);
    }
  };

  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));

    // Rows never priced: cut off by a fatal error (its message) or by the cancel.
    const leftovers = new Map<number, JobOutcome<R>>();
    for (const request of plan.requests) {
      for (const sub of request) {
        for (const row of sub.rows) {
          if (outcomes.has(row)) continue;
          leftovers.set(
            row,
            fatalMessage !== undefined
              ? failure<R>('transport', fatalMessage)
              : failure<R>('cancelled', CANCELLED_ROW_MESSAGE),
          );
        }
      }
    }
    report(leftovers);
    await callbacks;
  } finally {
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
  if (callbackFailure) throw callbackFailure.error;
  return outcomes;
}

/** Settles with `promise`, or rejects as soon as `signal` aborts: a cancel never waits for a slow send. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(new Error('aborted'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return `The request failed: ${String(err)}`;
}
