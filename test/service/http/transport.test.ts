import { request } from 'node:http';
import { MSG } from '../../../src/domain/messages';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, type Harness } from '../support/harness';

const JSON_TYPE = 'application/json; charset=utf-8';
const ORIGIN = 'https://localhost:3000';

describe('HTTP transport (D14, D16) over loopback with an engine double', () => {
  let h: Harness;
  let engine: EngineDouble;
  const BATCH_ONLY = {
    id: 'batch-only',
    secret: 'batch-only-secret-0123456789',
    operations: ['batchjobpricing'] as const,
  };

  beforeAll(async () => {
    engine = new EngineDouble();
    h = await startHarness(engine, [FULL_CLIENT, BATCH_ONLY], {
      bodyLimitBytes: 4096,
      corsOrigins: [ORIGIN],
    });
  });
  afterAll(() => h.close());

  it('GET /health answers {status:"ok"} without a token', async () => {
    const res = await fetch(`${h.url}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('a priced single job answers 200, Code 1, JSON in UTF-8 with an exact Content-Length', async () => {
    const res = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({
      Code: 1,
      Data: { MatchRating: 'Confident', CurrencyCode: 'USD' },
    });
  });

  it('unknown path → 404 envelope; wrong method → 405 with Allow', async () => {
    const missing = await fetch(`${h.url}/DaaS/nothing`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ Code: -1, Message: 'Not found' });
    const wrong = await fetch(`${h.url}/DaaS/jobpricing`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await wrong.json()).toEqual({ Code: -1, Message: 'Method not allowed' });
  });

  it('HEAD /health, OPTIONS * and a plain OPTIONS answer without a body; paths match case-insensitively', async () => {
    const head = await fetch(`${h.url}/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const star = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: new URL(h.url).port, method: 'OPTIONS', path: '*' },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(star).toEqual({ status: 204, allow: 'GET, POST, OPTIONS' });
    const plain = await fetch(`${h.url}/DaaS/jobpricing`, { method: 'OPTIONS' });
    expect(plain.status).toBe(204);
    expect(plain.headers.get('allow')).toBe('POST, OPTIONS');
    const lower = await h.post('/daas/JOBPRICING?x=1', { JobTitle: 'Accountant' });
    expect(((await lower.json()) as { Code: number }).Code).toBe(1);
  });

  it('D14: a body that is not JSON → 400 with the envelope', async () => {
    for (const raw of ['{"JobTitle":', '', 'JobTitle=Accountant', Buffer.from([0x7b, 0xff, 0x7d])]) {
      const res = await h.post('/DaaS/jobpricing', null, { raw });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      expect(await res.json()).toEqual({ Code: -1, Message: 'Request body is not valid JSON' });
    }
  });

  it('D14: a JSON body that is not an object is a business failure (200, Code -1), not a 400', async () => {
    const res = await h.post('/DaaS/jobpricing', ['Accountant']);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Code: -1, Message: MSG.serviceFailed });
  });

  it('D14: a missing token → 401 with WWW-Authenticate: Bearer and no error code', async () => {
    const res = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token: null });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="jobprice"');
    expect(await res.json()).toEqual({ Code: -1, Message: 'Missing access token' });
  });

  it('D14: an invalid or tampered token → 401 with error="invalid_token"', async () => {
    const good = await h.token();
    const [head, payload, sig] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${sig}`;
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const token of ['not-a-token', forged, unsigned, `${good}x`]) {
      const res = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="jobprice", error="invalid_token"/);
      expect(await res.json()).toEqual({ Code: -1, Message: 'Invalid access token' });
    }
    const basic = await fetch(`${h.url}/DaaS/jobpricing`, {
      method: 'POST',
      headers: { Authorization: 'Basic eDp5' },
      body: '{}',
    });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBe('Bearer realm="jobprice"');
  });

  it('D14/D15: an expired token → 401 with error="invalid_token" and "expired"', async () => {
    const res = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: FULL_CLIENT.id,
        client_secret: FULL_CLIENT.secret,
      }),
    });
    const { access_token, expires_in } = (await res.json()) as { access_token: string; expires_in: number };
    expect(expires_in).toBe(3600);
    expect(
      (await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token: access_token })).status,
    ).toBe(200);
    h.advance(3600 * 1000);
    try {
      const late = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token: access_token });
      expect(late.status).toBe(401);
      expect(late.headers.get('www-authenticate')).toBe(
        'Bearer realm="jobprice", error="invalid_token", error_description="The access token expired"',
      );
      expect(await late.json()).toEqual({ Code: -1, Message: 'Access token expired' });
    } finally {
      h.advance(-3600 * 1000);
    }
  });

  it('D14: an operation the credentials do not include → 403', async () => {
    const token = await h.token(BATCH_ONLY);
    const single = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token });
    expect(single.status).toBe(403);
    expect(single.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect(await single.json()).toEqual({
      Code: -1,
      Message: 'The credentials do not include this operation',
    });
    const batch = await h.post('/DaaS/batchjobpricing', [{ SubRequestID: '1', JobTitle: 'Accountant' }], {
      token,
    });
    expect(batch.status).toBe(200);
  });

  it('D14: a body over the limit → 413, declared by Content-Length', async () => {
    const big = JSON.stringify({ JobTitle: 'Accountant', JobDesc: 'x'.repeat(10_000) });
    const res = await h.post('/DaaS/jobpricing', null, { raw: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ Code: -1, Message: 'Request body exceeds the limit of 4096 bytes' });
  });

  it('D14: a chunked body over the limit → 413, measured while streaming', async () => {
    const token = await h.token();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${h.url}/DaaS/jobpricing`,
        { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write('x'.repeat(1000));
      req.end();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ Code: -1, Message: 'Request body exceeds the limit of 4096 bytes' });
  });

  it('a body at the limit is accepted', async () => {
    const prefix = '{"JobTitle":"Accountant","JobDesc":"';
    const raw = `${prefix}${'x'.repeat(4096 - prefix.length - 2)}"}`;
    expect(Buffer.byteLength(raw)).toBe(4096);
    const res = await h.post('/DaaS/jobpricing', null, { raw });
    expect(res.status).toBe(200);
  });

  it('5xx: an unexpected fault answers 500 with a plain envelope and logs the stack server-side', async () => {
    const res = await h.post('/DaaS/jobpricing', { JobTitle: 'explode' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ Code: -1, Message: 'Internal server error' });
    expect(text).not.toMatch(/secret|engine fault|at /);
    const logged = h.logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l['event'] === 'unexpected fault');
    expect(JSON.stringify(logged)).toMatch(/engine fault with internal detail/);
    expect(JSON.stringify(logged)).toMatch(/stack/);
  });

  describe('D16 CORS', () => {
    const preflight = (origin: string, path = '/DaaS/jobpricing'): Promise<Response> =>
      fetch(`${h.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });

    it('D16: a preflight from a trusted origin is allowed with methods, headers and max-age', async () => {
      const res = await preflight(ORIGIN);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(res.headers.get('vary')).toMatch(/Origin/);
      const token = await preflight(ORIGIN, '/oauth/token');
      expect(token.status).toBe(204);
    });

    it('D16: a preflight from another origin gets no Access-Control-Allow-* headers', async () => {
      const res = await preflight('https://evil.example');
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    });

    it('D16: actual responses echo only a trusted origin, always Vary: Origin, and expose Retry-After and the data source', async () => {
      const trusted = await h.post(
        '/DaaS/jobpricing',
        { JobTitle: 'Accountant' },
        { headers: { Origin: ORIGIN } },
      );
      expect(trusted.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(trusted.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
      expect(trusted.headers.get('access-control-expose-headers')).toMatch(/JobPrice-Data-Source/);
      expect(trusted.headers.get('jobprice-data-source')).toBe(
        'BLS OEWS and O*NET (JobPrice reference service)',
      );
      expect(trusted.headers.get('vary')).toBe('Origin');
      const other = await h.post(
        '/DaaS/jobpricing',
        { JobTitle: 'Accountant' },
        { headers: { Origin: 'https://evil.example' } },
      );
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect(other.headers.get('vary')).toBe('Origin');
      const unauth = await h.post('/DaaS/jobpricing', {}, { token: null, headers: { Origin: ORIGIN } });
      expect(unauth.status).toBe(401);
      expect(unauth.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    });
  });
});

describe('D14: rate limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(new EngineDouble(), [FULL_CLIENT], { rateLimit: { ratePerSecond: 1, burst: 3 } });
  });
  afterAll(() => h.close());

  it('D14: past the burst a client gets 429 with Retry-After in seconds; the bucket refills', async () => {
    const token = await h.token();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await last?.json()).toEqual({ Code: -1, Message: 'Too many requests' });
    h.advance(1500);
    expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(200);
  });
});
