import { z } from 'zod';
import { storageKeys } from '../session/deployment';
import { NUMBER_FIELDS, RESULT_FIELDS, type JobResult } from '../api/wire';
import { systemTimers, type Timers } from '../domain/timers';
import { errorMessage } from '../domain/error-message';
import type { CacheRecord, ResultCache } from '../domain/result-cache';
import type { KeyValueStorage } from '../session/storage';

/**
 * Persists the custom functions' result cache in OfficeRuntime.storage, so reopening a workbook (or
 * Excel) within the TTL prices nothing again.
 *
 * Bounded on purpose: OfficeRuntime.storage allows about 10 MB per domain, shared by every add-in of that
 * domain and by our own settings and token. The cache takes at most `maxChars` (default 2.5 M characters,
 * about a quarter of it) and `maxEntries` (default 8 000) jobs, the most recently priced first; the rest
 * lives only in memory until the runtime closes.
 *
 * Layout: the records are spread over `shards` fixed keys (`jobprice.results.v1.00` … `.15`) by a hash of
 * the job key, so saving after a few new answers rewrites only the shards they fall in, not the whole
 * cache, and no single value grows past a few hundred KB. A result is written as a row of values in
 * RESULT_FIELDS order (about 250 bytes instead of 700 with names); everything read back is checked with
 * zod, and a shard that fails the check is ignored (and overwritten at the next save).
 */

export interface ResultStoreOptions {
  storage: KeyValueStorage;
  cache: ResultCache<JobResult>;
  shards?: number;
  maxEntries?: number;
  maxChars?: number;
  /** Saves are gathered: one save this long after the last change. Default 1 000 ms. */
  debounceMs?: number;
  keyPrefix?: string;
  timers?: Timers;
}

/** Namespaced by the manifest Id like the session's keys (src/session/deployment.ts). */
export const RESULT_STORE_PREFIX = storageKeys().results;
export const DEFAULT_SHARDS = 16;
export const DEFAULT_MAX_PERSISTED_ENTRIES = 8_000;
export const DEFAULT_MAX_PERSISTED_CHARS = 2_500_000;

/** [key, storedAt, 1, values] for a result, [key, storedAt, 0, message] for a business refusal. */
const StoredValueSchema = z.union([z.number().finite(), z.string(), z.null()]);
const StoredRecordSchema = z.union([
  z.tuple([z.string(), z.number().finite(), z.literal(1), z.array(StoredValueSchema)]),
  z.tuple([z.string(), z.number().finite(), z.literal(0), z.string()]),
]);
const ShardSchema = z.object({ v: z.literal(1), records: z.array(z.unknown()) });
type StoredRecord = z.infer<typeof StoredRecordSchema>;

const NUMBER_FIELD_SET: ReadonlySet<string> = new Set(NUMBER_FIELDS);

export function encodeResult(result: JobResult): (number | string | null)[] {
  const row = RESULT_FIELDS.map((f) => result[f] ?? null);
  // Trailing nulls carry nothing.
  while (row.length > 0 && row[row.length - 1] === null) row.pop();
  return row;
}

/** Null when the row does not fit the fields (a different build wrote it): such a record is dropped. */
export function decodeResult(row: readonly (number | string | null)[]): JobResult | null {
  if (row.length > RESULT_FIELDS.length) return null;
  const out: Record<string, number | string> = {};
  for (let i = 0; i < row.length; i++) {
    const value = row[i];
    const field = RESULT_FIELDS[i] as string;
    if (value === null || value === undefined) continue;
    if (NUMBER_FIELD_SET.has(field) !== (typeof value === 'number')) return null;
    out[field] = value;
  }
  return out;
}

function encodeRecord(record: CacheRecord<JobResult>): StoredRecord {
  return record.outcome.ok
    ? [record.key, record.storedAt, 1, encodeResult(record.outcome.result)]
    : [record.key, record.storedAt, 0, record.outcome.message];
}

function decodeRecord(raw: unknown): CacheRecord<JobResult> | null {
  const parsed = StoredRecordSchema.safeParse(raw);
  if (!parsed.success) return null;
  const [key, storedAt, ok, payload] = parsed.data;
  if (ok === 0) return { key, storedAt, outcome: { ok: false, kind: 'service', message: payload } };
  const result = decodeResult(payload);
  return result === null ? null : { key, storedAt, outcome: { ok: true, result } };
}

/** FNV-1a: small, stable across runs and bundles, good enough to spread keys over a few shards. */
export function shardOf(key: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

export class ResultStore {
  private readonly storage: KeyValueStorage;
  private readonly cache: ResultCache<JobResult>;
  private readonly shards: number;
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private readonly debounceMs: number;
  private readonly prefix: string;
  private readonly timers: Timers;
  /** What each shard key holds now, as last read or written, to skip writes that change nothing. */
  private readonly written = new Map<number, string>();
  private timer: unknown = null;
  private saving: Promise<void> = Promise.resolve();
  private loading: Promise<number> | null = null;
  /** The last storage failure (e.g. quota), kept for diagnostics; saving goes on with the next change. */
  lastError: string | null = null;

  constructor(options: ResultStoreOptions) {
    this.storage = options.storage;
    this.cache = options.cache;
    this.shards = Math.max(1, Math.min(options.shards ?? DEFAULT_SHARDS, 100));
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_PERSISTED_ENTRIES;
    this.maxChars = options.maxChars ?? DEFAULT_MAX_PERSISTED_CHARS;
    this.debounceMs = options.debounceMs ?? 1_000;
    this.prefix = options.keyPrefix ?? RESULT_STORE_PREFIX;
    this.timers = options.timers ?? systemTimers;
  }

  shardKey(index: number): string {
    return `${this.prefix}${String(index).padStart(2, '0')}`;
  }

  /** Reads every shard once into the cache; later calls return the same promise. Resolves to records taken. */
  load(): Promise<number> {
    this.loading ??= this.readAll();
    return this.loading;
  }

  /** Saves soon (debounced); call after every cache change. */
  scheduleSave(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.save();
    }, this.debounceMs);
  }

  /** Writes the shards that changed, now. Saves never overlap. */
  save(): Promise<void> {
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    this.saving = this.saving.then(() => this.writeChanged());
    return this.saving;
  }

  private async readAll(): Promise<number> {
    const texts = await Promise.all(
      Array.from({ length: this.shards }, (_, i) => this.storage.getItem(this.shardKey(i)).catch(() => null)),
    );
    const records: CacheRecord<JobResult>[] = [];
    texts.forEach((text, i) => {
      if (text === null) return;
      this.written.set(i, text);
      const shard = ShardSchema.safeParse(safeJson(text));
      if (!shard.success) return;
      for (const raw of shard.data.records) {
        const record = decodeRecord(raw);
        if (record !== null) records.push(record);
      }
    });
    return this.cache.restore(records);
  }

  private async writeChanged(): Promise<void> {
    // Loading first: a save before the load finished would overwrite what is still to be read.
    await this.load();
    const byShard = new Map<number, StoredRecord[]>();
    let chars = 0;
    let count = 0;
    for (const record of this.cache.records()) {
      if (count >= this.maxEntries) break;
      const stored = encodeRecord(record);
      const size = JSON.stringify(stored).length + 1;
      if (chars + size > this.maxChars) break;
      chars += size;
      count++;
      const shard = shardOf(record.key, this.shards);
      const list = byShard.get(shard) ?? [];
      list.push(stored);
      byShard.set(shard, list);
    }
    for (let i = 0; i < this.shards; i++) {
      const list = byShard.get(i);
      const text = list === undefined ? null : JSON.stringify({ v: 1, records: list });
      const before = this.written.get(i) ?? null;
      if (text === before) continue;
      try {
        if (text === null) await this.storage.removeItem(this.shardKey(i));
        else await this.storage.setItem(this.shardKey(i), text);
        if (text === null) this.written.delete(i);
        else this.written.set(i, text);
      } catch (err) {
        this.lastError = errorMessage(err);
      }
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
