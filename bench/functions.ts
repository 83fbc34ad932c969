/**
 * `npm run bench:functions`: the JOBPRICE.* custom functions as a sheet uses them, over loopback.
 *
 * For 1,000 cells over 250 distinct jobs and 10,000 cells over 2,000 jobs it measures, each from a cold
 * runtime: the service calls made and the time until every cell has settled; then a recalculation
 * (everything cached) and a "reopen" (new runtime, same OfficeRuntime.storage: the persisted cache).
 * The service is the reference service over data/build when that index exists, else the scripted
 * spec-faithful server (the first line says which). Figures are printed, never asserted.
 */
import { PATHS } from '../src/api/wire';
import { salary50 } from '../src/functions/functions';
import { createJobPricer } from '../src/formulas/pricer';
import { functionsPricer, installFunctionsPricer } from '../src/formulas/functions-pricer';
import { getSession, installSession } from '../src/session/session';
import {
  installCustomFunctions,
  installOfficeRuntime,
  MemoryOfficeStorage,
  shown,
} from '../test/functions/support/office-fakes';
import { jobArgs } from '../test/functions/support/jobs';
import { startPricingService, type PricingService } from '../test/functions/support/pricing-service';

interface Run {
  calls: number;
  batchCalls: number;
  ms: number;
  errors: number;
  firstError: string | null;
}

async function sheet(service: PricingService, cells: number, jobs: number): Promise<Run> {
  const before = { single: service.calls(PATHS.single), batch: service.calls(PATHS.batch) };
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: cells }, (_, i) => shown(salary50(...jobArgs(i % jobs)))),
  );
  const ms = performance.now() - started;
  const failed = results.filter((r) => 'error' in r);
  const batch = service.calls(PATHS.batch) - before.batch;
  return {
    calls: service.calls(PATHS.single) - before.single + batch,
    batchCalls: batch,
    ms,
    errors: failed.length,
    firstError: failed[0] && 'error' in failed[0] ? `${failed[0].error} ${failed[0].message ?? ''}` : null,
  };
}

async function scenario(service: PricingService, cells: number, jobs: number): Promise<void> {
  const storage = new MemoryOfficeStorage();
  installOfficeRuntime(storage);
  const fresh = async (): Promise<void> => {
    installSession(undefined);
    const session = getSession();
    await session.ready();
    installFunctionsPricer(createJobPricer({ session, storage }));
  };
  await fresh();
  const session = getSession();
  await session.updateSettings({ serviceUrl: service.url });
  await session.signInWithClientCredentials(service.clientId, service.clientSecret, { remember: false });

  const cold = await sheet(service, cells, jobs);
  const recalc = await sheet(service, cells, jobs);
  await functionsPricer().persist();
  const persistedKb = storage.charsUnder('jobprice.results.') / 1024;
  await fresh(); // reopen: new session and pricer, same storage; the same client signs in again
  await getSession().signInWithClientCredentials(service.clientId, service.clientSecret, {
    remember: false,
  });
  const reopened = await sheet(service, cells, jobs);

  const line = (label: string, r: Run): string =>
    `  ${label.padEnd(34)} calls ${String(r.calls).padStart(3)} (batch ${String(r.batchCalls).padStart(3)})   settled in ${r.ms.toFixed(0).padStart(5)} ms` +
    (r.errors ? `   errors ${r.errors}: ${r.firstError}` : '');
  console.log(`\n${cells.toLocaleString('en-US')} cells over ${jobs.toLocaleString('en-US')} distinct jobs`);
  console.log(line('cold (nothing cached)', cold));
  console.log(line('recalculate (memory cache)', recalc));
  console.log(line('reopen (persisted cache, same client)', reopened));
  console.log(`  persisted cache: ${persistedKb.toFixed(0)} KiB in OfficeRuntime.storage`);
}

async function main(): Promise<void> {
  installCustomFunctions();
  const service = await startPricingService();
  try {
    console.log(
      `bench:functions against the ${service.kind === 'reference' ? 'reference service (data/build)' : 'scripted spec-faithful server (no data/build index)'} at ${service.url}`,
    );
    console.log('coalesce window 50 ms (default), batches of <= 200, 4 calls at a time');
    await scenario(service, 1_000, 250);
    await scenario(service, 10_000, 2_000);
  } finally {
    await service.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
