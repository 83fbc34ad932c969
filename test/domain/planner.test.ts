/** The batch planner, pure: planBatches (D4/D5/D7 local checks, dedupe, the 200 limit, SubRequestID) and runPlan. */
import fc from 'fast-check';
import { toWireSubRequest } from '../../src/api/wire';
import { jobSpec, type JobSpec } from '../../src/domain/job';
import { BATCH_LIMIT, MSG, NO_RESULT_MESSAGE } from '../../src/domain/messages';
import { failure, success, type JobOutcome } from '../../src/domain/outcome';
import { DEFAULT_MAX_REQUEST_BYTES, planBatches, type PlannerRow } from '../../src/domain/planner';
import {
  CANCELLED_ROW_MESSAGE,
  runPlan,
  type PlanProgress,
  type SendBatch,
} from '../../src/domain/plan-runner';

const spec = (title: string, scope: Partial<JobSpec['scope']> = {}): JobSpec => jobSpec({ title, scope });

/** A fake service: prices every id with its title, records every call. */
function echoSender(): { send: SendBatch<string>; calls: Array<Array<{ id: string; spec: JobSpec }>> } {
  const calls: Array<Array<{ id: string; spec: JobSpec }>> = [];
  const send: SendBatch<string> = async (items) => {
    calls.push([...items]);
    return new Map(items.map((it) => [it.id, success(it.spec.title)]));
  };
  return { send, calls };
}

describe('planBatches', () => {
  test('D4/D5/D7 local validation failures and sheet-parse errors are never sent', () => {
    const plan = planBatches([
      { row: 2, spec: spec('Nurse') },
      { row: 3, spec: spec('  ') },
      { row: 4, spec: spec('Chef', { city: 'Columbus' }) },
      { row: 5, spec: spec('Chef', { fte: 10, revenue: 10 }) },
      { row: 6, spec: spec('Chef', { fte: -1 }) },
      { row: 7, error: 'Column FTE: "ten" is not a number.' },
    ]);
    expect(plan.localFailures).toEqual(
      new Map([
        [3, MSG.serviceFailed],
        [4, MSG.locationIncomplete],
        [5, MSG.bothFteAndRevenue],
        [6, MSG.negativeFteOrRevenue],
        [7, 'Column FTE: "ten" is not a number.'],
      ]),
    );
    expect(plan.requests).toEqual([[{ id: 'R2', spec: spec('Nurse'), rows: [2] }]]);
    expect(plan.uniqueJobs).toBe(1);
    expect(plan.totalRows).toBe(6);
  });

  test('identical jobs (jobKey: case and spacing folded) share one sub-request listing all their rows', () => {
    const plan = planBatches([
      { row: 10, spec: spec('Nurse', { state: 'OH' }) },
      { row: 11, spec: spec('Chef') },
      { row: 12, spec: spec('  NURSE ', { state: 'oh' }) },
      { row: 13, spec: spec('Nurse', { state: 'OH', fte: 5 }) },
    ]);
    expect(plan.requests).toHaveLength(1);
    expect(plan.requests[0]!.map((s) => [s.id, s.rows])).toEqual([
      ['R10', [10, 12]],
      ['R11', [11]],
      ['R13', [13]],
    ]);
  });

  test('SubRequestID is R<first sheet row number>, even when rows arrive out of order', () => {
    const plan = planBatches([
      { row: 40, spec: spec('Nurse') },
      { row: 7, spec: spec('Nurse') },
    ]);
    expect(plan.requests[0]).toEqual([{ id: 'R7', spec: spec('Nurse'), rows: [7, 40] }]);
  });

  test('at most 200 sub-requests per call; 1,000 rows with 30 % duplicates → ceil(unique/200) calls', () => {
    const rows: PlannerRow[] = [];
    for (let i = 0; i < 700; i++) rows.push({ row: i + 2, spec: spec(`Job ${i}`) });
    for (let i = 0; i < 300; i++) rows.push({ row: 702 + i, spec: spec(`job ${(i * 7) % 700}`) });
    const plan = planBatches(rows);
    expect(plan.uniqueJobs).toBe(700);
    expect(plan.requests).toHaveLength(Math.ceil(700 / BATCH_LIMIT));
    expect(plan.requests.map((r) => r.length)).toEqual([200, 200, 200, 100]);
    expect(plan.requests.flat().reduce((n, s) => n + s.rows.length, 0)).toBe(1000);
  });

  test('property: every valid row is in exactly one sub-request, ids unique, calls = ceil(unique/limit)', () => {
    const titles = fc.constantFrom('Nurse', 'nurse ', 'Chef', 'Pilot', '', 'Dentist');
    const states = fc.constantFrom('', 'OH', 'WA');
    const cities = fc.constantFrom('', 'Columbus');
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: titles, state: states, city: cities }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        (raw, limit) => {
          const rows: PlannerRow[] = raw.map((r, i) => ({
            row: i + 1,
            spec: spec(r.title, { state: r.state, city: r.city }),
          }));
          const plan = planBatches(rows, { limit });
          const subs = plan.requests.flat();
          const planned = subs.flatMap((s) => s.rows);
          expect(new Set(planned).size).toBe(planned.length);
          expect(planned.length + plan.localFailures.size).toBe(rows.length);
          expect(new Set(subs.map((s) => s.id)).size).toBe(subs.length);
          expect(plan.requests.length).toBe(Math.ceil(plan.uniqueJobs / limit));
          expect(plan.requests.every((r) => r.length >= 1 && r.length <= limit)).toBe(true);
          for (const s of subs) expect(s.id).toBe(`R${Math.min(...s.rows)}`);
        },
      ),
    );
  });

  test('jobs with long descriptions: a call closes early by size, every call within maxRequestBytes', () => {
    const description = 'x'.repeat(10_000);
    const rows = Array.from({ length: 300 }, (_, i) => ({
      row: i + 1,
      spec: jobSpec({ title: `Job ${i}`, description }),
    }));
    const plan = planBatches(rows);
    // Worked out by hand, not with the estimator under test. A job is counted as 256 bytes for the field
    // names and punctuation, each of its nine texts as a JSON string (its length + 2 quotes), the digits
    // of FTE and revenue ("0", "0"), and 1 for the comma after it; a call adds 2 for its brackets.
    // Every job here: 256 + 1 + 1 + 10,002 (the description) + 6 × 2 (six empty texts) = 10,272, plus
    //   jobs 0-8 (ids "R1"-"R9", titles "Job 0"-"Job 8"): 4 + 7 + 1 → 10,284 bytes
    //   job 9 ("R10", "Job 9"): 5 + 7 + 1 → 10,285;  jobs 10-98 ("R11"-"R99"): 5 + 8 + 1 → 10,286
    //   job 99 ("R100", "Job 99"): 10,287;  jobs 100-299 ("R101"-"R300"): 6 + 9 + 1 → 10,288
    // Call 1: 2 + 9 × 10,284 + 10,285 + 77 × 10,286 = 894,865 for 87 jobs; an 88th makes 905,151.
    // Call 2 (jobs 87-173): 2 + 12 × 10,286 + 10,287 + 74 × 10,288 = 895,033; an 88th makes 905,321.
    // Call 3 (jobs 174-260): 2 + 87 × 10,288 = 895,058; an 88th makes 905,346. Call 4: the last 39.
    expect(DEFAULT_MAX_REQUEST_BYTES).toBe(900_000);
    expect(plan.requests.map((r) => r.length)).toEqual([87, 87, 87, 39]);
    // And the body the client sends for each call is within the limit, measured on the wire format.
    for (const request of plan.requests) {
      const body = JSON.stringify(request.map((s) => toWireSubRequest(s.id, s.spec)));
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(DEFAULT_MAX_REQUEST_BYTES);
    }
    expect(plan.requests.flat()).toHaveLength(300);
  });

  test('a single job larger than maxRequestBytes is sent alone, not dropped', () => {
    const plan = planBatches(
      [
        { row: 1, spec: spec('Small') },
        { row: 2, spec: jobSpec({ title: 'Huge', description: 'y'.repeat(5_000) }) },
        { row: 3, spec: spec('Small too') },
      ],
      { maxRequestBytes: 1_000 },
    );
    expect(plan.requests.map((r) => r.map((s) => s.id))).toEqual([['R1'], ['R2'], ['R3']]);
  });

  test('a row number given twice is a programming error', () => {
    expect(() =>
      planBatches([
        { row: 1, spec: spec('A') },
        { row: 1, error: 'x' },
      ]),
    ).toThrow(RangeError);
  });

  test('a limit that is not a whole number >= 1 is refused', () => {
    expect(() => planBatches([], { limit: 0 })).toThrow(RangeError);
    expect(() => planBatches([], { limit: 2.5 })).toThrow(RangeError);
  });
});

describe('runPlan', () => {
  test('D13 results fan out to every row sharing the sub-request, by SubRequestID only (reply order reversed)', async () => {
    const plan = planBatches([
      { row: 2, spec: spec('Nurse') },
      { row: 3, spec: spec('Chef') },
      { row: 4, spec: spec('nurse') },
      { row: 5, spec: spec('Chef', { city: 'Columbus' }) },
    ]);
    const send: SendBatch<string> = async (items) =>
      new Map([...items].reverse().map((it) => [it.id, success(`${it.id}:${it.spec.title}`)]));
    const out = await runPlan(plan, send);
    expect(out).toEqual(
      new Map<number, JobOutcome<string>>([
        [5, failure('local', MSG.locationIncomplete)],
        [2, success('R2:Nurse')],
        [3, success('R3:Chef')],
        [4, success('R2:Nurse')],
      ]),
    );
  });

  test('an id missing from the reply → failure(transport, no result) for its rows only', async () => {
    const plan = planBatches([
      { row: 2, spec: spec('A') },
      { row: 3, spec: spec('B') },
    ]);
    const out = await runPlan(plan, async () => new Map([['R2', success('ok')]]));
    expect(out.get(2)).toEqual(success('ok'));
    expect(out.get(3)).toEqual(failure('transport', NO_RESULT_MESSAGE));
  });

  test("an error thrown by send fails that request's rows as transport, other requests still priced", async () => {
    const plan = planBatches(
      [1, 2, 3, 4].map((row) => ({ row, spec: spec(`Job ${row}`) })),
      { limit: 2 },
    );
    const send: SendBatch<string> = async (items) => {
      if (items[0]!.id === 'R1') throw new Error('The service did not answer within 20 s.');
      return new Map(items.map((it) => [it.id, success(it.id)]));
    };
    const out = await runPlan(plan, send);
    expect(out.get(1)).toEqual(failure('transport', 'The service did not answer within 20 s.'));
    expect(out.get(2)).toEqual(failure('transport', 'The service did not answer within 20 s.'));
    expect(out.get(3)).toEqual(success('R3'));
    expect(out.get(4)).toEqual(success('R4'));
  });

  test('concurrency K: never more than K requests in flight, and all are sent', async () => {
    const plan = planBatches(
      Array.from({ length: 10 }, (_, i) => ({ row: i + 1, spec: spec(`Job ${i}`) })),
      { limit: 1 },
    );
    let inFlight = 0;
    let peak = 0;
    let calls = 0;
    const send: SendBatch<string> = async (items) => {
      calls++;
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return new Map(items.map((it) => [it.id, success('x')]));
    };
    await runPlan(plan, send, { concurrency: 3 });
    expect(peak).toBe(3);
    expect(calls).toBe(10);
  });

  test('onRequestDone reports every row exactly once (local failures first) with growing progress', async () => {
    const plan = planBatches(
      [
        { row: 1, spec: spec('A') },
        { row: 2, error: 'bad cell' },
        { row: 3, spec: spec('B') },
        { row: 4, spec: spec('a') },
        { row: 5, spec: spec('C') },
      ],
      { limit: 1 },
    );
    const seen: number[] = [];
    const progress: PlanProgress[] = [];
    const { send } = echoSender();
    await runPlan(plan, send, {
      concurrency: 1,
      onRequestDone: async (outcomes, p) => {
        seen.push(...outcomes.keys());
        progress.push(p);
      },
    });
    expect(seen).toEqual([2, 1, 4, 3, 5]);
    expect(progress).toEqual([
      { rowsDone: 1, rowsTotal: 5, requestsDone: 0, requestsTotal: 3 },
      { rowsDone: 3, rowsTotal: 5, requestsDone: 1, requestsTotal: 3 },
      { rowsDone: 4, rowsTotal: 5, requestsDone: 2, requestsTotal: 3 },
      { rowsDone: 5, rowsTotal: 5, requestsDone: 3, requestsTotal: 3 },
    ]);
  });

  test('onRequestDone calls are serialized even when requests finish together', async () => {
    const plan = planBatches(
      Array.from({ length: 6 }, (_, i) => ({ row: i + 1, spec: spec(`Job ${i}`) })),
      { limit: 1 },
    );
    let active = 0;
    let overlap = false;
    await runPlan(plan, echoSender().send, {
      concurrency: 3,
      onRequestDone: async () => {
        if (active++ > 0) overlap = true;
        await new Promise((r) => setTimeout(r, 5));
        active--;
      },
    });
    expect(overlap).toBe(false);
  });

  test("isFatal (e.g. 401): remaining requests are not sent; their rows fail with that error's message", async () => {
    const plan = planBatches(
      Array.from({ length: 5 }, (_, i) => ({ row: i + 1, spec: spec(`Job ${i}`) })),
      { limit: 1 },
    );
    const unauthorized = Object.assign(
      new Error(
        'The service rejected the access token (401). Sign in again under Connection in the JobPrice pane.',
      ),
      { fatal: true },
    );
    let calls = 0;
    const send: SendBatch<string> = async (items) => {
      calls++;
      if (items[0]!.id === 'R2') throw unauthorized;
      return new Map(items.map((it) => [it.id, success('x')]));
    };
    const reported: number[] = [];
    const out = await runPlan(plan, send, {
      concurrency: 1,
      isFatal: (e) => (e as { fatal?: boolean }).fatal === true,
      onRequestDone: (o) => {
        reported.push(...o.keys());
      },
    });
    expect(calls).toBe(2);
    expect(out.get(1)).toEqual(success('x'));
    for (const row of [2, 3, 4, 5]) expect(out.get(row)).toEqual(failure('transport', unauthorized.message));
    expect(reported.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  test('shouldSplit (e.g. 413): a refused call is halved until its parts pass; all rows priced', async () => {
    const plan = planBatches(
      Array.from({ length: 10 }, (_, i) => ({ row: i + 1, spec: spec(`Job ${i}`) })),
      { limit: 10 },
    );
    const sizes: number[] = [];
    const tooLarge = new Error('The request was too large for the service (413, 3 KB).');
    const send: SendBatch<string> = async (items) => {
      sizes.push(items.length);
      if (items.length > 3) throw tooLarge;
      return new Map(items.map((it) => [it.id, success(it.id)]));
    };
    const progress: PlanProgress[] = [];
    const out = await runPlan(plan, send, {
      concurrency: 2,
      shouldSplit: (e) => e === tooLarge,
      onRequestDone: (_o, p) => {
        progress.push(p);
      },
    });
    expect([...sizes].sort((a, b) => b - a)).toEqual([10, 5, 5, 3, 3, 2, 2]);
    for (let row = 1; row <= 10; row++) expect(out.get(row)).toEqual(success(`R${row}`));
    expect(progress.at(-1)).toEqual({ rowsDone: 10, rowsTotal: 10, requestsDone: 4, requestsTotal: 4 });
  });

  test('shouldSplit: a single job that is still too large fails with the error message', async () => {
    const plan = planBatches([
      { row: 1, spec: spec('A') },
      { row: 2, spec: spec('B') },
    ]);
    const tooLarge = new Error('too large');
    const send: SendBatch<string> = async (items) => {
      if (items.some((it) => it.id === 'R2')) throw tooLarge;
      return new Map(items.map((it) => [it.id, success('ok')]));
    };
    const out = await runPlan(plan, send, { shouldSplit: (e) => e === tooLarge });
    expect(out.get(1)).toEqual(success('ok'));
    expect(out.get(2)).toEqual(failure('transport', 'too large'));
  });

  test('cancel mid-run: no new requests, the in-flight one is aborted, unpriced rows → cancelled', async () => {
    const plan = planBatches(
      Array.from({ length: 6 }, (_, i) => ({ row: i + 1, spec: spec(`Job ${i}`) })),
      { limit: 2 },
    );
    const controller = new AbortController();
    const signals: AbortSignal[] = [];
    let calls = 0;
    const send: SendBatch<string> = (items, signal) => {
      calls++;
      signals.push(signal);
      if (calls === 1) return Promise.resolve(new Map(items.map((it) => [it.id, success('x')])));
      controller.abort(); // the user cancels while the second request is in flight
      return new Promise(() => undefined); // a send that never settles: cancel must not wait for it
    };
    const out = await runPlan(plan, send, { concurrency: 1, signal: controller.signal });
    expect(calls).toBe(2);
    expect(signals[1]!.aborted).toBe(true);
    expect(out.get(1)).toEqual(success('x'));
    expect(out.get(2)).toEqual(success('x'));
    for (const row of [3, 4, 5, 6]) expect(out.get(row)).toEqual(failure('cancelled', CANCELLED_ROW_MESSAGE));
  });

  test('an already-cancelled run sends nothing; local failures stay local', async () => {
    const plan = planBatches([
      { row: 1, spec: spec('A') },
      { row: 2, spec: spec('') },
    ]);
    const controller = new AbortController();
    controller.abort();
    const { send, calls } = echoSender();
    const out = await runPlan(plan, send, { signal: controller.signal });
    expect(calls).toHaveLength(0);
    expect(out.get(1)).toEqual(failure('cancelled', CANCELLED_ROW_MESSAGE));
    expect(out.get(2)).toEqual(failure('local', MSG.serviceFailed));
  });

  test('a failing onRequestDone stops the run and runPlan rejects with its error', async () => {
    const plan = planBatches(
      Array.from({ length: 4 }, (_, i) => ({ row: i + 1, spec: spec(`Job ${i}`) })),
      { limit: 1 },
    );
    const { send, calls } = echoSender();
    await expect(
      runPlan(plan, send, {
        concurrency: 1,
        onRequestDone: () => {
          throw new Error('Excel refused the write');
        },
      }),
    ).rejects.toThrow('Excel refused the write');
    expect(calls.length).toBeLessThan(4);
  });

  test('an empty plan resolves at once with an empty map', async () => {
    const { send, calls } = echoSender();
    expect(await runPlan(planBatches([]), send)).toEqual(new Map());
    expect(calls).toHaveLength(0);
  });

  test('property: runPlan gives every row of the plan exactly one outcome, whatever send does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('A', 'B', 'C', 'D', '', 'E'), { maxLength: 30 }),
        fc.array(fc.constantFrom('ok', 'throw', 'partial'), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 4 }),
        async (titles, behaviours, concurrency) => {
          const plan = planBatches(
            titles.map((t, i) => ({ row: i + 1, spec: spec(t) })),
            { limit: 2 },
          );
          let n = 0;
          const send: SendBatch<string> = async (items) => {
            const b = behaviours[n++ % behaviours.length];
            if (b === 'throw') throw new Error('boom');
            const list = b === 'partial' ? items.slice(1) : items;
            return new Map(list.map((it) => [it.id, success(it.spec.title)]));
          };
          const out = await runPlan(plan, send, { concurrency });
          expect([...out.keys()].sort((a, b) => a - b)).toEqual(titles.map((_, i) => i + 1));
          for (const [row, o] of out) if (o.ok) expect(o.result).toBe(titles[row - 1]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
