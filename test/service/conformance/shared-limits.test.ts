import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRANSPORT_MSG } from '../../../src/service/http/errors';
import { redisServer, type RedisServer } from '../support/redis-server';
import {
  call,
  CLIENT,
  pricing,
  requestToken,
  signIn,
  startServiceProcess,
  type Answer,
  type ServiceProcess,
} from '../support/service-process';

/**
 * Two service processes (replicas) sharing one real Redis (JOBPRICE_REDIS_URL): the wrong-secret
 * throttle (per client id and address, and the per-id backstop) and a client's rate limit are one budget
 * across both; with Redis stopped both keep answering
 * on their own counters (logged, still ready); with Redis back the budgets are shared again.
 */

/** Per client: a burst of 12, refilled at one a second (slow next to the test's calls). */
const BURST = 12;

/** Pricing calls alternating between the processes until one is refused; how many were answered 200. */
async function answeredUntilRefused(urls: readonly string[], token: string): Promise<number> {
  for (let i = 0; i < 4 * BURST; i++) {
    const res = await pricing(urls[i % urls.length] as string, token);
    if (res.status === 429) return i;
    expect(res.status).toBe(200);
  }
  return 4 * BURST;
}

describe('two service processes sharing Redis', () => {
  let redis: RedisServer;
  let dir: string;
  let a: ServiceProcess;
  let b: ServiceProcess;
  let urls: string[];
  let token: string;

  beforeAll(async () => {
    redis = await redisServer();
    dir = await mkdtemp(join(tmpdir(), 'jobprice-shared-'));
    const env = {
      JOBPRICE_WORKERS: '1',
      JOBPRICE_REDIS_URL: redis.url,
      JOBPRICE_TOKEN_SECRET: 'shared-signing-key-of-two-replicas-0123456789',
      JOBPRICE_RATE_LIMIT_RPS: '1',
      JOBPRICE_RATE_LIMIT_BURST: String(BURST),
    };
    a = startServiceProcess(dir, env);
    b = startServiceProcess(dir, env);
    urls = await Promise.all([a.listening(), b.listening()]);
    for (const url of urls) {
      for (let i = 0; (await call(url, '/readyz')).status !== 200; i++) {
        if (i > 200) throw new Error(`${url} never became ready`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    token = await signIn(urls[0] as string);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('a client`s rate limit is one budget across both processes', async () => {
    const answered = await answeredUntilRefused(urls, token);
    // One process alone would have answered BURST; two on their own, twice that. A second may refill one.
    expect(answered).toBeGreaterThanOrEqual(BURST - 1);
    expect(answered).toBeLessThanOrEqual(BURST + 2);
    for (const url of urls) expect((await pricing(url, token)).status).toBe(429);
  }, 60_000);

  it('ten wrong secrets spread over both lock the client id (from this address) on both', async () => {
    for (let i = 0; i < 10; i++)
      expect((await requestToken(urls[i % 2] as string, 'not-the-secret-0123456789')).status).toBe(401);
    for (const url of urls) {
      const res = await requestToken(url, CLIENT.secret);
      expect(res.status).toBe(429);
      expect(JSON.parse(res.body)).toMatchObject({ Message: TRANSPORT_MSG.tooManyFailedAttempts });
    }
  }, 60_000);

  it('the per-id backstop is one budget too: wrong secrets from many addresses over both spend it', async () => {
    // An id of its own (unknown ids are counted like known ones), so earlier tests spent none of its budget.
    const guess = (url: string, address: string): Promise<Answer> =>
      call(url, '/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&client_id=backstop-probe&client_secret=not-the-secret-0123456789`,
        localAddress: address,
      });
    // 10 addresses x 10 wrong secrets, alternating processes: the id's hundred an hour, met only together.
    for (let a = 1; a <= 10; a++) {
      for (let i = 0; i < 10; i++)
        expect((await guess(urls[i % 2] as string, `127.0.1.${a}`)).status).toBe(401);
    }
    // A new address may still try once (the backstop never refuses a clean address); after one wrong
    // secret it waits, at both processes: each saw only half of the hundred.
    expect((await guess(urls[0] as string, '127.0.2.1')).status).toBe(401);
    for (const url of urls) {
      const res = await guess(url, '127.0.2.1');
      expect(res.status).toBe(429);
      expect(JSON.parse(res.body)).toMatchObject({ Message: TRANSPORT_MSG.tooManyFailedAttempts });
    }
  }, 120_000);

  it('Redis stopped: both keep answering on their own counters, say so once, and stay ready', async () => {
    const from = [a.stderr().length, b.stderr().length];
    await redis.stop();
    // The shared budget is spent, but each process now counts alone from a fresh bucket.
    const answered = await answeredUntilRefused(urls, token);
    expect(answered).toBeGreaterThanOrEqual(2 * BURST - 2);
    for (const [i, p] of [a, b].entries()) {
      await p.logged(/"event":"shared store unreachable; limits count in this process"/, from[i]);
      expect(
        p
          .stderr()
          .slice(from[i])
          .match(/shared store unreachable/g),
      ).toHaveLength(1);
      expect((await call(urls[i] as string, '/readyz')).status).toBe(200);
    }
  }, 60_000);

  it('Redis back: the processes return to it and share the budget again', async () => {
    const from = [a.stderr().length, b.stderr().length];
    await redis.start();
    for (const [i, p] of [a, b].entries())
      await p.logged(/"event":"shared store reachable again; limits shared again"/, from[i], 30_000);
    // Redis restarted empty (no persistence): a fresh shared budget.
    const answered = await answeredUntilRefused(urls, token);
    expect(answered).toBeGreaterThanOrEqual(BURST - 1);
    expect(answered).toBeLessThanOrEqual(BURST + 2);
  }, 60_000);
});
