import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerProbe, type ReadinessCheck } from '../../../src/service/http/probes';
import { EngineDouble } from '../support/engine-double';
import { startHarness, type Harness } from '../support/harness';

describe('GET /healthz and /readyz', () => {
  let h: Harness;
  let storeProblem: string | null = null;
  beforeAll(async () => {
    h = await startHarness(new EngineDouble(), undefined, {
      // One request a second, burst 1: the client is out of budget after its first call.
      rateLimit: { ratePerSecond: 1, burst: 1 },
      readinessChecks: [{ name: 'store', problem: () => storeProblem }],
    });
  });
  afterAll(() => h.close());

  it('answer without a token, as JSON that no cache keeps', async () => {
    for (const path of ['/healthz', '/readyz', '/HEALTHZ?probe=k8s']) {
      const res = await fetch(`${h.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual(path.includes('ready') ? { status: 'ready' } : { status: 'ok' });
    }
    const head = await fetch(`${h.url}/readyz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(`${h.url}/healthz`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('are never rate-limited, and leave the clients budgets alone', async () => {
    const token = await h.token();
    expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(200);
    expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(429);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => fetch(`${h.url}${i % 2 ? '/healthz' : '/readyz'}`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 200 }, () => 200));
  });

  it('/readyz is 503 and names the check that fails; /healthz stays 200', async () => {
    storeProblem = 'unreachable since start-up';
    try {
      const res = await fetch(`${h.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'not ready',
        problems: { store: 'unreachable since start-up' },
      });
      expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    } finally {
      storeProblem = null;
    }
    expect((await fetch(`${h.url}/readyz`)).status).toBe(200);
  });
});

describe('a draining process', () => {
  let server: Server;
  let url: string;
  let draining = false;
  const checks: ReadinessCheck[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!answerProbe(req, res, checks, () => draining)) res.writeHead(418).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('is not ready (so the load balancer stops sending), but alive; other paths are not probes', async () => {
    draining = true;
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'not ready',
      problems: { process: 'draining: shutting down' },
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/health`)).status).toBe(418);
    expect((await fetch(`${url}/readyz/x`)).status).toBe(418);
  });

  it('answers a probe that carries a body without reading it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${url}/healthz`, { method: 'GET', headers: { 'Content-Length': '5' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('hello');
    });
    expect(status).toBe(200);
  });
});
