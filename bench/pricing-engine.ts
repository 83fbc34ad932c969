import { statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { jobSpec } from '../src/domain/job';
import { loadIndex } from '../src/service/data/load';
import { createPricingEngine, loadPricingEngine } from '../src/service/engine';
import { FULL_SCOPE, type Matcher } from '../src/service/contracts';
import { errorMessage } from '../src/domain/error-message';

/**
 * `npx tsx bench/pricing-engine.ts`: prints index size, start-up (load + matcher) time, price() timing
 * with and without matching cost, and a sample item. Figures are printed, never asserted.
 */
async function main(): Promise<void> {
  const dir = 'data/build';
  const bytes = readdirSync(dir).reduce((s, f) => s + statSync(join(dir, f)).size, 0);
  console.log(`index ${dir}: ${(bytes / 1024 / 1024).toFixed(1)} MiB`);

  const t0 = performance.now();
  const engine = await loadPricingEngine({ dataDir: dir });
  console.log(`start-up (load index + build matcher): ${Math.round(performance.now() - t0)} ms`);

  const jobs = [
    jobSpec({ title: 'Registered Nurse', scope: { state: 'CA', city: 'San Jose' } }),
    jobSpec({ title: 'Senior Software Engineer', scope: { zip: '10001', naics: '5112', fte: 2500 } }),
    jobSpec({ title: 'Cashier', scope: { zip: '38614' } }),
    jobSpec({ title: 'Accountant', scope: { state: 'TX', revenue: 20_000_000 } }),
    jobSpec({ title: 'Truck Driver', scope: { naics: '484121' } }),
  ];
  for (const j of jobs) engine.price(j, FULL_SCOPE); // warm-up
  const n = 2000;
  const t1 = performance.now();
  for (let i = 0; i < n; i++) engine.price(jobs[i % jobs.length] as (typeof jobs)[number], FULL_SCOPE);
  console.log(
    `price() incl. matching: ${(((performance.now() - t1) / n) * 1000).toFixed(1)} us per job (${n} jobs)`,
  );

  // Pricing alone: a matcher that answers at once, so only location, industry, size, level and bonus remain.
  const index = await loadIndex(dir);
  const fixed: Matcher = {
    match: () => ({
      onetCode: '29-1141.00',
      socCode: '29-1141',
      occupationTitle: 'Registered Nurses',
      rating: 'Confident',
      score: 1,
      jobFamilyName: 'Healthcare Practitioners and Technical Occupations',
      jobLevelName: '',
      levelShift: 0,
    }),
    rank: () => [],
    pinned: () => null,
  };
  const pricingOnly = createPricingEngine(index, fixed);
  const m = 100_000;
  const t2 = performance.now();
  for (let i = 0; i < m; i++) pricingOnly.price(jobs[i % jobs.length] as (typeof jobs)[number], FULL_SCOPE);
  console.log(
    `price() without matching: ${(((performance.now() - t2) / m) * 1000).toFixed(1)} us per job (${m} jobs)`,
  );

  const sample = engine.price(jobs[0] as (typeof jobs)[number], FULL_SCOPE);
  console.log('Registered Nurse, San Jose CA:');
  console.log(JSON.stringify(sample, null, 2));
}

main().catch((e: unknown) => {
  console.error(errorMessage(e));
  process.exit(1);
});
