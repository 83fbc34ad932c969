/**
 * What became of one job. `R` is the result type (the api layer's JobResult); the domain does not
 * look inside it, so the planner, the coalescer and the cache stay free of the wire format.
 *
 * `kind` says where a failure came from, so callers can word it and decide what to keep:
 * - `local`: the add-in's own validation refused the job before any call (same text the service gives);
 * - `service`: the service answered Code -1 or an error item for this job (its Message / ErrorMessage);
 * - `transport`: the call itself failed (auth, network, timeout, 5xx after retries, malformed answer);
 * - `cancelled`: the user cancelled before this job was priced.
 */
export type FailureKind = 'local' | 'service' | 'transport' | 'cancelled';

export type JobOutcome<R> =
  | { readonly ok: true; readonly result: R }
  | { readonly ok: false; readonly kind: FailureKind; readonly message: string };

export function success<R>(result: R): JobOutcome<R> {
  return { ok: true, result };
}

export function failure<R>(kind: FailureKind, message: string): JobOutcome<R> {
  return { ok: false, kind, message };
}
