/**
 * Time, in one place: the clock functions the add-in's waits run on, and the waits themselves. Everything
 * that waits takes `Timers` (default: the host's), so tests drive time instead of sleeping; none of these
 * waits is ever left hanging when its work or its caller's signal settles first.
 *
 * - `withTimeout` / `within`: bounded waits for work that may never settle (OfficeRuntime.storage can hang):
 *   the caller goes on after `ms` either way; they never reject.
 * - `sleep`: a pause that ends at once when the caller's signal aborts (a backoff the user cancels).
 * - `untilAborted`: someone else's promise, given up as soon as a signal aborts (a call the user cancels).
 */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

/** The work's value, or `fallback` when it fails or takes longer than `ms`. */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  fallback: T,
  timers: Timers = systemTimers,
): Promise<T> {
  return new Promise((resolve) => {
    const timer = timers.setTimeout(() => resolve(fallback), ms);
    work.then(
      (value) => {
        timers.clearTimeout(timer);
        resolve(value);
      },
      () => {
        timers.clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

/** Resolves after `work` settles or after `ms`, whichever is first. */
export function within(work: Promise<unknown>, ms: number, timers: Timers = systemTimers): Promise<void> {
  return withTimeout(
    work.then(() => undefined),
    ms,
    undefined,
    timers,
  );
}

/** The error the aborting waits reject with; callers that care say why the signal aborted. */
const aborted = (): Error => new Error('aborted');

/** Resolves after `ms`; rejects as soon as `signal` aborts, so cancelling never waits out a pause. */
export function sleep(ms: number, signal?: AbortSignal, timers: Timers = systemTimers): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const onAbort = (): void => {
      timers.clearTimeout(timer);
      reject(aborted());
    };
    const timer = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Settles with `promise`, or rejects as soon as `signal` aborts: a cancel never waits for slow work. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(aborted());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
