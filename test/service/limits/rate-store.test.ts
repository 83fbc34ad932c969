import { MemoryRateStore, retryAfterSeconds, type RateStore } from '../../../src/service/limits/rate-store';
import { RateLimiter } from '../../../src/service/http/rate-limit';
import { addressKey } from '../../../src/service/http/address';

/**
 * The one store behind every budget (limits/rate-store.ts): `limit` events per `windowMs` as a token
 * bucket, one number per key. A shared implementation (several processes) must answer these the same.
 */
describe('MemoryRateStore: limit per window as a token bucket', () => {
  let now: number;
  let store: MemoryRateStore;
  beforeEach(() => {
    now = 1_000_000;
    store = new MemoryRateStore(() => now);
  });

  it('allows `limit` at once, then one per windowMs/limit, and says when the next one is allowed', async () => {
    const window = 60_000;
    for (let i = 0; i < 3; i++) expect(await store.hit('k', window, 3)).toEqual({ allowed: true });
    expect(await store.hit('k', window, 3)).toEqual({ allowed: false, retryAfterMs: 20_000 });
    now += 19_999;
    expect((await store.hit('k', window, 3)).allowed).toBe(false);
    now += 1;
    expect(await store.hit('k', window, 3)).toEqual({ allowed: true });
    expect(await store.hit('k', window, 3)).toEqual({ allowed: false, retryAfterMs: 20_000 });
    expect(await store.hit('other', window, 3)).toEqual({ allowed: true });
  });

  it('peek answers as hit would, without counting', async () => {
    for (let i = 0; i < 5; i++) expect(await store.peek('k', 1000, 1)).toEqual({ allowed: true });
    expect(await store.hit('k', 1000, 1)).toEqual({ allowed: true });
    expect(await store.peek('k', 1000, 1)).toEqual({ allowed: false, retryAfterMs: 1000 });
  });

  it('a refused hit is not counted, so a caller that keeps knocking is not pushed further back', async () => {
    await store.hit('k', 10_000, 1);
    for (let i = 0; i < 50; i++) await store.hit('k', 10_000, 1);
    now += 10_000;
    expect(await store.hit('k', 10_000, 1)).toEqual({ allowed: true });
  });

  it('keys whose buckets are full again are forgotten, and a flood of new keys stays bounded', async () => {
    for (let i = 0; i < 30_000; i++) store.hitNow(`a${i}`, 1000, 5);
    now += 1000; // every bucket of the first 30,000 keys is full again
    for (let i = 0; i < 60_000; i++) store.hitNow(`b${i}`, 1000, 5);
    expect(store.size).toBeLessThan(90_000);
    for (let i = 0; i < 150_000; i++) store.hitNow(`c${i}`, 3_600_000, 5);
    expect(store.size).toBeLessThanOrEqual(100_000);
  });

  it('Retry-After is whole seconds, at least 1 (D14)', () => {
    expect(retryAfterSeconds({ retryAfterMs: 1 })).toBe(1);
    expect(retryAfterSeconds({ retryAfterMs: 1000 })).toBe(1);
    expect(retryAfterSeconds({ retryAfterMs: 1001 })).toBe(2);
  });
});

describe('RateLimiter over any RateStore', () => {
  it('keeps the token bucket of JOBPRICE_RATE_LIMIT_RPS/BURST: burst at once, refilled at the rate', async () => {
    let now = 0;
    const limiter = new RateLimiter({ ratePerSecond: 2, burst: 4 }, new MemoryRateStore(() => now));
    const taken = [];
    for (let i = 0; i < 5; i++) taken.push((await limiter.take('c')).allowed);
    expect(taken).toEqual([true, true, true, true, false]);
    now += 500;
    expect(await limiter.take('c')).toEqual({ allowed: true });
    expect(await limiter.take('c')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('goes through the store it is given, with its own key prefix (a shared store sees every decision)', async () => {
    const seen: string[] = [];
    const store: RateStore = {
      hit: (key) => {
        seen.push(key);
        return Promise.resolve({ allowed: false, retryAfterMs: 2500 });
      },
      peek: () => Promise.reject(new Error('not used')),
    };
    expect(await new RateLimiter({ ratePerSecond: 1, burst: 1 }, store).take('client:a')).toEqual({
      allowed: false,
      retryAfterSeconds: 3,
    });
    expect(seen).toEqual(['rate:client:a']);
  });
});

describe('addressKey: what the per-address budgets count', () => {
  it('IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(addressKey('127.0.0.2')).toBe('127.0.0.2');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:0:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });
});
