import { request } from 'node:http';
import { JobMarketClient } from '../../../src/api/client';
import { FailedAttempts } from '../../../src/service/auth/failed-attempts';
import { apiErrorOf } from '../../api/fixtures';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, type Harness, type TestClient } from '../support/harness';

/**
 * Issue 13 item 5: wrong secrets are throttled per client id (429 + Retry-After after repeated failures
 * in a window, from whatever address), malformed requests do not spend the budget of valid ones, and a
 * refused attempt is logged with its client id and address, never its secret.
 */

describe('FailedAttempts: a sliding window of wrong secrets per client id', () => {
  it('after maxFailures in the window the id waits until the oldest failure leaves it; other ids do not', () => {
    let now = 1_000_000;
    const failures = new FailedAttempts({ maxFailures: 3, windowSeconds: 60 }, () => now);
    failures.recordFailure('acme');
    now += 10_000;
    failures.recordFailure('acme');
    expect(failures.retryAfterSeconds('acme')).toBeNull();
    failures.recordFailure('acme');
    expect(failures.retryAfterSeconds('acme')).toBe(50); // the first failure leaves the window in 50 s
    expect(failures.retryAfterSeconds('other')).toBeNull();
    now += 50_000;
    expect(failures.retryAfterSeconds('acme')).toBeNull();
    failures.recordFailure('acme');
    expect(failures.retryAfterSeconds('acme')).toBe(10);
  });
});

const OTHER: TestClient = { id: 'other-client', secret: 'other-client-secret-0123456789' };

function tokenRequest(
  h: Harness,
  params: Record<string, string>,
  localAddress = '127.0.0.1',
): Promise<{ status: number; retryAfter: string | undefined; json: Record<string, unknown> }> {
  const body = new URLSearchParams(params).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      `${h.url}/oauth/token`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            json: JSON.parse(text) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const attempt = (id: string, secret: string): Record<string, string> => ({
  grant_type: 'client_credentials',
  client_id: id,
  client_secret: secret,
});

describe('wrong secrets are throttled per client id, over HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness(new EngineDouble(), [FULL_CLIENT, OTHER], {
      rateLimit: null,
      failedAttempts: { maxFailures: 3, windowSeconds: 60 },
    });
  });
  afterEach(() => h.close());

  it('3 wrong secrets from three addresses → the id gets 429 with Retry-After, even with the right secret; other clients do not', async () => {
    const wrong = attempt(FULL_CLIENT.id, 'not-the-secret-0000');
    expect((await tokenRequest(h, wrong, '127.0.0.1')).status).toBe(401);
    expect((await tokenRequest(h, wrong, '127.0.0.2')).status).toBe(401);
    expect((await tokenRequest(h, wrong, '127.0.0.3')).status).toBe(401);
    const locked = await tokenRequest(h, attempt(FULL_CLIENT.id, FULL_CLIENT.secret), '127.0.0.4');
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(60);
    expect(locked.json).toEqual({
      Code: -1,
      Message: 'Too many failed attempts for this client id; try again later',
    });
    expect((await tokenRequest(h, attempt(OTHER.id, OTHER.secret))).status).toBe(200);
    h.advance(61_000);
    expect((await tokenRequest(h, attempt(FULL_CLIENT.id, FULL_CLIENT.secret))).status).toBe(200);
  });

  it('an unknown client id is throttled the same way (the answers do not tell which ids exist)', async () => {
    const unknown = attempt('no-such-client', 'whatever-secret-000');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await tokenRequest(h, unknown)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("the add-in's sign-in, once the id is locked, says so and when to try again (no secret in the message)", async () => {
    for (let i = 0; i < 3; i++) await tokenRequest(h, attempt(FULL_CLIENT.id, 'not-the-secret-0000'));
    const client = new JobMarketClient({
      baseUrl: h.url,
      getAccessToken: () => null,
      sleep: async () => undefined,
    });
    const err = await apiErrorOf(() => client.requestToken(FULL_CLIENT.id, FULL_CLIENT.secret));
    expect(err.code).toBe('rate_limited');
    expect(err.message).toMatch(
      /^The service is rate limiting requests \(429\); try again in \d+ s\. The service said: Too many failed attempts for this client id; try again later$/,
    );
    expect(err.message).not.toContain(FULL_CLIENT.secret);
  });

  it('a refused attempt is logged with its client id and address, never its secret', async () => {
    await tokenRequest(h, attempt(FULL_CLIENT.id, 'guessed-secret-XYZ-123'), '127.0.0.2');
    const line = h.logLines.find((l) => l.includes('"event":"token refused"')) ?? '';
    expect(JSON.parse(line)).toMatchObject({
      level: 'warn',
      status: 401,
      clientId: FULL_CLIENT.id,
      address: '127.0.0.2',
      reason: 'wrong secret',
    });
    expect(h.logLines.join('\n')).not.toContain('guessed-secret-XYZ-123');
  });
});

describe('malformed requests do not spend the budget of valid ones', () => {
  it('200 malformed token requests from one address, then a valid one from it still gets its token', async () => {
    const h = await startHarness(new EngineDouble(), [FULL_CLIENT], {
      rateLimit: { ratePerSecond: 1, burst: 5 },
    });
    try {
      const statuses = new Map<number, number>();
      const started = Date.now();
      for (let i = 0; i < 200; i++) {
        const { status } = await tokenRequest(h, { client_id: FULL_CLIENT.id }); // no grant_type
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      // The malformed ones have their own per-address bucket: past its burst they get 429 themselves. The
      // bucket refills at 1 per second, so a slow (shared, loaded) machine lets a few more through.
      const refilled = Math.ceil((Date.now() - started) / 1000);
      const refused = statuses.get(400) ?? 0;
      expect(refused).toBeGreaterThanOrEqual(5);
      expect(refused).toBeLessThanOrEqual(5 + refilled);
      expect(statuses.get(429)).toBe(200 - refused);
      const valid = await tokenRequest(h, attempt(FULL_CLIENT.id, FULL_CLIENT.secret));
      expect(valid.status).toBe(200);
      expect(valid.json['token_type']).toBe('Bearer');
    } finally {
      await h.close();
    }
  });
});
