/** The planner's size estimate against the real wire body, and 413 splitting over loopback HTTP (D14). */
import fc from 'fast-check';
import { batchSender } from '../../src/api/batch-sender';
import { isPayloadTooLarge } from '../../src/api/errors';
import { toWireSubRequest } from '../../src/api/wire';
import { jobSpec } from '../../src/domain/job';
import { estimateSubRequestBytes, planBatches } from '../../src/domain/planner';
import { runPlan } from '../../src/domain/plan-runner';
import { specFaithfulService, startScriptedServer, type ScriptedServer } from '../support/scripted-server';
import { testClient } from './fixtures';

test('estimateSubRequestBytes is an upper bound of the real wire size, and close to it', () => {
  // Any code point, lone surrogates included (fast-check's 'binary' unit does the same but takes seconds to warm up).
  const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));
  const text = fc.string({
    unit: fc.oneof(codePoint, fc.constantFrom('"', '\\', '\n', '\u0001', '\ud800')),
    maxLength: 40,
  });
  fc.assert(
    fc.property(
      fc.record({
        title: text,
        description: text.map((s) => s.repeat(10)),
        company: text,
        city: text,
        state: text,
        zip: text,
        naics: text,
        country: text,
      }),
      fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e12, noNaN: true })),
      fc.integer({ min: 1, max: 1_000_000 }),
      (t, num, row) => {
        const spec = jobSpec({
          title: t.title,
          description: t.description,
          company: t.company,
          scope: {
            city: t.city,
            state: t.state,
            zip: t.zip,
            naics: t.naics,
            country: t.country,
            fte: num,
            revenue: 0,
          },
        });
        const id = `R${row}`;
        const actual = new TextEncoder().encode(JSON.stringify(toWireSubRequest(id, spec))).length;
        const estimate = estimateSubRequestBytes(id, spec);
        expect(estimate).toBeGreaterThanOrEqual(actual);
        expect(estimate - actual).toBeLessThan(150);
      },
    ),
    { numRuns: 200 },
  );
});

describe('D14 413 over HTTP', () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startScriptedServer();
  });
  afterEach(async () => {
    await server.close();
  });

  test('D14 413 for a large batch: the planner halves it until the service accepts; every row priced', async () => {
    const base = specFaithfulService();
    server.respondWith((req, i) =>
      req.rawBody.length > 60_000 ? { status: 413, json: { Code: -1, Message: 'Too large' } } : base(req, i),
    );
    const description = 'Plans, builds and maintains services. '.repeat(30); // ~1 KB
    const rows = Array.from({ length: 200 }, (_, i) => ({
      row: i + 2,
      spec: jobSpec({ title: `Job ${i}`, description }),
    }));
    const plan = planBatches(rows);
    expect(plan.requests).toHaveLength(1);

    const { client, sleeps } = testClient(server);
    const out = await runPlan(plan, batchSender(client), { shouldSplit: isPayloadTooLarge });
    expect([...out.values()].every((o) => o.ok)).toBe(true);
    const accepted = server.requests.filter((r) => r.rawBody.length <= 60_000);
    expect(accepted.flatMap((r) => r.body as unknown[])).toHaveLength(200);
    expect(sleeps).toEqual([]); // 413 is never retried as such (D14), only split
  });
});
