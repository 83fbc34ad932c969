import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { SecretCheckGate } from '../../../src/service/auth/check-gate';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness } from '../support/harness';

/**
 * docs/service.md, Security: checking secrets is slow by design, so the checks running and waiting are
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
    const run = (address: string, name: string, known = false) => {
      const d = deferred();
      checks.set(name, d);
      return gate.run(address, known, () => {
        started.push(name);
        return d.promise;
      });
    };
    const a1 = run('a', 'a1');
    const a2 = run('a', 'a2');
    expect(await run('a', 'a3')).toEqual({ ok: false, refusal: 'address-busy' });
    const b1 = run('b', 'b1');
    expect(await run('c', 'c1')).toEqual({ ok: false, refusal: 'full' });
    // A known sign-in waits even when the queue is full, and goes first.
    const k1 = run('d', 'k1', true);
    expect(gate.load).toEqual({ running: 1, waiting: 3 });
    checks.get('a1')?.resolve(true);
    expect(await a1).toEqual({ ok: true, value: true });
    await Promise.resolve();
    expect(started).toEqual(['a1', 'k1']);
    checks.get('k1')?.resolve(false);
    expect(await k1).toEqual({ ok: true, value: false });
    checks.get('a2')?.resolve(true);
    await a2;
    checks.get('b1')?.resolve(true);
    await b1;
    expect(started).toEqual(['a1', 'k1', 'a2', 'b1']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('waiting checks take turns by address: a busy address cannot push a newcomer back', async () => {
    const gate = new SecretCheckGate({ concurrent: 1, queue: 10, perAddress: 5 });
    const started: string[] = [];
    const pending: Array<() => void> = [];
    const run = (address: string, name: string) =>
      gate.run(address, false, () => {
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

  it('a check that throws still frees its place', async () => {
    const gate = new SecretCheckGate({ concurrent: 1, queue: 0, perAddress: 1 });
    await expect(gate.run('a', false, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('a', false, () => Promise.resolve(1))).toEqual({ ok: true, value: 1 });
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
