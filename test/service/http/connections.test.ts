import { connect } from 'node:net';
import { request } from 'node:http';
import { defaultConnectionLimits } from '../../../src/service/http/connections';
import { EngineDouble } from '../support/engine-double';
import { startHarness, type Harness } from '../support/harness';
import { openIdle, type Idle } from '../support/idle-sockets';

/**
 * docs/service.md "Security": idle sockets cannot take the service from everyone else. Small limits are
 * set for the test (the defaults follow the open-file limit); the behaviour is the same.
 */

function health(url: string, localAddress: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(`${url}/health`, { localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.setTimeout(3000, () => req.destroy(new Error('no answer within 3 s')));
    req.on('error', fail);
    req.end();
  });
}

const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until(predicate: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate() && Date.now() < end) await settle(20);
}

describe('idle connections', () => {
  let h: Harness;
  let idle: Idle[];
  beforeEach(() => {
    idle = [];
  });
  afterEach(async () => {
    for (const group of idle) for (const s of group.sockets) s.destroy();
    await h.close();
  });

  it('one address holds at most maxPerAddress sockets; the rest are closed at once and another client is served', async () => {
    h = await startHarness(new EngineDouble(), undefined, {
      connections: { maxPerAddress: 20, maxConnections: 200 },
    });
    const flood = await openIdle(h.url, '127.0.0.2', 60);
    idle.push(flood);
    await until(() => flood.closedByServer() >= 40, 3000);
    expect(flood.closedByServer()).toBe(40);
    expect(await health(h.url, '127.0.0.3')).toBe(200);
    // The same address may connect again once its sockets are gone.
    for (const s of flood.sockets) s.destroy();
    await settle(100);
    expect(await health(h.url, '127.0.0.2')).toBe(200);
  });

  it('under pressure, sockets silent past the grace are closed, oldest first, so newcomers get in', async () => {
    h = await startHarness(new EngineDouble(), undefined, {
      connections: { maxPerAddress: 100, maxConnections: 40, idleGraceMs: 200 },
    });
    const early = await openIdle(h.url, '127.0.0.2', 25);
    idle.push(early);
    await settle(300); // older than the grace
    const late = await openIdle(h.url, '127.0.0.3', 8); // 33 open: past three quarters of 40
    idle.push(late);
    await until(() => early.closedByServer() === 25, 3000);
    expect(early.closedByServer()).toBe(25);
    expect(late.closedByServer()).toBe(0); // within the grace: not idle yet
    expect(await health(h.url, '127.0.0.4')).toBe(200);
  });
});

describe('a flood of silent sockets that arrives at once', () => {
  it('reaching maxConnections, its sockets are closed once past the grace, with no later connection to prompt it', async () => {
    const h = await startHarness(new EngineDouble(), undefined, {
      connections: { maxPerAddress: 100, maxConnections: 40, idleGraceMs: 300 },
    });
    const floods: Idle[] = [];
    try {
      for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'])
        floods.push(await openIdle(h.url, address, 12));
      const closed = (): number => floods.reduce((n, f) => n + f.closedByServer(), 0);
      // 8 dropped at the cap; of the 40 held, enough closed past the grace to fall below three quarters.
      await until(() => closed() > 8 + 10, 3000);
      expect(closed()).toBeGreaterThan(8 + 10);
      expect(await health(h.url, '127.0.0.6')).toBe(200);
    } finally {
      for (const f of floods) for (const s of f.sockets) s.destroy();
      await h.close();
    }
  });
});

describe('the header and request timeouts hold as configured (Node checks them every checkIntervalMs)', () => {
  let h: Harness;
  afterEach(() => h.close());

  const timedClose = (url: string, send: string): Promise<{ ms: number; answer: string }> => {
    const { hostname, port } = new URL(url);
    return new Promise((done) => {
      const started = Date.now();
      let answer = '';
      const s = connect({ host: hostname, port: Number(port) }, () => s.write(send));
      s.on('data', (d: Buffer) => (answer += d.toString()));
      s.on('error', () => undefined);
      s.once('close', () => done({ ms: Date.now() - started, answer }));
      setTimeout(() => s.destroy(), 5000).unref();
    });
  };

  it('headers not complete after headersTimeoutMs, or a body not complete after requestTimeoutMs: 408 and closed', async () => {
    h = await startHarness(new EngineDouble(), undefined, {
      connections: { headersTimeoutMs: 400, requestTimeoutMs: 900, checkIntervalMs: 100 },
    });
    const [headers, body] = await Promise.all([
      timedClose(h.url, 'POST /DaaS/jobpricing HTTP/1.1\r\nHost: x\r\n'),
      timedClose(h.url, 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\ngrant_'),
    ]);
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(headers.ms).toBeGreaterThanOrEqual(350);
    expect(headers.ms).toBeLessThan(2000);
    expect(body.ms).toBeGreaterThanOrEqual(850);
    expect(body.ms).toBeLessThan(2500);
  });

  it('the defaults are the documented 10 s and 30 s, checked every second, below the open-file limit', async () => {
    h = await startHarness(new EngineDouble());
    expect(h.service.server).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      maxConnections: defaultConnectionLimits().maxConnections,
    });
    expect(defaultConnectionLimits(20_000)).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      checkIntervalMs: 1_000,
      maxConnections: 16_384,
      maxPerAddress: 256,
    });
    expect(defaultConnectionLimits(4096).maxConnections).toBe(3840);
    expect(defaultConnectionLimits(null).maxConnections).toBe(4096);
  });
});
