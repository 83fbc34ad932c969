/**
 * `npm run bench:functions`: the JOBPRICE.* custom functions as a sheet uses them, over loopback.
 *
 * For 1,000 cells over 250 distinct jobs and 10,000 cells over 2,000 jobs it measures, each from a cold
 * runtime: the service calls made and the time until every cell has settled; then a recalculation
 * (everything cached) and a "reopen" (new runtime, same OfficeRuntime.storage: the persisted cache).
 * The service is the reference service over data/build when that index exists, else the scripted
 * spec-faithful server (the first line says which). Figures are printed, never asserted.
 *
 * Then the cold run again with every timer of the functions' runtime slowed tenfold, as a webview does
 * when the pane is closed or hidden: the 50 ms window becomes 500 ms, but a batch that reaches 200
 * distinct jobs is sent at once, so only the last partial batch waits for the slow window.
 */
import { PATHS } from '../src/api/wire';
import { salary50 } from '../src/functions/functions';
import type { Timers } from '../src/domain/timers';
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

/** Timers that fire `factor` times later than asked, as a hidden webview's throttled ones do. */
function slowedTimers(factor: number): Timers {
  return {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms * factor),
    clearTimeout: (handle) =>
      globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  };
}

async function scenario(service: PricingService, cells: number, jobs: number): Promise<void> {
  const storage = new MemoryOfficeStorage();
  installOfficeRuntime(storage);
  const fresh = async (store = storage, timers?: Timers): Promise<void> => {
    installOfficeRuntime(store);
    installSession(undefined);
    const session = getSession();
    await session.ready();
    installFunctionsPricer(createJobPricer({ session, storage: store, ...(timers ? { timers } : {}) }));
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

  // A hidden pane: a fresh runtime with nothing cached (new storage), every timer ten times slower.
  await fresh(new MemoryOfficeStorage(), slowedTimers(10));
  await getSession().updateSettings({ serviceUrl: service.url });
  await getSession().signInWithClientCredentials(service.clientId, service.clientSecret, {
    remember: false,
  });
  const hidden = await sheet(service, cells, jobs);

  const line = (label: string, r: Run): string =>
    `  ${label.padEnd(40)} calls ${String(r.calls).padStart(3)} (batch ${String(r.batchCalls).padStart(3)})   settled in ${r.ms.toFixed(0).padStart(5)} ms` +
    (r.errors ? `   errors ${r.errors}: ${r.firstError}` : '');
  console.log(`\n${cells.toLocaleString('en-US')} cells over ${jobs.toLocaleString('en-US')} distinct jobs`);
  console.log(line('cold (nothing cached)', cold));
  console.log(line('recalculate (memory cache)', recalc));
  console.log(line('reopen (persisted cache, same client)', reopened));
  console.log(line('cold, timers slowed 10x (hidden pane)', hidden));
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
