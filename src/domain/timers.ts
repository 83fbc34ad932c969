import { systemTimers, type Timers } from './coalescer';

/**
 * Waiting with a bound, for work that may never settle (OfficeRuntime.storage can hang): the caller goes
 * on after `ms` either way. Neither helper ever rejects.
 */

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
