import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import {
  DEFAULT_SECRET_CHECK_LIMITS,
  SecretCheckGate,
  secretCheckLimitsPerWorker,
  type CheckStanding,
} from '../../../src/service/auth/check-gate';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness } from '../support/harness';

/**
 * docs/service.md "Security": checking secrets is slow by design, so the checks running and waiting are
 * bounded across all callers; beyond the bound a caller gets 429 (its address holds its share) or 503
 * (the gate is full) with Retry-After at once, and a client that signed in from its address before is
 * served first.
 */

function deferred(): { promise: Promise<boolean>; resolve: (v: boolean) => void } {
  let resolve: (v: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SecretCheckGate', () => {
  it('runs at most `concurrent`, queues at most `queue`, gives an address at most `perAddress` places', async () => {
    const gate = new SecretCheckGate({ concurrent: 1, queue: 2, perAddress: 2 });
    const started: string[] = [];
    const checks = new Map<string, ReturnType<typeof deferred>>();
    const run = (address: string, name: string, standing: CheckStanding = 'clean') => {
      const d = deferred();
      checks.set(name, d);
      return gate.run(address, standing, () => {
        started.push(name);
        return d.promise;
      });
    };
    const a1 = run('a', 'a1');
    const a2 = run('a', 'a2');
    expect(await run('a', 'a3')).toEqual({ ok: false, refusal: 'address-busy' });
    const b1 = run('b', 'b1'); // the queue (2) is full now
    // c holds no place: it takes the waiting place of a, which holds the most (two).
    const c1 = run('c', 'c1');
    expect(await a2).toEqual({ ok: false, refusal: 'full' });
    // d holds none either, but nobody holds two places any more: the gate is full.
    expect(await run('d', 'd1')).toEqual({ ok: false, refusal: 'full' });
    // A known sign-in waits even when the queue is full, and goes first.
    const k1 = run('e', 'k1', 'known');
    expect(gate.load).toEqual({ running: 1, waiting: 3 });
    checks.get('a1')?.resolve(true);
    expect(await a1).toEqual({ ok: true, value: true });
    await Promise.resolve();
    expect(started).toEqual(['a1', 'k1']);
    checks.get('k1')?.resolve(false);
    expect(await k1).toEqual({ ok: true, value: false });
    checks.get('b1')?.resolve(true);
    await b1;
    checks.get('c1')?.resolve(true);
    await c1;
    expect(started).toEqual(['a1', 'k1', 'b1', 'c1']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('waiting checks take turns by address: a busy address cannot push a newcomer back', async () => {
    const gate = new SecretCheckGate({ concurrent: 1, queue: 10, perAddress: 5 });
    const started: string[] = [];
    const pending: Array<() => void> = [];
    const run = (address: string, name: string) =>
      gate.run(address, 'clean', () => {
        started.push(name);
        return new Promise<boolean>((r) => pending.push(() => r(true)));
      });
    const all = [run('a', 'a1'), run('a', 'a2'), run('a', 'a3'), run('a', 'a4'), run('b', 'b1')];
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setImmediate(r));
      pending.shift()?.();
    }
    await Promise.all(all);
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('a full queue: an address without a place takes the last waiting place of the one holding most', async () => {
    const gate = new SecretCheckGate({ concurrent: 1, queue: 2, perAddress: 3 });
    const pending: Array<() => void> = [];
    const started: string[] = [];
    const run = (address: string, name: string) =>
      gate.run(address, 'clean', () => {
        started.push(name);
        return new Promise<boolean>((r) => pending.push(() => r(true)));
      });
    const a1 = run('a', 'a1');
    const a2 = run('a', 'a2');
    const a3 = run('a', 'a3'); // the queue (2) is full, all of it a's
    const b1 = run('b', 'b1'); // b holds nothing: a's last waiting place is b's
    expect(await a3).toEqual({ ok: false, refusal: 'full' });
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setImmediate(r));
      pending.shift()?.();
    }
    await Promise.all([a1, a2, b1]);
    expect(started).toEqual(['a1', 'a2', 'b1']);
  });

  it('addresses without recent wrong secrets go before failing ones, and may take their waiting places', async () => {
    const gate = new SecretCheckGate({ concurrent: 1, queue: 3, perAddress: 2 });
    const started: string[] = [];
    const pending: Array<() => void> = [];
    const run = (address: string, name: string, standing: CheckStanding) =>
      gate.run(address, standing, () => {
        started.push(name);
        return new Promise<boolean>((r) => pending.push(() => r(true)));
      });
    const f1 = run('f', 'f1', 'failing');
    const f2 = run('f', 'f2', 'failing');
    const g1 = run('g', 'g1', 'failing');
    const h1 = run('h', 'h1', 'failing'); // the queue (3) is full
    // A failing newcomer takes the place of an address holding two (f).
    const i1 = run('i', 'i1', 'failing');
    expect(await f2).toEqual({ ok: false, refusal: 'full' });
    // A clean newcomer takes any failing address's place (g: first of those holding the most, one each).
    const c1 = run('c', 'c1', 'clean');
    expect(await g1).toEqual({ ok: false, refusal: 'full' });
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setImmediate(r));
      pending.shift()?.();
    }
    await Promise.all([f1, c1, h1, i1]);
    // The clean one goes before the failing ones that waited longer.
    expect(started).toEqual(['f1', 'c1', 'h1', 'i1']);
  });

  it('a check that throws still frees its place', async () => {
    const gate = new SecretCheckGate({ concurrent: 1, queue: 0, perAddress: 1 });
    await expect(gate.run('a', 'clean', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('a', 'clean', () => Promise.resolve(1))).toEqual({ ok: true, value: 1 });
  });

  it("the workers of one machine share the default's concurrent checks, each keeping at least one", () => {
    const { concurrent } = DEFAULT_SECRET_CHECK_LIMITS;
    expect(secretCheckLimitsPerWorker(1)).toEqual(DEFAULT_SECRET_CHECK_LIMITS);
    for (const workers of [2, 3, 8]) {
      const share = secretCheckLimitsPerWorker(workers);
      expect(share.concurrent).toBe(Math.max(1, Math.floor(concurrent / workers)));
      expect(share.concurrent * workers).toBeLessThanOrEqual(Math.max(concurrent, workers));
      expect(share.queue).toBe(DEFAULT_SECRET_CHECK_LIMITS.queue);
    }
  });
});

function tokenStatus(
  url: string,
  id: string,
  secret: string,
  localAddress: string,
): Promise<{ status: number; retryAfter: string | undefined }> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: id,
    client_secret: secret,
  });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/oauth/token`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }));
      },
    );
    req.on('error', reject);
    req.end(body.toString());
  });
}

describe('a flood of sign-ins with random client ids from several addresses', () => {
  it('is answered at once beyond the bound (429/503 with Retry-After), and a known client still signs in', async () => {
    const h = await startHarness(new EngineDouble(), [FULL_CLIENT], {
      rateLimit: null,
      secretChecks: { concurrent: 1, queue: 6, perAddress: 2 },
    });
    try {
      // The client signed in from its address before: it is known there.
      expect((await tokenStatus(h.url, FULL_CLIENT.id, FULL_CLIENT.secret, '127.0.0.9')).status).toBe(200);
      const flood = [];
      for (let i = 0; i < 60; i++) {
        const id = `guess-${randomBytes(6).toString('hex')}`;
        flood.push(tokenStatus(h.url, id, 'wrong-secret-0000000000', `127.0.0.${2 + (i % 5)}`));
      }
      const mine = tokenStatus(h.url, FULL_CLIENT.id, FULL_CLIENT.secret, '127.0.0.9');
      const answers = await Promise.all(flood);
      expect((await mine).status).toBe(200);

      const count = (status: number): number => answers.filter((a) => a.status === status).length;
      // Each unknown id costs a full scrypt check (the decoy), one at a time: what finds no place is
      // refused at once rather than queued.
      expect(count(401)).toBeGreaterThanOrEqual(6); // one running and the queue (which the known one may share)
      expect(count(429) + count(503)).toBe(60 - count(401));
      expect(count(429) + count(503)).toBeGreaterThan(0);
      for (const a of answers.filter((x) => x.status !== 401)) expect(a.retryAfter).toBe('1');
      const busy = h.logLines.filter((l) => l.includes('secret checks'));
      expect(busy.length).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});

describe('a caller that ignores Retry-After', () => {
  it('gets each 429 from /oauth/token only after a pause, so asking again at once buys it nothing', async () => {
    const h = await startHarness(new EngineDouble(), [FULL_CLIENT], {
      rateLimit: { ratePerSecond: 1, burst: 1 },
      tokenRefusalDelayMs: 300,
    });
    try {
      const timed = async (): Promise<{ status: number; ms: number }> => {
        const started = Date.now();
        const { status } = await tokenStatus(h.url, 'someone', 'wrong-secret-0000000000', '127.0.0.2');
        return { status, ms: Date.now() - started };
      };
      const first = await timed();
      expect(first.status).toBe(401);
      const refused = await timed();
      expect(refused.status).toBe(429);
      expect(refused.ms).toBeGreaterThanOrEqual(145); // half the pause at least: it is spread ±50 %
    } finally {
      await h.close();
    }
  });
});
