import { getSession } from '../session/session';
import { createJobPricer, type JobPricer } from './pricer';
import { runtimeStorage } from '../session/storage';

/**
 * The one JobPricer of this runtime, an ordinary module singleton: the pane, the commands and the
 * functions share one webpack runtime (webpack.config.js), so the pane's Refresh buttons drop entries
 * from the very cache the cells read.
 */

let instance: JobPricer | undefined;

/** Created on first use from the shared session and OfficeRuntime.storage. */
export function functionsPricer(): JobPricer {
  instance ??= createJobPricer({ session: getSession(), storage: runtimeStorage() });
  return instance;
}

/**
 * Replaces this runtime's pricer; `undefined` forgets it, so the next call builds a fresh one from storage
 * (what reopening the workbook does). For tests and benches, which give it their own clock, deadline or
 * storage; the add-in itself never calls it.
 */
export function installFunctionsPricer(pricer: JobPricer | undefined): void {
  instance = pricer;
}
