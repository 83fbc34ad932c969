import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, type Harness, type TestClient } from '../support/harness';

/**
 * D18's candidate routes share the pricing routes' transport (D14), auth and operations (D15), CORS
 * (D16) and rate limit, and D21's limits stop a request before the engine does any matching work.
 * Over loopback with an engine double that records its calls.
 */

const ORIGIN = 'https://localhost:3000';
const PRICING_ONLY: TestClient = {
  id: 'pricing-only',
  secret: 'pricing-only-secret-0123456789',
  operations: ['jobpricing', 'batchjobpricing'],
};
const MATCH_ONLY: TestClient = {
  id: 'match-only',
  secret: 'match-only-secret-0123456789',
  operations: ['jobmatch'],
};

describe('D18 routes: transport, auth, CORS (D14-D16)', () => {
  let h: Harness;
  let engine: EngineDouble;
  beforeAll(async () => {
    engine = new EngineDouble();
    h = await startHarness(engine, [FULL_CLIENT, PRICING_ONLY, MATCH_ONLY], {
      bodyLimitBytes: 4096,
      corsOrigins: [ORIGIN],
    });
  });
  afterAll(() => h.close());

  it('POST /DaaS/jobmatch and /DaaS/batchjobmatch answer 200 with the envelope; paths match case-insensitively', async () => {
    const single = await h.post('/DaaS/jobmatch', { JobTitle: 'Accountant', MaxCandidates: 1 });
    expect(single.status).toBe(200);
    expect(single.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await single.json()).toEqual({
      Code: 1,
      Data: {
        Candidates: [
          {
            MatchedJobCode: '99-0001.00',
            MatchedJobTitle: 'Accountant A',
            MatchScore: 0.9,
            JobFamilyName: 'Test Family',
            MatchRating: 'Probable',
          },
        ],
      },
    });
    const batch = await h.post('/daas/BATCHJOBMATCH', [{ SubRequestID: 'x', JobTitle: 'zzqx' }]);
    expect(await batch.json()).toEqual({ Code: 1, Data: [{ SubRequestID: 'x', Candidates: [] }] });
  });

  it('D18: MaxCandidates reaches the engine, 5 when not sent', async () => {
    engine.candidateCalls.length = 0;
    await h.post('/DaaS/jobmatch', { JobTitle: 'Accountant' });
    await h.post('/DaaS/batchjobmatch', [{ SubRequestID: 'a', JobTitle: 'Nurse', MaxCandidates: 10 }]);
    expect(engine.candidateCalls.map((c) => c.maxCandidates)).toEqual([5, 10]);
  });

  it('D14: no token → 401 with a Bearer challenge; a bad token → 401 invalid_token', async () => {
    for (const path of ['/DaaS/jobmatch', '/DaaS/batchjobmatch']) {
      const missing = await h.post(path, { JobTitle: 'Accountant' }, { token: null });
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="jobprice"');
      expect(await missing.json()).toEqual({ Code: -1, Message: 'Missing access token' });
      const bad = await h.post(path, { JobTitle: 'Accountant' }, { token: 'not-a-token' });
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    }
  });

  it('D14/D15: jobmatch and batchjobmatch are operations of their own: 403 for credentials without them', async () => {
    const token = await h.token(PRICING_ONLY);
    for (const [path, body] of [
      ['/DaaS/jobmatch', { JobTitle: 'Accountant' }],
      ['/DaaS/batchjobmatch', [{ SubRequestID: 'a', JobTitle: 'Accountant' }]],
    ] as const) {
      const res = await h.post(path, body, { token });
      expect(res.status).toBe(403);
      expect(res.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
      expect(await res.json()).toEqual({
        Code: -1,
        Message: 'The credentials do not include this operation',
      });
    }
    expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(200);
    const matchOnly = await h.token(MATCH_ONLY);
    expect((await h.post('/DaaS/jobmatch', { JobTitle: 'Accountant' }, { token: matchOnly })).status).toBe(
      200,
    );
    expect(
      (await h.post('/DaaS/batchjobmatch', [{ SubRequestID: 'a', JobTitle: 'A' }], { token: matchOnly }))
        .status,
    ).toBe(403);
    expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token: matchOnly })).status).toBe(
      403,
    );
  });

  it('D14: not JSON → 400; over the body limit → 413; GET → 405 with Allow', async () => {
    const notJson = await h.post('/DaaS/jobmatch', undefined, { raw: '{"JobTitle":' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ Code: -1, Message: 'Request body is not valid JSON' });
    const big = await h.post('/DaaS/batchjobmatch', undefined, { raw: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ Code: -1, Message: 'Request body exceeds the limit of 4096 bytes' });
    const get = await fetch(`${h.url}/DaaS/jobmatch`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('5xx: an engine fault answers 500 without details', async () => {
    const res = await h.post('/DaaS/jobmatch', { JobTitle: 'explode' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ Code: -1, Message: 'Internal server error' });
  });

  it('D16: preflight from a trusted origin is allowed, from another refused; answers echo only a trusted origin', async () => {
    const preflight = (origin: string, path: string): Promise<Response> =>
      fetch(`${h.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
    for (const path of ['/DaaS/jobmatch', '/DaaS/batchjobmatch']) {
      const ok = await preflight(ORIGIN, path);
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
      const evil = await preflight('https://evil.example', path);
      expect(evil.status).toBe(403);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    }
    const answer = await h.post(
      '/DaaS/jobmatch',
      { JobTitle: 'Accountant' },
      { headers: { Origin: ORIGIN } },
    );
    expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('D21: an over-long text is refused before the engine is called (no matching work)', async () => {
    engine.calls.length = 0;
    engine.candidateCalls.length = 0;
    const title = 'T'.repeat(201);
    expect(await (await h.post('/DaaS/jobmatch', { JobTitle: title })).json()).toEqual({
      Code: -1,
      Message: 'JobTitle is too long (at most 200 characters).',
    });
    expect(await (await h.post('/DaaS/jobpricing', { JobTitle: title })).json()).toEqual({
      Code: -1,
      Message: 'JobTitle is too long (at most 200 characters).',
    });
    const long = [
      { SubRequestID: 's'.repeat(101), JobTitle: 'Accountant' },
      { SubRequestID: 'c', JobTitle: 'Accountant', CompanyName: 'C'.repeat(201) },
      { SubRequestID: 'd', JobTitle: 'Accountant', JobDesc: 'D'.repeat(3000) },
    ];
    await h.post('/DaaS/batchjobmatch', long);
    await h.post('/DaaS/batchjobpricing', long);
    // Only the 3,000-character description is within its limit, and only it reached the engine.
    expect(engine.candidateCalls.map((c) => c.spec.description.length)).toEqual([3000]);
    expect(engine.calls.map((c) => c.spec.description.length)).toEqual([3000]);
  });
});

describe('D18 routes: rate limit shared with pricing', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(new EngineDouble(), [FULL_CLIENT], { rateLimit: { ratePerSecond: 1, burst: 3 } });
  });
  afterAll(() => h.close());

  it('D14: one bucket per client across pricing and candidates: past the burst, 429 with Retry-After', async () => {
    const token = await h.token();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (const path of ['/DaaS/jobpricing', '/DaaS/jobmatch', '/DaaS/jobpricing', '/DaaS/jobmatch']) {
      last = await h.post(path, { JobTitle: 'Accountant' }, { token });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await last?.json()).toEqual({ Code: -1, Message: 'Too many requests' });
    h.advance(1500);
    expect(
      (await h.post('/DaaS/batchjobmatch', [{ SubRequestID: 'a', JobTitle: 'A' }], { token })).status,
    ).toBe(200);
  });
});
