import type { JobOutcome } from './outcome';

/**
 * The custom functions' memory of priced jobs, so that recalculating, copying a formula down or reopening
 * the workbook does not call the service again for a job it already answered.
 *
 * What is kept:
 * - results, for the TTL the user set (cacheTtlHours, default 24 h; 0 turns the cache off);
 * - the service's business refusals for one job (`kind: 'service'`, e.g. "No matching job found",
 *   "Location could not be resolved: …") for a short time only, since they depend on the service's data
 *   and the user is likely to fix the row and try again;
 * - never transport failures (network, 401, timeouts: they say nothing about the job) nor local
 *   validation failures (free to recompute, and the message must follow the code).
 *
 * Freshness is judged against the TTL in force at read time, so lowering the setting takes effect at
 * once. Pure: the clock is injected; persistence is the runtime's (src/formulas/result-store.ts).
 */

export type CacheableOutcome<R> =
  | { readonly ok: true; readonly result: R }
  | { readonly ok: false; readonly kind: 'service'; readonly message: string };

export interface CacheRecord<R> {
  readonly key: string;
  /** Epoch ms at which the service gave this answer. */
  readonly storedAt: number;
  readonly outcome: CacheableOutcome<R>;
}

export interface ResultCacheOptions {
  now: () => number;
  /** Lifetime of a result, asked at every read. */
  ttlMs: () => number;
  /** Lifetime of a business refusal; never longer than ttlMs. Default 10 minutes. */
  failureTtlMs?: number;
  /** Entries kept in memory; the least recently stored go first. Default 50 000. */
  maxEntries?: number;
}

export const DEFAULT_FAILURE_TTL_MS = 10 * 60_000;

export function isCacheable<R>(outcome: JobOutcome<R>): outcome is CacheableOutcome<R> {
  return outcome.ok || outcome.kind === 'service';
}

export class ResultCache<R> {
  private readonly entries = new Map<string, CacheRecord<R>>();
  private readonly listeners = new Set<() => void>();
  private readonly failureTtlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: ResultCacheOptions) {
    this.failureTtlMs = options.failureTtlMs ?? DEFAULT_FAILURE_TTL_MS;
    this.maxEntries = Math.max(1, options.maxEntries ?? 50_000);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The fresh answer for `key`, or undefined; a stale entry is dropped on the way. */
  get(key: string): JobOutcome<R> | undefined {
    const record = this.entries.get(key);
    if (record === undefined) return undefined;
    if (!this.isFresh(record)) {
      this.entries.delete(key);
      this.changed();
      return undefined;
    }
    return record.outcome;
  }

  /** When the fresh answer for `key` was given (epoch ms), or undefined when none is held. */
  storedAt(key: string): number | undefined {
    const record = this.entries.get(key);
    return record !== undefined && this.isFresh(record) ? record.storedAt : undefined;
  }

  /** Keeps the outcome if it may be kept; returns whether it was. */
  put(key: string, outcome: JobOutcome<R>): boolean {
    if (!isCacheable(outcome) || this.options.ttlMs() <= 0) return false;
    this.insert({ key, storedAt: this.options.now(), outcome });
    this.changed();
    return true;
  }

  delete(key: string): boolean {
    const had = this.entries.delete(key);
    if (had) this.changed();
    return had;
  }

  clear(): void {
    if (this.entries.size === 0) return;
    this.entries.clear();
    this.changed();
  }

  /**
   * Takes records read back from storage. A record already held and newer wins; stale ones are skipped.
   * @returns how many were taken.
   */
  restore(records: Iterable<CacheRecord<R>>): number {
    let taken = 0;
    for (const record of records) {
      if (!this.isFresh(record)) continue;
      const held = this.entries.get(record.key);
      if (held !== undefined && held.storedAt >= record.storedAt) continue;
      this.insert(record);
      taken++;
    }
    return taken;
  }

  /** The fresh records, newest first (the order persistence keeps them in when it must drop some). */
  records(): CacheRecord<R>[] {
    const fresh: CacheRecord<R>[] = [];
    for (const record of this.entries.values()) if (this.isFresh(record)) fresh.push(record);
    return fresh.sort((a, b) => b.storedAt - a.storedAt);
  }

  /** Called after every change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private isFresh(record: CacheRecord<R>): boolean {
    const ttl = this.options.ttlMs();
    const lifetime = record.outcome.ok ? ttl : Math.min(ttl, this.failureTtlMs);
    const age = this.options.now() - record.storedAt;
    // A record from the future (clock moved back) is treated as just stored, not as forever fresh.
    return age < lifetime && age > -lifetime;
  }

  private insert(record: CacheRecord<R>): void {
    // Re-inserting moves the key to the end, so Map order is least-recently-stored first.
    this.entries.delete(record.key);
    this.entries.set(record.key, record);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
