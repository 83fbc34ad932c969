import { Redis } from 'ioredis';
import { connectSharedStore, RedisRateStore } from '../../../src/service/limits/redis-rate-store';
import { MemoryRateStore } from '../../../src/service/limits/rate-store';
import { jsonLineLogger } from '../../../src/service/logger';
import { redisServer, type RedisServer } from '../support/redis-server';

/** The shared store against a real redis-server: the budgets' semantics, atomicity, and the fallback. */

const until = async (ok: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('RedisRateStore', () => {
  let redis: RedisServer;
  const opened: { close(): Promise<void> }[] = [];
  const open = (lines: string[] = []): ReturnType<typeof connectSharedStore> => {
    const shared = connectSharedStore(
      redis.url,
      jsonLineLogger((l) => lines.push(l)),
    );
    opened.push(shared);
    return shared;
  };
  const ready = (shared: ReturnType<typeof connectSharedStore>): Promise<void> =>
    until(() => shared.store.readinessProblem() === null, 'the first connection');

  beforeAll(async () => {
    redis = await redisServer();
  }, 30_000);
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await redis.stop();
  });

  it('is not ready before it has reached Redis, then is', async () => {
    const shared = open();
    expect(shared.store.readinessProblem()).toMatch(/not connected to Redis yet/);
    await ready(shared);
  });

  it('a budget of `limit` per window: that many at once, then a wait of one interval; peek counts nothing', async () => {
    const { store } = open();
    await until(() => store.readinessProblem() === null, 'connection');
    const key = `test:burst:${Date.now()}`;
    expect(await store.peek(key, 10_000, 3)).toEqual({ allowed: true });
    for (let i = 0; i < 3; i++) expect(await store.hit(key, 10_000, 3)).toEqual({ allowed: true });
    const denied = await store.hit(key, 10_000, 3);
    expect(denied.allowed).toBe(false);
    // One event every windowMs / limit = 3,333 ms: the wait is at most that, and more than a moment.
    if (!denied.allowed) {
      expect(denied.retryAfterMs).toBeGreaterThan(3_000);
      expect(denied.retryAfterMs).toBeLessThanOrEqual(3_334);
    }
    expect((await store.peek(key, 10_000, 3)).allowed).toBe(false);
  });

  it('two connections deciding at once give exactly `limit` events (one atomic script per decision)', async () => {
    const a = open();
    const b = open();
    await Promise.all([ready(a), ready(b)]);
    const key = `test:race:${Date.now()}`;
    const decisions = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).store.hit(key, 60_000, 50)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
  });

  it('keys live under the jobprice: prefix and expire when their bucket is full again', async () => {
    const { store } = open();
    await until(() => store.readinessProblem() === null, 'connection');
    const key = `test:ttl:${Date.now()}`;
    await store.hit(key, 2_000, 2);
    const client = new Redis(redis.url);
    try {
      const ttl = await client.pttl(`jobprice:${key}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(1_000);
    } finally {
      client.disconnect();
    }
  });

  it('Redis away: decides in this process at once, logs it once a minute; back: shared again', async () => {
    const lines: string[] = [];
    const logger = jsonLineLogger((l) => lines.push(l));
    let now = 0;
    const fallback = new MemoryRateStore();
    const client = new Redis(redis.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 250,
      retryStrategy: () => 50,
    });
    const store = new RedisRateStore(client, fallback, logger, () => now);
    opened.push({ close: async () => client.disconnect() });
    await until(() => store.readinessProblem() === null, 'connection');
    const key = `test:away:${Date.now()}`;
    // Spent in Redis.
    expect((await store.hit(key, 60_000, 1)).allowed).toBe(true);
    expect((await store.hit(key, 60_000, 1)).allowed).toBe(false);

    await redis.stop();
    const started = Date.now();
    // In this process the budget is fresh: one allowed, then denied, each answered without waiting for Redis.
    expect(await store.hit(key, 60_000, 1)).toEqual({ allowed: true });
    expect((await store.hit(key, 60_000, 1)).allowed).toBe(false);
    for (let i = 0; i < 20; i++) await store.peek(key, 60_000, 1);
    expect(Date.now() - started).toBeLessThan(2_000);
    const warnings = (): string[] => lines.filter((l) => l.includes('shared store unreachable'));
    expect(warnings()).toHaveLength(1);
    expect(JSON.parse(warnings()[0] as string)).toMatchObject({ level: 'warn' });
    now += 61_000;
    await store.peek(key, 60_000, 1);
    expect(warnings()).toHaveLength(2);
    // Still ready: a Redis outage must not take every replica out of its load balancer at once.
    expect(store.readinessProblem()).toBeNull();

    await redis.start();
    await until(() => lines.some((l) => l.includes('shared store reachable again')), 'reconnection');
    // Redis restarted empty: its budget is fresh, and it is Redis that counts now.
    expect((await store.hit(key, 60_000, 1)).allowed).toBe(true);
    const check = new Redis(redis.url);
    try {
      expect(await check.exists(`jobprice:${key}`)).toBe(1);
    } finally {
      check.disconnect();
    }
  }, 60_000);
});
