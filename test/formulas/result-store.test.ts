import { NUMBER_FIELDS, RESULT_FIELDS, type JobResult } from '../../src/api/wire';
import { failure, success } from '../../src/domain/outcome';
import { DEFAULT_FAILURE_TTL_MS, ResultCache } from '../../src/domain/result-cache';
import {
  decodeResult,
  encodeResult,
  RESULT_STORE_PREFIX,
  ResultStore,
  shardOf,
} from '../../src/formulas/result-store';
import { MemoryOfficeStorage } from '../functions/support/office-fakes';

const HOUR = 3_600_000;

function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const result = (n: number): JobResult => ({
  Salary10: n,
  Salary50: n * 2,
  CurrencyCode: 'USD',
  MatchRating: 'Confident',
  DataScope_Region: 'San Jose-Sunnyvale-Santa Clara, CA',
});

describe('result cache (TTL, what is kept)', () => {
  it('serves a result until the TTL from settings has passed, then forgets it', () => {
    const c = clock();
    const cache = new ResultCache<JobResult>({ now: c.now, ttlMs: () => 24 * HOUR });
    cache.put('k', success(result(1)));
    c.advance(24 * HOUR - 1);
    expect(cache.get('k')).toEqual(success(result(1)));
    c.advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('applies a lowered TTL to entries already held', () => {
    const c = clock();
    let ttl = 24 * HOUR;
    const cache = new ResultCache<JobResult>({ now: c.now, ttlMs: () => ttl });
    cache.put('k', success(result(1)));
    c.advance(2 * HOUR);
    ttl = HOUR;
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps a business refusal (D3 "No matching job found") briefly, never a transport or local failure', () => {
    const c = clock();
    const cache = new ResultCache<JobResult>({ now: c.now, ttlMs: () => 24 * HOUR });
    expect(cache.put('nomatch', failure('service', 'No matching job found'))).toBe(true);
    expect(cache.put('net', failure('transport', 'Could not reach the service'))).toBe(false);
    expect(cache.put('local', failure('local', 'Location request is incomplete'))).toBe(false);
    expect(cache.get('nomatch')).toEqual(failure('service', 'No matching job found'));
    c.advance(DEFAULT_FAILURE_TTL_MS);
    expect(cache.get('nomatch')).toBeUndefined();
  });

  it('keeps nothing when the TTL setting is 0', () => {
    const cache = new ResultCache<JobResult>({ now: Date.now, ttlMs: () => 0 });
    expect(cache.put('k', success(result(1)))).toBe(false);
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the least recently stored entries beyond maxEntries', () => {
    const c = clock();
    const cache = new ResultCache<JobResult>({ now: c.now, ttlMs: () => HOUR, maxEntries: 2 });
    cache.put('a', success(result(1)));
    cache.put('b', success(result(2)));
    cache.put('c', success(result(3)));
    expect(cache.get('a')).toBeUndefined();
    expect(
      cache
        .records()
        .map((r) => r.key)
        .sort(),
    ).toEqual(['b', 'c']);
  });

  it('restores only fresh records and lets a newer held one win', () => {
    const c = clock();
    const cache = new ResultCache<JobResult>({ now: c.now, ttlMs: () => HOUR });
    cache.put('a', success(result(9)));
    const taken = cache.restore([
      { key: 'a', storedAt: c.now() - 1000, outcome: { ok: true, result: result(1) } },
      { key: 'old', storedAt: c.now() - 2 * HOUR, outcome: { ok: true, result: result(2) } },
      { key: 'b', storedAt: c.now() - 1000, outcome: { ok: true, result: result(3) } },
    ]);
    expect(taken).toBe(1);
    expect(cache.get('a')).toEqual(success(result(9)));
    expect(cache.get('old')).toBeUndefined();
  });
});

describe('result store (OfficeRuntime.storage, bounded)', () => {
  function setup(
    opts: { maxEntries?: number; maxChars?: number } = {},
    storage = new MemoryOfficeStorage(),
    c = clock(),
  ) {
    const cache = new ResultCache<JobResult>({ now: c.now, ttlMs: () => 24 * HOUR });
    const store = new ResultStore({ storage, cache, debounceMs: 5, ...opts });
    return { cache, store, storage, c };
  }

  it('round-trips results and refusals through storage into a new cache ("reopen")', async () => {
    const a = setup();
    await a.store.load();
    a.cache.put('job-1', success(result(100)));
    a.cache.put('job-2', failure('service', 'Location could not be resolved: ZIP 00000'));
    await a.store.save();
    const b = setup({}, a.storage, a.c);
    expect(await b.store.load()).toBe(2);
    expect(b.cache.get('job-1')).toEqual(success(result(100)));
    expect(b.cache.get('job-2')).toEqual(failure('service', 'Location could not be resolved: ZIP 00000'));
  });

  it('spreads records over fixed shard keys and rewrites only the shards that changed', async () => {
    const a = setup();
    await a.store.load();
    for (let i = 0; i < 100; i++) a.cache.put(`job-${i}`, success(result(i)));
    await a.store.save();
    const keys = [...a.storage.map.keys()];
    expect(keys.length).toBeGreaterThan(1);
    expect(keys.every((k) => k.startsWith(RESULT_STORE_PREFIX))).toBe(true);
    const before = a.storage.writes;
    a.cache.put('job-new', success(result(7)));
    await a.store.save();
    expect(a.storage.writes - before).toBe(1);
    expect(
      a.storage.map.has(`${RESULT_STORE_PREFIX}${String(shardOf('job-new', 16)).padStart(2, '0')}`),
    ).toBe(true);
  });

  it('persists at most maxEntries, the most recent first', async () => {
    const a = setup({ maxEntries: 10 });
    await a.store.load();
    for (let i = 0; i < 30; i++) {
      a.cache.put(`job-${i}`, success(result(i)));
      a.c.advance(1);
    }
    await a.store.save();
    const b = setup({}, a.storage, a.c);
    expect(await b.store.load()).toBe(10);
    expect(b.cache.get('job-29')).toBeDefined();
    expect(b.cache.get('job-0')).toBeUndefined();
  });

  it('stays under its character budget', async () => {
    const a = setup({ maxChars: 20_000 });
    await a.store.load();
    for (let i = 0; i < 500; i++) a.cache.put(`job-${i}`, success(result(i)));
    await a.store.save();
    // The budget counts records; the shard envelopes add a few bytes each.
    expect(a.storage.charsUnder(RESULT_STORE_PREFIX)).toBeLessThan(20_000 + 16 * 40);
    expect(a.storage.charsUnder(RESULT_STORE_PREFIX)).toBeGreaterThan(15_000);
  });

  it('removes the shards when the cache is cleared', async () => {
    const a = setup();
    await a.store.load();
    a.cache.put('x', success(result(1)));
    await a.store.save();
    a.cache.clear();
    await a.store.save();
    expect(a.storage.charsUnder(RESULT_STORE_PREFIX)).toBe(0);
  });

  it('ignores a shard or record that is not in its format, keeping the rest', async () => {
    const storage = new MemoryOfficeStorage();
    const c = clock();
    storage.map.set(`${RESULT_STORE_PREFIX}00`, '{not json');
    storage.map.set(
      `${RESULT_STORE_PREFIX}01`,
      JSON.stringify({
        v: 1,
        records: [
          ['good', c.now(), 1, [1, 2]],
          ['bad-type', c.now(), 1, ['text-in-a-number-field']],
          ['bad-shape', 'yesterday', 1, []],
        ],
      }),
    );
    const a = setup({}, storage, c);
    expect(await a.store.load()).toBe(1);
    expect(a.cache.get('good')).toEqual(success({ Salary10: 1, Salary25: 2 }));
  });

  it('encodes a result as a row in RESULT_FIELDS order and back', () => {
    const r: JobResult = { Salary10: 1.5, Comp90: 9, DataScope_City: 'San Jose' };
    expect(decodeResult(encodeResult(r))).toEqual(r);
    // A full answer is stored at well under half its size with names.
    const full = Object.fromEntries(
      RESULT_FIELDS.map((f, i) => [
        f,
        NUMBER_FIELDS.includes(f as never) ? 100_000 + i * 1234.5 : `Text ${f}`,
      ]),
    ) as JobResult;
    expect(decodeResult(encodeResult(full))).toEqual(full);
    expect(JSON.stringify(encodeResult(full)).length).toBeLessThan(JSON.stringify(full).length * 0.6);
  });
});
