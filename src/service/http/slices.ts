/**
 * Work on a batch in time slices. Node runs one request's code at a time: a batch of
 * 200 jobs priced in one go holds the event loop for its whole cost (hundreds of milliseconds for long
 * titles and descriptions), and every other caller waits behind it. Here the items are mapped one by
 * one, and after `budgetMs` of work the loop is handed back (`setImmediate`, so pending I/O — another
 * client's request — runs first) before the next slice. A batch then delays others by about one slice.
 */

/** Work done between two yields: four batches in flight then add a few ms to a single call (bench:service). */
export const SLICE_BUDGET_MS = 1;

export interface SliceOptions {
  readonly budgetMs?: number;
  /** Milliseconds, monotonic; injectable so tests decide when a slice is used up. */
  readonly now?: () => number;
  /**
   * Asked at each yield: true when nobody will read the answer any more (the client disconnected). The
   * rest of the work is then dropped (WorkAbandoned), so sending a heavy batch and hanging up, again and
   * again, does not make the service do the whole work each time.
   */
  readonly abandoned?: () => boolean;
}

/** Thrown by mapInSlices when `abandoned()` said so; the handler answers nothing (there is no one to answer). */
export class WorkAbandoned extends Error {
  override readonly name = 'WorkAbandoned';
  constructor(readonly done: number) {
    super(`work abandoned after ${done} items: the client left`);
  }
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function mapInSlices<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R,
  options: SliceOptions = {},
): Promise<R[]> {
  const budgetMs = options.budgetMs ?? SLICE_BUDGET_MS;
  const now = options.now ?? (() => performance.now());
  const out: R[] = [];
  let sliceStarted = now();
  for (let i = 0; i < items.length; i++) {
    if (now() - sliceStarted >= budgetMs) {
      await yieldToLoop();
      if (options.abandoned?.()) throw new WorkAbandoned(i);
      sliceStarted = now();
    }
    out.push(fn(items[i] as T, i));
  }
  return out;
}
