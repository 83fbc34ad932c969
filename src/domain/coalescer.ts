import type { JobSpec } from './job';
import { BATCH_LIMIT, NO_RESULT_MESSAGE } from './messages';
import { failure, type JobOutcome } from './outcome';
import { systemTimers, type Timers } from './timers';

/**
 * Gathers the job requests that custom-function cells make during a short window into as few service
 * calls as possible: one sub-request per distinct job (by key), batches of at most 200, and no second
 * request for a job that is already on its way (in-flight dedupe). A sheet of 1,000 cells over 250
 * distinct jobs, recalculated together, becomes 2 calls.
 *
 * Every request settles within `deadlineMs`, whatever the service does: Excel leaves a cell `#BUSY!`
 * while its promise is pending and gives up on it after about 30 s.
 *
 * Pure: no HTTP, no Office. The fetcher, the clock and the timers are injected.
 */

/** The service, as the coalescer sees it. */
export interface JobFetcher<R> {
  /** One job (the single endpoint); used when a flush holds exactly one job. */
  one(spec: JobSpec, signal: AbortSignal): Promise<JobOutcome<R>>;
  /** Up to `batchLimit` jobs with ids unique within the call; the map must hold an outcome per id. */
  batch(
    items: ReadonlyArray<{ readonly id: string; readonly spec: JobSpec }>,
    signal: AbortSignal,
  ): Promise<ReadonlyMap<string, JobOutcome<R>>>;
}

export interface CoalescerOptions<R> {
  /** Asked at each flush, so a new service URL or token applies to the next call. */
  fetcher: () => JobFetcher<R>;
  /** Quiet time that closes a window (setting coalesceWindowMs); asked at every request. */
  windowMs: () => number;
  /** A window never stays open longer than this many windows, so a steady trickle still gets sent. Default 4. */
  maxWindows?: number;
  /** Every request settles within this many ms (default 25 000, under Excel's ~30 s). */
  deadlineMs?: number;
  /** Sub-requests per batch call (docs/api.md "Batches"). */
  batchLimit?: number;
  /** Calls running at once; further batches wait their turn. Default 4. */
  maxConcurrent?: number;
  /** The sentence a thrown fetch error becomes for every job of that call. */
  describeError: (err: unknown) => string;
  /** An error after which the queued calls are pointless (401/403): they fail with it without being sent. */
  isFatal?: (err: unknown) => boolean;
  /** Called once per fetched job with what the service said, even if its requester already timed out. */
  onFetched?: (key: string, spec: JobSpec, outcome: JobOutcome<R>) => void;
  now?: () => number;
  timers?: Timers;
}

export interface CoalescerStats {
  /** Service calls started (single + batch). */
  readonly calls: number;
  readonly batchCalls: number;
  readonly singleCalls: number;
  /** Distinct jobs sent. */
  readonly jobsSent: number;
  /** Requests answered by joining a pending or in-flight job. */
  readonly deduped: number;
}

export interface Coalescer<R> {
  request(key: string, spec: JobSpec): Promise<JobOutcome<R>>;
  /** Sends what is pending now, without waiting for the window to close. */
  flush(): void;
  stats(): CoalescerStats;
  /** Jobs waiting for the window plus jobs being fetched. */
  busy(): number;
}

export const DEFAULT_DEADLINE_MS = 25_000;

/** The sentence of a job whose answer did not come in time. */
export function deadlineMessage(ms: number): string {
  return `The service did not answer within ${Math.round(ms / 1000)} s. Recalculate the cell to try again.`;
}

interface Waiter<R> {
  readonly key: string;
  readonly spec: JobSpec;
  readonly promise: Promise<JobOutcome<R>>;
  settle(outcome: JobOutcome<R>): void;
  settled: boolean;
  deadline: unknown;
}

type Chunk<R> = Waiter<R>[];

export function createCoalescer<R>(options: CoalescerOptions<R>): Coalescer<R> {
  const timers = options.timers ?? systemTimers;
  const now = options.now ?? Date.now;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const batchLimit = Math.max(1, Math.min(options.batchLimit ?? BATCH_LIMIT, BATCH_LIMIT));
  const maxConcurrent = Math.max(1, options.maxConcurrent ?? 4);
  const maxWindows = Math.max(1, options.maxWindows ?? 4);

  /** Waiting for the window to close, in arrival order. */
  const pending = new Map<string, Waiter<R>>();
  /** Committed to a call (queued or running). */
  const inFlight = new Map<string, Waiter<R>>();
  const queue: Chunk<R>[] = [];
  let running = 0;
  let windowTimer: unknown = null;
  let windowOpenedAt = 0;
  const counters = { calls: 0, batchCalls: 0, singleCalls: 0, jobsSent: 0, deduped: 0 };

  function makeWaiter(key: string, spec: JobSpec): Waiter<R> {
    let resolve!: (o: JobOutcome<R>) => void;
    const promise = new Promise<JobOutcome<R>>((r) => (resolve = r));
    const waiter: Waiter<R> = {
      key,
      spec,
      promise,
      settled: false,
      deadline: null,
      settle(outcome) {
        if (waiter.settled) return;
        waiter.settled = true;
        timers.clearTimeout(waiter.deadline);
        // Only forget the job if this waiter is still the registered one (a later request may have replaced it).
        if (pending.get(key) === waiter) pending.delete(key);
        if (inFlight.get(key) === waiter) inFlight.delete(key);
        resolve(outcome);
      },
    };
    waiter.deadline = timers.setTimeout(
      () => waiter.settle(failure('transport', deadlineMessage(deadlineMs))),
      deadlineMs,
    );
    return waiter;
  }

  function scheduleWindow(): void {
    const windowMs = Math.max(0, options.windowMs());
    if (windowTimer === null) windowOpenedAt = now();
    else timers.clearTimeout(windowTimer);
    // Debounce: each new job extends the window, but never past maxWindows windows since it opened.
    const left = Math.max(0, windowOpenedAt + windowMs * maxWindows - now());
    windowTimer = timers.setTimeout(flush, Math.min(windowMs, left));
  }

  function request(key: string, spec: JobSpec): Promise<JobOutcome<R>> {
    const joined = inFlight.get(key) ?? pending.get(key);
    if (joined) {
      counters.deduped++;
      return joined.promise;
    }
    const waiter = makeWaiter(key, spec);
    pending.set(key, waiter);
    if (pending.size >= batchLimit) {
      // A full batch gains nothing by waiting.
      cut(batchLimit);
    } else {
      scheduleWindow();
    }
    return waiter.promise;
  }

  /** Moves up to `limit` pending jobs into one chunk and queues it. */
  function cut(limit: number): void {
    const chunk: Chunk<R> = [];
    for (const waiter of pending.values()) {
      if (chunk.length >= limit) break;
      chunk.push(waiter);
    }
    for (const waiter of chunk) {
      pending.delete(waiter.key);
      inFlight.set(waiter.key, waiter);
    }
    if (pending.size === 0 && windowTimer !== null) {
      timers.clearTimeout(windowTimer);
      windowTimer = null;
    }
    if (chunk.length > 0) {
      queue.push(chunk);
      pump();
    }
  }

  function flush(): void {
    if (windowTimer !== null) timers.clearTimeout(windowTimer);
    windowTimer = null;
    while (pending.size > 0) cut(batchLimit);
  }

  function pump(): void {
    while (running < maxConcurrent && queue.length > 0) {
      const chunk = queue.shift() as Chunk<R>;
      // Jobs whose requesters all timed out while queued are not worth a call.
      const live = chunk.filter((w) => !w.settled);
      if (live.length === 0) continue;
      running++;
      void send(live).finally(() => {
        running--;
        pump();
      });
    }
  }

  async function send(chunk: Chunk<R>): Promise<void> {
    const controller = new AbortController();
    // The call itself is abandoned at the deadline too, so a hung service does not hold a slot forever.
    const abortTimer = timers.setTimeout(() => controller.abort(), deadlineMs);
    counters.calls++;
    counters.jobsSent += chunk.length;
    try {
      const fetcher = options.fetcher();
      if (chunk.length === 1) {
        counters.singleCalls++;
        const only = chunk[0] as Waiter<R>;
        deliver(only, await fetcher.one(only.spec, controller.signal));
      } else {
        counters.batchCalls++;
        // Ids are positions in this call: unique within it, as a batch requires, and meaningless elsewhere.
        const items = chunk.map((w, i) => ({ id: String(i + 1), spec: w.spec }));
        const byId = await fetcher.batch(items, controller.signal);
        chunk.forEach((waiter, i) => {
          deliver(waiter, byId.get(String(i + 1)) ?? failure('transport', NO_RESULT_MESSAGE));
        });
      }
    } catch (err) {
      const message = controller.signal.aborted ? deadlineMessage(deadlineMs) : options.describeError(err);
      for (const waiter of chunk) waiter.settle(failure('transport', message));
      if (options.isFatal?.(err)) failQueued(message);
    } finally {
      timers.clearTimeout(abortTimer);
    }
  }

  function deliver(waiter: Waiter<R>, outcome: JobOutcome<R>): void {
    options.onFetched?.(waiter.key, waiter.spec, outcome);
    waiter.settle(outcome);
  }

  function failQueued(message: string): void {
    for (const chunk of queue.splice(0))
      for (const waiter of chunk) waiter.settle(failure('transport', message));
  }

  return {
    request,
    flush,
    stats: () => ({ ...counters }),
    busy: () => pending.size + inFlight.size,
  };
}
