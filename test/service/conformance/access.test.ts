import { COMP_FIELDS, BONUS_FIELDS, SALARY_FIELDS } from '../../../src/api/wire';
import { MSG } from '../../../src/domain/messages';
import type { PricingEngine } from '../../../src/service/contracts';
import { FULL_CLIENT, startHarness, type Harness, type TestClient } from '../support/harness';
import { realEngine } from './real-service';

/** Conformance of transport, auth and scope (D14, D15, D16) over loopback with the real engine. */

type Json = Record<string, unknown>;

const STATE_ONLY: TestClient = {
  id: 'state-only',
  secret: 'state-only-secret-0123456789',
  scope: { countries: ['USA'], finestGeography: 'state', industries: 'all', includeCompAndBonus: true },
};
const NATIONAL_ONLY: TestClient = {
  id: 'national-only',
  secret: 'national-only-secret-0123456789',
  scope: { countries: ['USA'], finestGeography: 'national', industries: 'all', includeCompAndBonus: true },
};
const NO_COMP: TestClient = {
  id: 'no-comp',
  secret: 'no-comp-secret-0123456789',
  scope: { countries: ['USA'], finestGeography: 'metro', industries: 'all', includeCompAndBonus: false },
};
const FINANCE_ONLY: TestClient = {
  id: 'finance-only',
  secret: 'finance-only-secret-0123456789',
  scope: { countries: ['USA'], finestGeography: 'metro', industries: ['52'], includeCompAndBonus: true },
};
const CANADA_ONLY: TestClient = {
  id: 'canada-only',
  secret: 'canada-only-secret-0123456789',
  scope: { countries: ['CAN'], finestGeography: 'metro', industries: 'all', includeCompAndBonus: true },
};
const SINGLE_ONLY: TestClient = { ...FULL_CLIENT, id: 'single-only', operations: ['jobpricing'] };
const ORIGIN = 'https://localhost:3000';

let engine: PricingEngine;
let h: Harness;
beforeAll(async () => {
  engine = await realEngine();
  h = await startHarness(engine, [
    FULL_CLIENT,
    STATE_ONLY,
    NATIONAL_ONLY,
    NO_COMP,
    FINANCE_ONLY,
    CANADA_ONLY,
    SINGLE_ONLY,
  ]);
}, 180_000);
afterAll(() => h?.close());

async function priceAs(
  client: TestClient,
  job: Json,
): Promise<{ Code: number; Data?: Json; Message?: string }> {
  const res = await h.post('/DaaS/jobpricing', job, { token: await h.token(client) });
  expect(res.status).toBe(200);
  return (await res.json()) as { Code: number; Data?: Json; Message?: string };
}

const METRO_JOB = { JobTitle: 'Software Engineer', DataScope: { State: 'CA', City: 'San Francisco' } };

describe('D15: tokens', () => {
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const creds = {
    grant_type: 'client_credentials',
    client_id: FULL_CLIENT.id,
    client_secret: FULL_CLIENT.secret,
  };

  it('D15: client credentials as a form, as JSON and with HTTP Basic each give a working Bearer token', async () => {
    const answers = [
      await fetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: form,
        body: new URLSearchParams(creds),
      }),
      await fetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(creds),
      }),
      await fetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: {
          ...form,
          Authorization: `Basic ${Buffer.from(`${FULL_CLIENT.id}:${FULL_CLIENT.secret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      const body = (await res.json()) as Json;
      expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
      const priced = await h.post('/DaaS/jobpricing', METRO_JOB, { token: body['access_token'] as string });
      expect(((await priced.json()) as Json)['Code']).toBe(1);
    }
  });

  it('D15: a wrong secret → 401 invalid_client; another grant → 400 unsupported_grant_type', async () => {
    const wrong = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ ...creds, client_secret: 'x' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ ...creds, grant_type: 'password' }),
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('D14/D15: an expired token → 401 with WWW-Authenticate: Bearer error="invalid_token"', async () => {
    const token = await h.token();
    h.advance(3601_000);
    try {
      const res = await h.post('/DaaS/jobpricing', METRO_JOB, { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
      expect(await res.json()).toEqual({ Code: -1, Message: 'Access token expired' });
    } finally {
      h.advance(-3601_000);
    }
  });
});

describe('D15: the data scope of the credentials', () => {
  it('D15: a state-only client asking for a metro gets state-level data, and DataScope_ says so', async () => {
    const full = await priceAs(FULL_CLIENT, METRO_JOB);
    const capped = await priceAs(STATE_ONLY, METRO_JOB);
    expect(full.Data?.['DataScope_Region']).toMatch(/San Francisco/);
    expect(capped.Code).toBe(1);
    expect(capped.Data).toMatchObject({
      DataScope_Region: 'California',
      DataScope_State: 'CA',
      DataScope_City: '',
    });
    const stateAsked = await priceAs(FULL_CLIENT, {
      JobTitle: 'Software Engineer',
      DataScope: { State: 'CA' },
    });
    expect(capped.Data?.['Salary50']).toBe(stateAsked.Data?.['Salary50']);
  });

  it('D15: a national-only client gets United States for any location', async () => {
    const capped = await priceAs(NATIONAL_ONLY, METRO_JOB);
    expect(capped.Data).toMatchObject({
      DataScope_Region: 'United States',
      DataScope_State: '',
      DataScope_City: '',
    });
  });

  it('D15: a client without Comp/Bonus gets no Comp* or BonusTarget* fields, Salary* still present', async () => {
    const d = (await priceAs(NO_COMP, METRO_JOB)).Data as Json;
    for (const f of [...COMP_FIELDS, ...BONUS_FIELDS]) expect(d).not.toHaveProperty(f);
    for (const f of SALARY_FIELDS) expect(typeof d[f]).toBe('number');
    const res = await h.post('/DaaS/batchjobpricing', [{ SubRequestID: '1', ...METRO_JOB }], {
      token: await h.token(NO_COMP),
    });
    const item = ((await res.json()) as { Data: Json[] }).Data[0] as Json;
    for (const f of [...COMP_FIELDS, ...BONUS_FIELDS]) expect(item).not.toHaveProperty(f);
  });

  it('D15: an industry outside the credentials is answered as All Industries; one inside is applied', async () => {
    const outside = await priceAs(FINANCE_ONLY, { JobTitle: 'Accountant', DataScope: { NAICSCode: '51' } });
    expect(outside.Data).toMatchObject({
      DataScope_IndustryCode: '',
      DataScope_IndustryName: 'All Industries',
    });
    const inside = await priceAs(FINANCE_ONLY, { JobTitle: 'Accountant', DataScope: { NAICSCode: '52' } });
    expect(inside.Data?.['DataScope_IndustryCode']).toBe('52');
  });

  it('D15: a country the credentials do not cover → Code -1 No data for country <code>', async () => {
    expect(await priceAs(CANADA_ONLY, { JobTitle: 'Accountant', DataScope: { CountryCode: 'USA' } })).toEqual(
      {
        Code: -1,
        Message: MSG.noDataForCountry('USA'),
      },
    );
  });
});

describe('D14: transport statuses', () => {
  it('D14: a body that is not JSON → 400 with the envelope', async () => {
    const res = await h.post('/DaaS/jobpricing', null, { raw: 'JobTitle=Accountant' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Code: -1, Message: 'Request body is not valid JSON' });
  });

  it('D14: no token → 401 with WWW-Authenticate: Bearer; a bad one → error="invalid_token"', async () => {
    const none = await h.post('/DaaS/batchjobpricing', [], { token: null });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const bad = await h.post('/DaaS/jobpricing', METRO_JOB, { token: 'abc.def.ghi' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('D14: an operation the credentials do not include → 403', async () => {
    const res = await h.post('/DaaS/batchjobpricing', [{ SubRequestID: '1', JobTitle: 'Accountant' }], {
      token: await h.token(SINGLE_ONLY),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ Code: -1, Message: 'The credentials do not include this operation' });
    expect((await priceAs(SINGLE_ONLY, METRO_JOB)).Code).toBe(1);
  });

  it('D14: a 2 MB body over the default 1 MB limit → 413 with the envelope', async () => {
    const many = JSON.stringify(
      Array.from({ length: 150 }, (_, i) => ({
        SubRequestID: `R${i}`,
        JobTitle: 'Accountant',
        JobDesc: 'x'.repeat(14_000),
      })),
    );
    expect(Buffer.byteLength(many)).toBeGreaterThan(2 * 1024 * 1024);
    const res = await h.post('/DaaS/batchjobpricing', null, { raw: many });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      Code: -1,
      Message: 'Request body exceeds the limit of 1048576 bytes',
    });
  });

  it('D14: rate limited → 429 with Retry-After in seconds', async () => {
    const limited = await startHarness(engine, [FULL_CLIENT], {
      // Slow enough that no refill lands between the three calls, however loaded the machine is.
      rateLimit: { ratePerSecond: 0.05, burst: 2 },
    });
    try {
      const token = await limited.token();
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i++) {
        last = await limited.post('/DaaS/jobpricing', METRO_JOB, { token });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last?.headers.get('retry-after')).toBe('20');
      expect(await last?.json()).toEqual({ Code: -1, Message: 'Too many requests' });
    } finally {
      await limited.close();
    }
  });
});

describe('D16: CORS', () => {
  const preflight = (origin: string): Promise<Response> =>
    fetch(`${h.url}/DaaS/batchjobpricing`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'Authorization, Content-Type',
      },
    });

  it('D16: the trusted origin (https://localhost:3000 by default) passes preflight', async () => {
    const res = await preflight(ORIGIN);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });

  it('D16: another origin is denied (no Access-Control-Allow-Origin)', async () => {
    const res = await preflight('https://attacker.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.status).toBe(403);
  });
});

describe('the service log', () => {
  it('D15: after all of the above, no log line holds a client secret or an access token', async () => {
    const log = h.logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const c of [FULL_CLIENT, STATE_ONLY, NATIONAL_ONLY, NO_COMP, FINANCE_ONLY, CANADA_ONLY])
      expect(log).not.toContain(c.secret);
    for (const c of [FULL_CLIENT, STATE_ONLY, NO_COMP])
      expect(log).not.toContain((await h.token(c)).split('.')[2]);
    expect(log).not.toMatch(/Bearer [A-Za-z0-9]/);
  });
});
