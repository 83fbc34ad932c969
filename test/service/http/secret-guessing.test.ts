import { request } from 'node:http';
import { JobMarketClient } from '../../../src/api/client';
import { apiErrorOf } from '../../api/fixtures';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, type Harness, type TestClient } from '../support/harness';

/**
 * docs/service.md "Security": wrong secrets are throttled per (client id, address), with a slower per-id
 * backstop, so nobody who lacks the secret can lock a client out; unknown ids are counted the same way;
 * malformed requests do not spend the budget of valid ones; and a refused attempt is logged with its
 * client id and address, never its secret.
 */

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

describe('wrong secrets are throttled per (client id, address), over HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness(new EngineDouble(), [FULL_CLIENT, OTHER], {
      rateLimit: null,
      signInThrottle: {
        perAddress: { limit: 3, windowSeconds: 60 },
        perClient: { limit: 5, windowSeconds: 600 },
        knownForSeconds: 3600,
        failingAddress: { limit: 5, windowSeconds: 300 },
      },
    });
  });
  afterEach(() => h.close());

  const right = (): Record<string, string> => attempt(FULL_CLIENT.id, FULL_CLIENT.secret);
  const wrong = (): Record<string, string> => attempt(FULL_CLIENT.id, 'not-the-secret-0000');

  it('3 wrong secrets from one address → that address waits (429 + Retry-After, even with the right secret); the right secret from another address succeeds', async () => {
    for (let i = 0; i < 3; i++) expect((await tokenRequest(h, wrong(), '127.0.0.2')).status).toBe(401);
    const locked = await tokenRequest(h, right(), '127.0.0.2');
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(20); // one failure leaves the budget every 20 s
    expect(locked.json).toEqual({
      Code: -1,
      Message: 'Too many failed attempts for this client id from this address; try again later',
    });
    // Nobody who lacks the secret locks the client out: it signs in from its own address.
    expect((await tokenRequest(h, right(), '127.0.0.3')).status).toBe(200);
    expect((await tokenRequest(h, attempt(OTHER.id, OTHER.secret), '127.0.0.2')).status).toBe(200);
    h.advance(21_000);
    expect((await tokenRequest(h, right(), '127.0.0.2')).status).toBe(200);
  });

  it('the per-id backstop: once the id has failed 5 times from anywhere, an address that failed recently waits, a clean address still gets its one try, and the right secret from a clean address succeeds', async () => {
    for (let i = 0; i < 3; i++) await tokenRequest(h, wrong(), '127.0.0.2');
    for (let i = 0; i < 2; i++) expect((await tokenRequest(h, wrong(), '127.0.0.3')).status).toBe(401);
    // 127.0.0.3 has one failure left of its own budget, but the id's budget is spent and .3 failed recently.
    expect((await tokenRequest(h, right(), '127.0.0.3')).status).toBe(429);
    // A clean address may try: a wrong secret is refused with 401, and then that address waits too.
    expect((await tokenRequest(h, wrong(), '127.0.0.4')).status).toBe(401);
    expect((await tokenRequest(h, wrong(), '127.0.0.4')).status).toBe(429);
    expect((await tokenRequest(h, right(), '127.0.0.5')).status).toBe(200);
  });
  it('an unknown client id is throttled the same way (the answers do not tell which ids exist)', async () => {
    const unknown = attempt('no-such-client', 'whatever-secret-000');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await tokenRequest(h, unknown)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await tokenRequest(h, unknown, '127.0.0.2')).status).toBe(401);
  });

  it("the add-in's sign-in, once its address waits, says so and when to try again (no secret in the message)", async () => {
    for (let i = 0; i < 3; i++) await tokenRequest(h, attempt(FULL_CLIENT.id, 'not-the-secret-0000'));
    const client = new JobMarketClient({
      baseUrl: h.url,
      getAccessToken: () => null,
      sleep: async () => undefined,
    });
    const err = await apiErrorOf(() => client.requestToken(FULL_CLIENT.id, FULL_CLIENT.secret));
    expect(err.code).toBe('rate_limited');
    expect(err.message).toMatch(
      /^The service is rate limiting requests \(429\); try again in \d+ s\. The service said: Too many failed attempts for this client id from this address; try again later$/,
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
