import { createMemoryStorage, getSession, type KeyValueStorage } from './session';
import { createJobPricer, type JobPricer } from './pricer';

/**
 * The one JobPricer of this runtime. The pane, the commands and the functions are separate bundles in
 * one shared-runtime page, each with its own copy of this module, so the instance lives on globalThis
 * (as the session does): the pane's Refresh buttons drop entries from the very cache the cells read.
 */

const GLOBAL_KEY = '__jobpriceFunctionsPricer';

type Holder = Record<string, JobPricer | undefined>;

function officeStorage(): KeyValueStorage {
  const runtime = (globalThis as { OfficeRuntime?: { storage?: KeyValueStorage } }).OfficeRuntime;
  return runtime?.storage ?? createMemoryStorage();
}

/** Created on first use from the shared session and OfficeRuntime.storage. */
export function functionsPricer(): JobPricer {
  const holder = globalThis as unknown as Holder;
  const existing = holder[GLOBAL_KEY];
  if (existing) return existing;
  const created = createJobPricer({ session: getSession(), storage: officeStorage() });
  holder[GLOBAL_KEY] = created;
  return created;
}

/**
 * Replaces this runtime's pricer; `undefined` forgets it, so the next call builds a fresh one from storage
 * (what reopening the workbook does). For tests and benches, which give it their own clock, deadline or
 * storage; the add-in itself never calls it.
 */
export function installFunctionsPricer(pricer: JobPricer | undefined): void {
  const holder = globalThis as unknown as Holder;
  if (pricer === undefined) delete holder[GLOBAL_KEY];
  else holder[GLOBAL_KEY] = pricer;
}
