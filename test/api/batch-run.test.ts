/**
 * The planner driving the real client over loopback HTTP through batchSender: batching (docs/api.md "Batches"),
 * D12/D13 fan-out by SubRequestID, D14 fatal errors, cancellation.
 */
import { batchSender } from '../../src/api/batch-sender';
import { abortsRun } from '../../src/api/errors';
import type { JobResult } from '../../src/api/wire';
import { jobSpec, type JobSpec } from '../../src/domain/job';
import { BATCH_LIMIT, MSG } from '../../src/domain/messages';
import { failure } from '../../src/domain/outcome';
import { planBatches, type PlannerRow } from '../../src/domain/planner';
import { CANCELLED_ROW_MESSAGE, runPlan } from '../../src/domain/plan-runner';
import {
  fakeResult,
  startScriptedServer,
  specFaithfulService,
  type ScriptedServer,
} from '../support/scripted-server';
import { testClient } from './fixtures';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

type SentItem = { SubRequestID: string; JobTitle: string };
const sentItems = (): SentItem[] => server.requests.flatMap((r) => r.body as SentItem[]);

/** Row r asks for job `titles[r - 2]` (row 1 is the header). */
function rowsOf(specs: JobSpec[]): PlannerRow[] {
  return specs.map((spec, i) => ({ row: i + 2, spec }));
}

test('batches: 1,000 rows with 30 % duplicates → exactly ceil(unique/200) calls, every row priced with its own job', async () => {
  const specs: JobSpec[] = [];
  for (let i = 0; i < 700; i++)
    specs.push(jobSpec({ title: `Job title ${i}`, scope: { state: i % 2 ? 'OH' : '' } }));
  // 300 repeats of earlier jobs, spelled with different case and spacing (jobKey folds them).
  for (let i = 0; i < 300; i++) {
    const j = (i * 37) % 700;
    specs.push(jobSpec({ title: `  JOB TITLE ${j} `, scope: { state: j % 2 ? 'oh' : '' } }));
  }
  const plan = planBatches(rowsOf(specs));
  const unique = 700;
  expect(plan.uniqueJobs).toBe(unique);

  const { client } = testClient(server);
  const out = await runPlan(plan, batchSender(client), { concurrency: 2 });

  const batchCalls = server.requestsTo('/DaaS/batchjobpricing');
  expect(batchCalls).toHaveLength(Math.ceil(unique / BATCH_LIMIT));
  expect(server.requests).toHaveLength(batchCalls.length);
  for (const call of batchCalls) expect((call.body as unknown[]).length).toBeLessThanOrEqual(BATCH_LIMIT);
  const ids = sentItems().map((s) => s.SubRequestID);
  expect(ids).toHaveLength(unique);
  expect(new Set(ids).size).toBe(unique);

  expect(out.size).toBe(1000);
  specs.forEach((spec, i) => {
    const o = out.get(i + 2)!;
    expect(o.ok).toBe(true);
    if (o.ok) expect(o.result.Salary50).toBe(fakeResult(spec).Salary50);
  });
});

test('D13 SubRequestID round trip: the service reverses the items; every row still gets its own job', async () => {
  const base = specFaithfulService();
  server.respondWith(async (req, index) => {
    const reply = await base(req, index);
    const env = reply.json as { Code: number; Data: unknown[] };
    return { json: { ...env, Data: [...env.Data].reverse() } };
  });
  const specs = ['Nurse', 'Chef', 'Pilot', 'nurse', 'Dentist'].map((title) => jobSpec({ title }));
  const out = await runPlan(planBatches(rowsOf(specs)), batchSender(testClient(server).client));
  specs.forEach((spec, i) => {
    const o = out.get(i + 2)!;
    expect(o.ok && o.result.Salary50 === fakeResult(spec).Salary50).toBe(true);
  });
  expect(sentItems().map((s) => s.SubRequestID)).toEqual(['R2', 'R3', 'R4', 'R6']);
});

test('D4/D5/D7 local validation failures are never sent; D12 service errors land on their rows', async () => {
  const specs = [
    jobSpec({ title: 'Nurse' }),
    jobSpec({ title: 'Nurse', scope: { city: 'Columbus' } }), // D7: never sent
    jobSpec({ title: 'No such job' }), // D3: service error item
    jobSpec({ title: '' }), // D4: never sent
    jobSpec({ title: 'Chef', scope: { fte: 1, revenue: 1 } }), // D5: never sent
  ];
  const out = await runPlan(planBatches(rowsOf(specs)), batchSender(testClient(server).client));
  expect(sentItems().map((s) => s.SubRequestID)).toEqual(['R2', 'R4']);
  expect(out.get(2)!.ok).toBe(true);
  expect(out.get(3)).toEqual(failure('local', MSG.locationIncomplete));
  expect(out.get(4)).toEqual(failure('service', MSG.noMatch));
  expect(out.get(5)).toEqual(failure('local', MSG.serviceFailed));
  expect(out.get(6)).toEqual(failure('local', MSG.bothFteAndRevenue));
});

test('D14 401 is fatal: after the first refused call no further calls are made; every sent row carries the 401 sentence', async () => {
  const specs = Array.from({ length: 450 }, (_, i) => jobSpec({ title: `Job ${i}` }));
  const { client } = testClient(server, { getAccessToken: () => 'expired-token' });
  const out = await runPlan(planBatches(rowsOf(specs)), batchSender(client), {
    concurrency: 1,
    isFatal: abortsRun,
  });
  expect(server.requests).toHaveLength(1);
  const messages = new Set([...out.values()].map((o) => (o.ok ? 'ok' : `${o.kind}: ${o.message}`)));
  expect([...messages]).toEqual([
    'transport: The service rejected the access token (401). Sign in again under Connection in the JobPrice pane. The service said: The access token is missing, invalid or expired.',
  ]);
  expect(out.size).toBe(450);
});

test('cancellation mid-run over HTTP: the planner stops sending, the in-flight call is aborted, the rest are marked cancelled', async () => {
  const base = specFaithfulService();
  const controller = new AbortController();
  server.respondWith(async (req, index) => {
    // The first call answers at once; the second hangs until the user cancels.
    if (index === 0) return base(req, index);
    setTimeout(() => controller.abort(), 50);
    return { ...(await base(req, index)), delayMs: 5_000 };
  });
  const specs = Array.from({ length: 800 }, (_, i) => jobSpec({ title: `Job ${i}` }));
  const plan = planBatches(rowsOf(specs));
  expect(plan.requests).toHaveLength(4);

  const started = Date.now();
  const out = await runPlan<JobResult>(plan, batchSender(testClient(server).client), {
    concurrency: 1,
    signal: controller.signal,
  });
  expect(Date.now() - started).toBeLessThan(4_000);
  expect(server.requests).toHaveLength(2);
  for (let row = 2; row < 202; row++) expect(out.get(row)!.ok).toBe(true);
  for (let row = 202; row < 802; row++)
    expect(out.get(row)).toEqual(failure('cancelled', CANCELLED_ROW_MESSAGE));
});

test('a malformed whole answer fails only the rows of that call, as transport with the protocol sentence', async () => {
  const base = specFaithfulService();
  server.respondWith(async (req, index) =>
    index === 0 ? { body: '<html><title>Oops</title></html>' } : base(req, index),
  );
  const specs = Array.from({ length: 3 }, (_, i) => jobSpec({ title: `Job ${i}` }));
  const out = await runPlan(
    planBatches(rowsOf(specs), { limit: 2 }),
    batchSender(testClient(server).client),
    { concurrency: 1 },
  );
  const first = out.get(2)!;
  expect(!first.ok && first.kind).toBe('transport');
  expect(!first.ok && first.message).toContain('not in the expected format: an HTML page ("Oops")');
  expect(out.get(3)).toEqual(first);
  expect(out.get(4)!.ok).toBe(true);
});
