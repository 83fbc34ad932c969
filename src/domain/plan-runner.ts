/**
 * Runs a batch plan (planner.ts): up to `concurrency` calls in flight; progress after every call;
 * cancellation stops new calls and aborts those in flight; a fatal error (e.g. 401/403) stops sending the
 * rest; a call refused as too large (`shouldSplit`, e.g. 413 from a service with a smaller limit) is split
 * in two and both halves are sent. Every row of the plan ends with exactly one outcome, and answers go
 * back to rows by SubRequestID only (D13). Pure: the HTTP call is passed in as `send`.
 */
import { errorMessage } from './error-message';
import type { JobSpec } from './job';
import { NO_RESULT_MESSAGE } from './messages';
import { failure, type JobOutcome } from './outcome';
import { untilAborted } from './timers';
import type { BatchPlan, PlannedSubRequest } from './planner';

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
