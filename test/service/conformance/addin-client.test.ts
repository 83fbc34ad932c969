import { JobMarketClient } from '../../../src/api/client';
import { jobSpec } from '../../../src/domain/job';
import { MSG } from '../../../src/domain/messages';
import { FULL_CLIENT, startHarness, type Harness } from '../support/harness';
import { realEngine } from './real-service';

/**
 * The add-in's own HTTP client (src/api/client.ts) against the reference service: the two sides of the
 * contract, each written from the spec and decisions, agree on the wire (D12–D15).
 */

let h: Harness;
let token: string | null = null;
let client: JobMarketClient;

beforeAll(async () => {
  h = await startHarness(await realEngine(), [FULL_CLIENT], { rateLimit: { ratePerSecond: 1, burst: 1 } });
  client = new JobMarketClient({ baseUrl: h.url, getAccessToken: () => token, maxAttempts: 1 });
}, 180_000);
afterAll(() => h?.close());

it('D15: the add-in client gets a token with client credentials and prices a job', async () => {
  const granted = await client.requestToken(FULL_CLIENT.id, FULL_CLIENT.secret);
  expect(granted.expiresAt).toBeGreaterThan(Date.now() + 3500_000);
  token = granted.accessToken;
  const outcome = await client.matchJob(jobSpec({ title: 'Registered Nurse', scope: { state: 'OH' } }));
  expect(outcome).toMatchObject({ ok: true, result: { DataScope_State: 'OH', CurrencyCode: 'USD' } });
});

it('D12/D13: a batch with valid and invalid jobs gives one outcome per id, matched by SubRequestID', async () => {
  h.advance(2_000); // refill the 1/s bucket
  const reply = await client.matchBatch([
    { id: 'R2', spec: jobSpec({ title: 'Accountant', scope: { naics: '52' } }) },
    { id: 'R3', spec: jobSpec({ title: 'Accountant', scope: { city: 'Dayton' } }) },
    { id: 'R4', spec: jobSpec({ title: 'qwxz zzvq plorf' }) },
  ]);
  expect(reply.unattributed).toEqual([]);
  expect(reply.byId.get('R2')).toMatchObject({ ok: true, result: { DataScope_IndustryCode: '52' } });
  expect(reply.byId.get('R3')).toEqual({ ok: false, kind: 'service', message: MSG.locationIncomplete });
  expect(reply.byId.get('R4')).toEqual({ ok: false, kind: 'service', message: MSG.noMatch });
});

it('D14: 429 reaches the add-in client as rate_limited; a bad token as unauthorized (neither retried here)', async () => {
  h.advance(2_000);
  await client.matchJob(jobSpec({ title: 'Accountant' }));
  await expect(client.matchJob(jobSpec({ title: 'Accountant' }))).rejects.toMatchObject({
    code: 'rate_limited',
    status: 429,
  });
  h.advance(2_000);
  token = 'not-a-token';
  await expect(client.matchJob(jobSpec({ title: 'Accountant' }))).rejects.toMatchObject({
    code: 'unauthorized',
    status: 401,
  });
});

it('D18/D19: candidate lists through the add-in client, first = the job pricing uses; the pinned code prices Confident', async () => {
  h.advance(2_000);
  token = (await client.requestToken(FULL_CLIENT.id, FULL_CLIENT.secret)).accessToken;
  h.advance(2_000);
  const lists = await client.matchCandidates(
    [
      { id: 'j1', spec: jobSpec({ title: 'Marketing Manager', scope: { state: 'NY' } }) },
      // A pin in the spec is not sent with a candidate request: the list is for the title.
      { id: 'j2', spec: jobSpec({ title: 'Accountant', jobCode: '11-2021.00' }) },
      { id: 'j3', spec: jobSpec({ title: 'Accountant', scope: { city: 'Dayton' } }) },
      { id: 'j4', spec: jobSpec({ title: 'qwxz zzvq plorf' }) },
    ],
    3,
  );
  const marketing = lists.get('j1');
  expect(marketing?.ok && marketing.result.length).toBe(3);
  const accountant = lists.get('j2');
  expect(accountant?.ok && accountant.result[0]?.MatchedJobCode).toBe('13-2011.00');
  expect(lists.get('j3')).toEqual({ ok: false, kind: 'service', message: MSG.locationIncomplete });
  expect(lists.get('j4')).toEqual({ ok: true, result: [] });

  h.advance(2_000);
  const priced = await client.matchJob(jobSpec({ title: 'Marketing Manager', scope: { state: 'NY' } }));
  expect(priced.ok && marketing?.ok && priced.result.MatchedJobCode).toBe(
    marketing?.ok ? marketing.result[0]?.MatchedJobCode : '',
  );
  const alternative = marketing?.ok ? (marketing.result[1]?.MatchedJobCode as string) : '';
  h.advance(2_000);
  const pinned = await client.matchJob(
    jobSpec({ title: 'Marketing Manager', jobCode: alternative, scope: { state: 'NY' } }),
  );
  expect(pinned).toMatchObject({
    ok: true,
    result: { MatchedJobCode: alternative, MatchRating: 'Confident' },
  });
});
