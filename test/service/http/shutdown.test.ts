import { request } from 'node:http';
import { EngineDouble } from '../support/engine-double';
import { startHarness } from '../support/harness';

describe('graceful shutdown', () => {
  it('close() lets a request already in flight finish with its answer, then stops listening', async () => {
    const h = await startHarness(new EngineDouble());
    const token = await h.token();
    // Shutdown begins once the server has the request in hand, not after a fixed wait: on a loaded machine
    // 30 ms was sometimes too short, and a request the server had not yet seen rightly got a 503.
    const received = new Promise<void>((r) => h.service.server.once('request', () => r()));
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${h.url}/DaaS/jobpricing`,
        { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"JobTitle":');
      // The rest of the body arrives after shutdown has begun.
      setTimeout(() => req.end('"Accountant"}'), 100);
    });
    await received;
    const closed = h.service.close(5_000);
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ Code: 1 });
    await closed;
    expect(h.service.server.listening).toBe(false);
    await expect(fetch(`${h.url}/health`)).rejects.toThrow();
  });
});
