/** JobMarketClient.matchJob over real HTTP: /DaaS/jobpricing, single-job errors, D3, D4, D5, D7, D13, and protocol errors. */
import { jobSpec } from '../../src/domain/job';
import { BOTH_FTE_AND_REVENUE_PREFIX, MSG } from '../../src/domain/messages';
import { RESULT_FIELDS } from '../../src/api/wire';
import { startScriptedServer, TEST_TOKEN, type ScriptedServer } from '../support/scripted-server';
import { apiErrorOf, resultBody, testClient } from './fixtures';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

describe('/DaaS/jobpricing: match a job', () => {
  test('POSTs the job body with Bearer and JSON headers, and returns the result', async () => {
    const { client } = testClient(server);
    const spec = jobSpec({
      title: 'Software Developers',
      description: 'Builds web services',
      company: 'Acme',
      scope: { state: 'WA', city: 'Seattle', naics: '5112', fte: 250 },
    });
    const outcome = await client.matchJob(spec);

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/DaaS/jobpricing');
    expect(req.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(req.headers['content-type']).toBe('application/json');
    // Every field is sent; unused text "", unused number 0 (docs/api.md "A job (request)").
    expect(req.body).toEqual({
      JobTitle: 'Software Developers',
      JobDesc: 'Builds web services',
      CompanyName: 'Acme',
      DataScope: {
        CountryCode: '',
        State: 'WA',
        City: 'Seattle',
        ZipCode: '',
        NAICSCode: '5112',
        FTEValue: 250,
        Revenue: 0,
      },
    });

    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.MatchRating).toBe('Confident');
    expect(outcome.result.DataScope_FTERange).toBe('100-499');
    expect(typeof outcome.result.Salary50).toBe('number');
    expect(Object.keys(outcome.result).every((k) => (RESULT_FIELDS as readonly string[]).includes(k))).toBe(
      true,
    );
  });

  test('trailing slash in baseUrl is tolerated (no "//" in the path)', async () => {
    const { client } = testClient(server, { baseUrl: `${server.url}/` });
    await client.matchJob(jobSpec({ title: 'Nurse' }));
    expect(server.requests[0]!.path).toBe('/DaaS/jobpricing');
  });

  test('the access token provider is asked on every call and may be async', async () => {
    let calls = 0;
    const { client } = testClient(server, {
      getAccessToken: async () => {
        calls++;
        return TEST_TOKEN;
      },
    });
    await client.matchJob(jobSpec({ title: 'Nurse' }));
    await client.matchJob(jobSpec({ title: 'Nurse' }));
    expect(calls).toBe(2);
  });
});

describe('single-job errors (D14: HTTP 200, Code -1) are outcomes, not exceptions', () => {
  test('D4 required fields missing → failure(service, "Get the service failed.")', async () => {
    const { client } = testClient(server);
    const outcome = await client.matchJob(jobSpec({ title: '   ' }));
    expect(outcome).toEqual({ ok: false, kind: 'service', message: MSG.serviceFailed });
  });

  test('D7 location incomplete → failure(service, "Location request is incomplete")', async () => {
    const { client } = testClient(server);
    const outcome = await client.matchJob(jobSpec({ title: 'Nurse', scope: { city: 'Springfield' } }));
    expect(outcome).toEqual({ ok: false, kind: 'service', message: MSG.locationIncomplete });
  });

  test('D5 both FTEValue and Revenue → the message starting with the documented prefix', async () => {
    const { client } = testClient(server);
    const outcome = await client.matchJob(jobSpec({ title: 'Nurse', scope: { fte: 10, revenue: 1e6 } }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.kind).toBe('service');
    expect(outcome.message.startsWith(BOTH_FTE_AND_REVENUE_PREFIX)).toBe(true);
  });

  test('D3 no matching job → failure(service, "No matching job found")', async () => {
    const { client } = testClient(server);
    const outcome = await client.matchJob(jobSpec({ title: 'No such job' }));
    expect(outcome).toEqual({ ok: false, kind: 'service', message: MSG.noMatch });
  });

  test('envelope: Code -1 without Message → a readable service failure', async () => {
    server.respondWith(() => ({ json: { Code: -1 } }));
    const { client } = testClient(server);
    const outcome = await client.matchJob(jobSpec({ title: 'Nurse' }));
    expect(outcome).toEqual({
      ok: false,
      kind: 'service',
      message: 'The service returned no data for this job (Code -1).',
    });
  });
});

describe('D13 tolerance', () => {
  test('D13 unknown fields are ignored and MatchRating/JobLevelName/JobFamilyName are free text', async () => {
    server.respondWith(() => ({
      json: {
        Code: 1,
        Data: resultBody({
          MatchRating: 'Somewhat sure (beta)',
          JobLevelName: 'Level 7½',
          JobFamilyName: '',
          Vintage: '2025-05',
          Extra: { a: 1 },
        }),
        TraceId: 'abc',
      },
    }));
    const { client } = testClient(server);
    const outcome = await client.matchJob(jobSpec({ title: 'Nurse' }));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.MatchRating).toBe('Somewhat sure (beta)');
    expect(outcome.result.JobLevelName).toBe('Level 7½');
    expect(outcome.result.JobFamilyName).toBe('');
    expect(outcome.result.Salary50).toBe(70000.1234);
    expect(outcome.result).not.toHaveProperty('Vintage');
    expect(outcome.result).not.toHaveProperty('Extra');
  });

  test('D15 a scope without Comp/Bonus figures: the omitted fields are simply absent', async () => {
    const body = resultBody();
    for (const k of ['Comp10', 'Comp25', 'Comp50', 'Comp75', 'Comp90', 'BonusTarget50', 'BonusTargetAvg'])
      delete body[k];
    server.respondWith(() => ({ json: { Code: 1, Data: body } }));
    const { client } = testClient(server);
    const outcome = await client.matchJob(jobSpec({ title: 'Nurse' }));
    expect(outcome.ok && outcome.result.Comp50 === undefined && outcome.result.Salary50 === 70000.1234).toBe(
      true,
    );
  });
});

describe('protocol errors: answers not in the expected format (thrown, code "protocol")', () => {
  test('malformed JSON → says the body is not valid JSON', async () => {
    server.respondWith(() => ({
      body: '{"Code": 1, "Data": {',
      headers: { 'Content-Type': 'application/json' },
    }));
    const err = await apiErrorOf(() => testClient(server).client.matchJob(jobSpec({ title: 'Nurse' })));
    expect(err.code).toBe('protocol');
    expect(err.message).toMatch(
      /^The service sent an answer that is not in the expected format: the body is not valid JSON/,
    );
  });

  test('an HTML error page with status 200 → says it was an HTML page, with its title', async () => {
    server.respondWith(() => ({
      body: '<!DOCTYPE html><html><head><title>Sign in to Corporate Proxy</title></head><body>…</body></html>',
      headers: { 'Content-Type': 'text/html' },
    }));
    const err = await apiErrorOf(() => testClient(server).client.matchJob(jobSpec({ title: 'Nurse' })));
    expect(err.code).toBe('protocol');
    expect(err.message).toContain('an HTML page ("Sign in to Corporate Proxy") instead of JSON');
    expect(err.retryable).toBe(false);
  });

  test('a wrong type in Data → the zod issue names the field', async () => {
    server.respondWith(() => ({ json: { Code: 1, Data: resultBody({ Salary50: 'seventy thousand' }) } }));
    const err = await apiErrorOf(() => testClient(server).client.matchJob(jobSpec({ title: 'Nurse' })));
    expect(err.code).toBe('protocol');
    expect(err.message).toMatch(
      /^The service sent an answer that is not in the expected format: Data\.Salary50: /,
    );
  });

  test('envelope without Code → protocol error', async () => {
    server.respondWith(() => ({ json: { Data: resultBody() } }));
    const err = await apiErrorOf(() => testClient(server).client.matchJob(jobSpec({ title: 'Nurse' })));
    expect(err.code).toBe('protocol');
    expect(err.message).toContain('Code');
  });

  test('Code 1 without Data → protocol error', async () => {
    server.respondWith(() => ({ json: { Code: 1 } }));
    const err = await apiErrorOf(() => testClient(server).client.matchJob(jobSpec({ title: 'Nurse' })));
    expect(err.code).toBe('protocol');
    expect(err.message).toContain('Data');
  });

  test('an empty 200 body → protocol error', async () => {
    server.respondWith(() => ({ body: '' }));
    const err = await apiErrorOf(() => testClient(server).client.matchJob(jobSpec({ title: 'Nurse' })));
    expect(err.code).toBe('protocol');
    expect(err.message).toContain('empty body');
  });
});

describe('no token', () => {
  test('getAccessToken → null: throws unauthorized "Sign in ..." without calling the service', async () => {
    const err = await apiErrorOf(() =>
      testClient(server, { getAccessToken: () => null }).client.matchJob(jobSpec({ title: 'Nurse' })),
    );
    expect(err.code).toBe('unauthorized');
    expect(err.abortsRun).toBe(true);
    expect(err.message).toMatch(/^Sign in/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the data source header (docs/decisions.md: Data source header)', () => {
  const answer = (headers: Record<string, string>) => ({
    headers,
    json: { Code: 1, Message: '', Data: resultBody() },
  });

  test('keeps the name a service announces; an absent or malformed name leaves the last good one', async () => {
    const { client } = testClient(server);
    server.respondWithSequence(
      answer({}),
      answer({ 'JobPrice-Data-Source': '  Acme Pay Survey 2026 ' }),
      answer({ 'JobPrice-Data-Source': 'x'.repeat(121) }),
      answer({}),
    );
    await client.matchJob(jobSpec({ title: 'Accountants' }));
    expect(client.dataSource).toBeNull();
    await client.matchJob(jobSpec({ title: 'Accountants' }));
    expect(client.dataSource).toBe('Acme Pay Survey 2026');
    await client.matchJob(jobSpec({ title: 'Accountants' }));
    await client.matchJob(jobSpec({ title: 'Accountants' }));
    expect(client.dataSource).toBe('Acme Pay Survey 2026');
  });
});
