import { isJobPriceApiError } from '../api/errors';
import type { JobResult } from '../api/wire';
import {
  createCoalescer,
  deadlineMessage,
  DEFAULT_DEADLINE_MS,
  type Coalescer,
  type CoalescerStats,
} from '../domain/coalescer';
import { jobKey, type JobSpec } from '../domain/job';
import { failure, type JobOutcome } from '../domain/outcome';
import { ResultCache } from '../domain/result-cache';
import { localJobError } from '../domain/validation';
import { systemTimers, within, withTimeout, type Timers } from '../domain/timers';
import { errorMessage } from '../domain/error-message';
import { ResultStore } from './result-store';
import type { Session } from '../session/session';
import { STORAGE_WAIT_MS, type KeyValueStorage } from '../session/storage';

/**
 * What the JOBPRICE.* functions call: one job in, one outcome out, through (in this order) local
 * validation, the result cache, the sign-in check and the coalescer. Built once per runtime from the
 * shared session (settings, token, client) and OfficeRuntime.storage (the persisted cache).
 */

export const NOT_SIGNED_IN = 'Sign in to JobPrice in the task pane.';

export interface PricerDeps {
  session: Pick<Session, 'ready' | 'getSettings' | 'getAccessToken' | 'getIdentity' | 'client' | 'onChange'>;
  storage: KeyValueStorage;
  now?: () => number;
  timers?: Timers;
  /** Every price() settles within this; default 25 000 ms (Excel gives up at about 30 s). */
  deadlineMs?: number;
  /** How long to wait for the persisted cache before pricing without it; default STORAGE_WAIT_MS. */
  storageWaitMs?: number;
  /** Persisted-cache bounds, see ResultStore. */
  persist?: { maxEntries?: number; maxChars?: number; debounceMs?: number };
}

export interface PricerStats extends CoalescerStats {
  readonly cacheHits: number;
  readonly cacheSize: number;
}

export interface JobPricer {
  /** Loads settings, token and the persisted cache; price() waits for it itself. */
  ready(): Promise<void>;
  price(spec: JobSpec): Promise<JobOutcome<JobResult>>;
  /**
   * When the answer held for this job was given by the service (epoch ms): earlier than now when it came
   * from the cache. Null when none is held (the cache is off, or the job failed).
   */
  pricedAt(spec: JobSpec): number | null;
  /** Drops the cached answers of these jobs (memory and storage). Returns how many were held. */
  forget(specs: readonly JobSpec[]): Promise<number>;
  /** Drops every cached answer (memory and storage). */
  forgetAll(): Promise<void>;
  /**
   * For the next `ms`, calls skip the cache (but still refill it). Refresh uses it for cells whose
   * arguments it could not read back from the formula, so it cannot name their jobs.
   */
  bypassCacheFor(ms: number): void;
  /** Writes the cache to storage now rather than after the debounce. */
  persist(): Promise<void>;
  stats(): PricerStats;
}

export function createJobPricer(deps: PricerDeps): JobPricer {
  const now = deps.now ?? Date.now;
  const timers = deps.timers ?? systemTimers;
  const deadlineMs = deps.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const { session } = deps;
  const cache = new ResultCache<JobResult>({
    now,
    ttlMs: () => session.getSettings().cacheTtlHours * 3_600_000,
  });
  const store = new ResultStore({ storage: deps.storage, cache, timers, ...(deps.persist ?? {}) });
  let cacheHits = 0;
  let bypassUntil = 0;
  let loading: Promise<void> | null = null;

  const coalescer: Coalescer<JobResult> = createCoalescer<JobResult>({
    fetcher: () => {
      const client = session.client();
      return {
        one: (spec, signal) => client.matchJob(spec, { signal }),
        batch: async (items, signal) => (await client.matchBatch(items, { signal })).byId,
      };
    },
    windowMs: () => session.getSettings().coalesceWindowMs,
    describeError: errorMessage,
    isFatal: (err) => isJobPriceApiError(err) && err.abortsRun,
    onFetched: (key, _spec, outcome) => {
      if (cache.put(key, outcome)) store.scheduleSave();
    },
    now,
    timers,
    deadlineMs,
  });

  // Answers depend on the credentials' data scope (D15): signing out, or signing in as someone else,
  // forgets what was priced before. A token that merely expires, or is renewed for the same client,
  // keeps the cache: the identity is unchanged. (The keys below carry the identity as well, for what this
  // cannot see: a cache persisted by another client, read back in a runtime that starts signed out.)
  let lastIdentity = session.getIdentity();
  session.onChange(() => {
    const identity = session.getIdentity();
    if (lastIdentity !== null && identity !== lastIdentity) void forgetAll().catch(() => undefined);
    lastIdentity = identity;
  });

  /**
   * Who asked and where are part of the key: answers of one service are never served for another, nor
   * one client's answers (its D15 data scope) to another client, even after a reopen. Null when nobody is
   * signed in: there is no one whose answers could be served.
   */
  const cacheKey = (spec: JobSpec): string | null => {
    const identity = session.getIdentity();
    return identity === null ? null : `${identity}|${session.getSettings().serviceUrl}|${jobKey(spec)}`;
  };

  function ready(): Promise<void> {
    // Storage that never answers must not hold every cell until the deadline: after STORAGE_WAIT_MS the
    // cells go on without the persisted cache (it is still merged in if it arrives later).
    loading ??= Promise.all([
      session.ready(),
      within(store.load(), deps.storageWaitMs ?? STORAGE_WAIT_MS, timers),
    ]).then(() => undefined);
    return loading;
  }

  /** Whatever happens inside (storage, session, service), a cell settles by the deadline. */
  function price(spec: JobSpec): Promise<JobOutcome<JobResult>> {
    const outcome = priceNow(spec).catch((err: unknown) =>
      failure<JobResult>('transport', errorMessage(err)),
    );
    return withTimeout(
      outcome,
      deadlineMs,
      failure<JobResult>('transport', deadlineMessage(deadlineMs)),
      timers,
    );
  }

  /** Saves now; storage that does not answer does not hold the pane's Refresh buttons (or a test) forever. */
  function saved(): Promise<void> {
    return within(store.save(), deps.storageWaitMs ?? STORAGE_WAIT_MS, timers);
  }

  async function priceNow(spec: JobSpec): Promise<JobOutcome<JobResult>> {
    // A bad job never reaches the service, and reads exactly as the service would have refused it.
    const invalid = localJobError(spec);
    if (invalid !== null) return failure('local', invalid);
    await ready();
    const key = cacheKey(spec);
    if (key === null) return failure('transport', NOT_SIGNED_IN);
    const cached = now() < bypassUntil ? undefined : cache.get(key);
    if (cached !== undefined) {
      cacheHits++;
      return cached;
    }
    if (session.getAccessToken() === null) return failure('transport', NOT_SIGNED_IN);
    return coalescer.request(key, spec);
  }

  async function forget(specs: readonly JobSpec[]): Promise<number> {
    await ready();
    let dropped = 0;
    for (const spec of specs) {
      const key = cacheKey(spec);
      if (key !== null && cache.delete(key)) dropped++;
    }
    await saved();
    return dropped;
  }

  async function forgetAll(): Promise<void> {
    await ready();
    cache.clear();
    await saved();
  }

  function pricedAt(spec: JobSpec): number | null {
    const key = cacheKey(spec);
    return key === null ? null : (cache.storedAt(key) ?? null);
  }

  return {
    ready,
    price,
    pricedAt,
    forget,
    forgetAll,
    bypassCacheFor: (ms) => {
      bypassUntil = Math.max(bypassUntil, now() + ms);
    },
    persist: saved,
    stats: () => ({ ...coalescer.stats(), cacheHits, cacheSize: cache.size }),
  };
}
