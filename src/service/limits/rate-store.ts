/**
 * The counters behind every budget of the service (docs/service.md "Security"): the per-client request
 * rate, the token endpoint's per-address budgets, and the sign-in throttle's wrong-secret budgets. They sit
 * behind this one small asynchronous interface so that several processes (cluster workers, replicas) can
 * share them through a store such as Redis; `MemoryRateStore` is the in-process implementation and the
 * reference for the semantics.
 *
 * A budget is `limit` events per `windowMs` for one key, as a token bucket: up to `limit` events at once,
 * then one more every `windowMs / limit`. It is kept as a single number per key, the time at which the
 * bucket will be full again ("theoretical arrival time", GCRA), so a shared implementation needs one key,
 * one atomic read-modify-write and an expiry, e.g. this Lua with `now` in ms (ARGV[1]), windowMs, limit
 * and whether to count (ARGV[4] = 1 for `hit`, 0 for `peek`):
 *
 *   local full = math.max(tonumber(redis.call('GET', KEYS[1]) or 0), now)
 *   local next = full + windowMs / limit
 *   if next - now > windowMs then return next - now - windowMs end   -- denied: ms until allowed
 *   if count == 1 then redis.call('SET', KEYS[1], next, 'PX', math.ceil(next - now)) end
 *   return 0                                                          -- allowed
 *
 * Keys are chosen by the callers and never hold a secret; each caller prefixes its own.
 */

export type RateDecision =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** Milliseconds until one event of this budget is allowed again (> 0). */
      readonly retryAfterMs: number;
    };

export interface RateStore {
  /** Counts one event for `key` when its budget of `limit` per `windowMs` allows it; says whether it did. */
  hit(key: string, windowMs: number, limit: number): Promise<RateDecision>;
  /** Whether `hit` would allow an event now, without counting one. */
  peek(key: string, windowMs: number, limit: number): Promise<RateDecision>;
}

/** Whole seconds for a Retry-After header (D14): at least 1, rounded up. */
export function retryAfterSeconds(decision: { readonly retryAfterMs: number }): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}

/** Past this many keys, keys whose buckets are full again are forgotten (they hold no information). */
const PRUNE_AT = 20_000;
/** A hard bound on memory: past this many keys even partly spent buckets are forgotten, oldest use first. */
const MAX_KEYS = 100_000;

/**
 * The in-process store: one process's counters, in a Map bounded to MAX_KEYS (about 10 MB at most).
 * Forgetting a partly spent bucket under a flood of new keys favours that key's next caller a little;
 * it never refuses anyone who would otherwise pass, and the memory stays bounded.
 */
export class MemoryRateStore implements RateStore {
  /** Key → time (ms) at which its bucket is full again; most recently used last. */
  private readonly fullAt = new Map<string, number>();
  /** The size that triggers the next sweep: doubles with what a sweep keeps, so sweeps stay rare. */
  private pruneAt = PRUNE_AT;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, windowMs: number, limit: number): Promise<RateDecision> {
    return Promise.resolve(this.hitNow(key, windowMs, limit));
  }

  peek(key: string, windowMs: number, limit: number): Promise<RateDecision> {
    return Promise.resolve(this.peekNow(key, windowMs, limit));
  }

  /** `hit` and `peek`, answered at once (for callers that cannot wait, such as the log's own limits). */
  hitNow(key: string, windowMs: number, limit: number): RateDecision {
    return this.decide(key, windowMs, limit, true);
  }

  peekNow(key: string, windowMs: number, limit: number): RateDecision {
    return this.decide(key, windowMs, limit, false);
  }

  get size(): number {
    return this.fullAt.size;
  }

  private decide(key: string, windowMs: number, limit: number, count: boolean): RateDecision {
    if (!(windowMs > 0) || !(limit >= 1)) throw new Error('a budget needs windowMs > 0 and limit >= 1');
    const now = this.now();
    const full = Math.max(this.fullAt.get(key) ?? now, now);
    const next = full + windowMs / limit;
    if (next - now > windowMs) return { allowed: false, retryAfterMs: next - now - windowMs };
    if (count) {
      this.fullAt.delete(key); // re-inserted last: the Map's order is the order of use
      this.fullAt.set(key, next);
      if (this.fullAt.size > this.pruneAt) this.prune(now);
    }
    return { allowed: true };
  }

  private prune(now: number): void {
    for (const [key, full] of this.fullAt) if (full <= now) this.fullAt.delete(key);
    // Still too many: forget the least recently used down to 90 % of the bound, so this runs rarely.
    const keep = MAX_KEYS * 0.9;
    for (const key of this.fullAt.keys()) {
      if (this.fullAt.size <= keep) break;
      this.fullAt.delete(key);
    }
    this.pruneAt = Math.min(MAX_KEYS, Math.max(PRUNE_AT, this.fullAt.size * 2));
  }
}
