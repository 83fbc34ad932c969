import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openIdle } from '../support/idle-sockets';
import { pricing, signIn, startServiceProcess, type ServiceProcess } from '../support/service-process';

/**
 * JOBPRICE_WORKERS=2 (cluster/primary.ts): two worker processes serve one port; a token one signed
 * is good at the other (the primary shares the random signing key); a killed worker is logged and
 * replaced; each worker applies the connection caps (docs/service.md "Security"); SIGTERM lets a request
 * in flight finish and exits 0.
 */

/** Sockets per address each process keeps (JOBPRICE_MAX_CONNECTIONS_PER_ADDRESS) in this test. */
const PER_ADDRESS = 8;

/** Until `enough` holds, one request per fresh connection; the pids that answered. */
async function pidsAnswering(
  url: string,
  token: string,
  enough: (pids: Set<number>) => boolean,
): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < 200 && !enough(pids); i++) {
    const res = await pricing(url, token);
    expect(res.status).toBe(200);
    pids.add(res.pid);
  }
  return pids;
}

describe('JOBPRICE_WORKERS=2', () => {
  let dir: string;
  let service: ServiceProcess;
  let url: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'jobprice-workers-'));
    // No JOBPRICE_TOKEN_SECRET: the primary's random key must reach both workers.
    service = startServiceProcess(dir, {
      JOBPRICE_WORKERS: '2',
      JOBPRICE_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    });
    url = await service.listening();
  }, 180_000);
  afterAll(async () => {
    await service.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints one listening line, once both workers listen', async () => {
    expect(service.stdout().match(/^listening on /gm)).toHaveLength(1);
    expect(service.stderr().match(/"event":"worker listening"/g)).toHaveLength(2);
    expect(service.stderr()).toMatch(/"event":"ready","workers":2/);
  });

  it('spreads requests over both workers, which accept each other`s tokens', async () => {
    const token = await signIn(url);
    const pids = await pidsAnswering(url, token, (p) => p.size >= 2);
    expect(pids.size).toBe(2);
  }, 60_000);

  it('each worker keeps at most its cap of sockets from one address and closes the rest at once', async () => {
    const token = await signIn(url);
    // Silent sockets from one address (not the other tests' own, so their connections are not counted
    // with these). The primary hands each connection to a worker that has acknowledged its last one, so
    // under load the two shares are uneven: a + b = 5 x PER_ADDRESS, not 2.5 x PER_ADDRESS each.
    const flood = await openIdle(url, '127.0.0.3', 5 * PER_ADDRESS);
    try {
      // Each worker keeps min(its share, PER_ADDRESS) and closes the rest at once, so the service keeps
      // more than one cap's worth and at most two: one cap for the whole service would keep PER_ADDRESS.
      for (let i = 0; i < 150 && flood.closedByServer() < 3 * PER_ADDRESS; i++)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200));
      const kept = 5 * PER_ADDRESS - flood.closedByServer();
      expect(kept).toBeGreaterThan(PER_ADDRESS);
      expect(kept).toBeLessThanOrEqual(2 * PER_ADDRESS);
      // Another address is served meanwhile.
      expect((await pricing(url, token)).status).toBe(200);
    } finally {
      for (const s of flood.sockets) s.destroy();
    }
  }, 60_000);

  it('replaces a killed worker, logs the death, and serves from the new one', async () => {
    const token = await signIn(url);
    const before = await pidsAnswering(url, token, (p) => p.size >= 2);
    const victim = [...before][0] as number;
    const from = service.stderr().length;
    process.kill(victim, 'SIGKILL');
    const death = await service.logged(/"event":"worker died; replacing it"/, from);
    expect(JSON.parse(death)).toMatchObject({ level: 'warn', pid: victim, signal: 'SIGKILL' });
    await service.logged(/"event":"worker listening"/, from, 120_000);
    const after = await pidsAnswering(url, token, (p) => p.size >= 2);
    expect(after.size).toBe(2);
    expect(after.has(victim)).toBe(false);
  }, 180_000);

  it('SIGTERM: a request in flight gets its answer, then every process exits 0', async () => {
    const token = await signIn(url);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${url}/DaaS/jobpricing`,
        {
          method: 'POST',
          agent: false,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"JobTitle":');
      // The rest of the body arrives after the shutdown has begun.
      setTimeout(() => req.end('"Accountant"}'), 1_000);
    });
    await new Promise((r) => setTimeout(r, 300));
    const from = service.stderr().length;
    service.child.kill('SIGTERM');
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ Code: 1 });
    expect(await service.exited).toBe(0);
    expect(
      service
        .stderr()
        .slice(from)
        .match(/"reason":"asked by the primary"/g),
    ).toHaveLength(2);
  }, 60_000);
});
