/**
 * Contract: the add-in's client against the reference service's real HTTP layer (src/service, with the
 * service team's engine double in place of the data), over loopback. The scripted server proves the
 * client follows the spec; this proves the two sides of the wire agree on D12–D15 in practice.
 */
import { JobMarketClient, type ClientConfig } from '../../src/api/client';
import { batchSender } from '../../src/api/batch-sender';
import { abortsRun } from '../../src/api/errors';
import { jobSpec } from '../../src/domain/job';
import { MSG } from '../../src/domain/messages';
import { failure } from '../../src/domain/outcome';
import { planBatches } from '../../src/domain/planner';
import { runPlan } from '../../src/domain/plan-runner';
import { EngineDouble } from '../service/support/engine-double';
import { FULL_CLIENT, startHarness, type Harness } from '../service/support/harness';
import { apiErrorOf } from './fixtures';
import { dataSourceFor, REFERENCE_DATA } from '../../src/formulas/job-entity';

let harness: Harness;
afterEach(async () => {
  await harness.close();
});

async function signedInClient(overrides: Partial<ClientConfig> = {}): Promise<JobMarketClient> {
  const anonymous = new JobMarketClient({ baseUrl: harness.url, getAccessToken: () => null });
  const { accessToken } = await anonymous.requestToken(FULL_CLIENT.id, FULL_CLIENT.secret);
  return new JobMarketClient({
    baseUrl: harness.url,
    getAccessToken: () => accessToken,
    sleep: async () => undefined,
    ...overrides,
  });
}

test('D15 token → single match → batch, as the reference service answers them', async () => {
  harness = await startHarness(new EngineDouble());
  const client = await signedInClient();
  const single = await client.matchJob(jobSpec({ title: 'Registered Nurses', scope: { state: 'OH' } }));
  expect(single.ok && single.result.MatchRating).toBe('Confident');

  const reply = await client.matchBatch([
    { id: 'R2', spec: jobSpec({ title: 'Chefs' }) },
    { id: 'R3', spec: jobSpec({ title: 'Chefs', scope: { city: 'Columbus' } }) },
    { id: 'R4', spec: jobSpec({ title: 'zzqx nothing' }) },
    { id: 'R5', spec: jobSpec({ title: 'Chefs', scope: { fte: 3, revenue: 3 } }) },
  ]);
  expect(reply.byId.get('R2')!.ok).toBe(true);
  expect(reply.byId.get('R3')).toEqual(failure('service', MSG.locationIncomplete));
  expect(reply.byId.get('R4')).toEqual(failure('service', MSG.noMatch));
  expect(reply.byId.get('R5')).toEqual(failure('service', MSG.bothFteAndRevenue));
  expect(reply.unattributed).toEqual([]);

  expect(await client.testConnection()).toMatch(/^Connected to .* and signed in: the test job/);
});

test('the reference service names its data, and the client keeps the name for the JOB card', async () => {
  harness = await startHarness(new EngineDouble());
  const client = await signedInClient();
  expect(client.dataSource).toBeNull();
  await client.matchJob(jobSpec({ title: 'Registered Nurses' }));
  expect(client.dataSource).toBe('BLS OEWS and O*NET (JobPrice reference service)');
  // Wherever it is hosted: the card's provider is the reference data, not the host.
  expect(dataSourceFor('https://pay.example.com', client.dataSource)).toBe(REFERENCE_DATA);
});

test('whole-batch errors from the reference service: duplicates and over 200', async () => {
  harness = await startHarness(new EngineDouble());
  const client = await signedInClient();
  const dup = await client.matchBatch([
    { id: 'A', spec: jobSpec({ title: 'Chefs' }) },
    { id: 'A', spec: jobSpec({ title: 'Cooks' }) },
  ]);
  expect(dup.byId.get('A')).toEqual(failure('service', MSG.duplicateSubRequestId('A')));

  const many = Array.from({ length: 201 }, (_, i) => ({ id: `R${i}`, spec: jobSpec({ title: 'Chefs' }) }));
  const over = await client.matchBatch(many);
  expect(new Set([...over.byId.values()].map((o) => (o.ok ? 'ok' : o.message)))).toEqual(
    new Set([MSG.batchLimitExceeded]),
  );
});

test('D14/D15 a token past its lifetime → unauthorized, and the planner stops after the first call', async () => {
  harness = await startHarness(new EngineDouble());
  const client = await signedInClient();
  harness.advance(48 * 3600 * 1000);
  const rows = Array.from({ length: 500 }, (_, i) => ({ row: i + 2, spec: jobSpec({ title: `Job ${i}` }) }));
  let calls = 0;
  const send = batchSender(client);
  const out = await runPlan(
    planBatches(rows),
    (items, signal) => {
      calls++;
      return send(items, signal);
    },
    { concurrency: 1, isFatal: abortsRun },
  );
  expect(calls).toBe(1);
  const first = out.get(2)!;
  expect(!first.ok && first.message).toMatch(
    /^The service rejected the access token \(401\)\. Sign in again under Connection in the JobPrice pane\./,
  );
});

test('D15 a wrong client secret → unauthorized with a Settings hint', async () => {
  harness = await startHarness(new EngineDouble());
  const client = new JobMarketClient({ baseUrl: harness.url, getAccessToken: () => null });
  const err = await apiErrorOf(() => client.requestToken(FULL_CLIENT.id, 'not-the-secret'));
  expect(err.code).toBe('unauthorized');
  expect(err.message).toMatch(
    /^The service did not accept the client ID and secret \((400|401)\)\. Check them under Connection in the JobPrice pane\./,
  );
  expect(err.message).not.toContain('not-the-secret');
});

test('D14 the reference service rate-limits with 429 + Retry-After; the client waits that long and succeeds', async () => {
  harness = await startHarness(new EngineDouble(), [FULL_CLIENT], {
    rateLimit: { ratePerSecond: 1, burst: 1 },
  });
  const waited: number[] = [];
  const client = await signedInClient({
    // The injected sleep moves the service's clock instead of waiting, so the bucket refills at once.
    sleep: async (ms) => {
      waited.push(ms);
      harness.advance(ms);
    },
  });
  expect((await client.matchJob(jobSpec({ title: 'Chefs' }))).ok).toBe(true);
  expect((await client.matchJob(jobSpec({ title: 'Cooks' }))).ok).toBe(true);
  expect(waited.length).toBeGreaterThanOrEqual(1);
  expect(waited.every((ms) => ms >= 1000 && ms % 1000 === 0)).toBe(true);
});

test('D14 an engine fault → 5xx, retried, then a "server" error without internal detail', async () => {
  harness = await startHarness(new EngineDouble());
  const client = await signedInClient({ maxAttempts: 2 });
  const err = await apiErrorOf(() => client.matchJob(jobSpec({ title: 'explode' })));
  expect(err.code).toBe('server');
  expect(err.message).toMatch(
    /^The service had an internal problem \(5\d\d\) and still failed after 2 attempts\./,
  );
  expect(err.message).not.toContain('/srv/secret/path');
});
