/**
 * `npm run bench:batch`: the batch planner and the HTTP client together, as the task pane uses them.
 *
 * 1. planBatches alone (validation, dedupe, packing) for 10,000 and 100,000 rows.
 * 2. runPlan + batchSender over loopback against the scripted spec-faithful server, for 1,000 and 10,000
 *    rows with 30 % duplicates, at concurrency 1, 2 and 4: calls made, wall time, rows per second.
 * Figures are printed, never asserted; the server's pricing is trivial, so this measures the client side.
 */
import { JobMarketClient } from '../src/api/client';
import { batchSender } from '../src/api/batch-sender';
import { abortsRun } from '../src/api/errors';
import { jobSpec } from '../src/domain/job';
import { planBatches, type PlannerRow } from '../src/domain/planner';
import { runPlan } from '../src/domain/plan-runner';
import { startScriptedServer, TEST_TOKEN } from '../test/support/scripted-server';

/** `n` rows, 30 % of them repeating an earlier job (with different case/spacing), a few invalid. */
function sheet(n: number): PlannerRow[] {
  const unique = Math.round(n * 0.7);
  const rows: PlannerRow[] = [];
  for (let i = 0; i < n; i++) {
    const j = i < unique ? i : (i * 7919) % unique;
    const title = i < unique ? `Job title ${j}` : `  JOB TITLE ${j} `;
    const city = i % 97 === 0 ? 'Springfield' : ''; // D7: city without state → local failure
    rows.push({
      row: i + 2,
      spec: jobSpec({
        title,
        description: 'Designs and builds things.',
        scope: { state: j % 3 ? 'OH' : '', city },
      }),
    });
  }
  return rows;
}

function ms(t0: number): number {
  return Math.round((performance.now() - t0) * 10) / 10;
}

async function main(): Promise<void> {
  for (const n of [10_000, 100_000]) {
    const rows = sheet(n);
    const t0 = performance.now();
    const plan = planBatches(rows);
    console.log(
      `planBatches ${n} rows: ${ms(t0)} ms, ${plan.uniqueJobs} unique jobs, ${plan.localFailures.size} local failures, ${plan.requests.length} calls`,
    );
  }

  const server = await startScriptedServer();
  try {
    const client = new JobMarketClient({ baseUrl: server.url, getAccessToken: () => TEST_TOKEN });
    for (const n of [1_000, 10_000]) {
      const plan = planBatches(sheet(n));
      for (const concurrency of [1, 2, 4]) {
        const before = server.requests.length;
        const t0 = performance.now();
        const out = await runPlan(plan, batchSender(client), { concurrency, isFatal: abortsRun });
        const took = ms(t0);
        const priced = [...out.values()].filter((o) => o.ok).length;
        console.log(
          `runPlan ${n} rows, concurrency ${concurrency}: ${server.requests.length - before} calls, ${took} ms, ` +
            `${Math.round((n / took) * 1000)} rows/s, ${priced} priced, ${out.size - priced} failed`,
        );
      }
    }
  } finally {
    await server.close();
  }
}

void main();
