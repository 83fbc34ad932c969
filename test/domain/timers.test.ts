/** The one timers module (docs/architecture.md): bounded waits, an abortable sleep, an abortable wait. */
import { sleep, untilAborted, within, withTimeout, type Timers } from '../../src/domain/timers';

/** Timers that fire only when the test says: `advance(ms)` runs what falls due, in order. */
function manualTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn, ms) => {
      due.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
    advance(ms) {
      now += ms;
      for (const [id, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at > now) break;
        due.delete(id);
        t.fn();
      }
    },
    pending: () => due.size,
  };
}

const settled = async <T>(p: Promise<T>): Promise<{ value?: T; error?: unknown } | 'pending'> => {
  let out: { value?: T; error?: unknown } | 'pending' = 'pending';
  p.then(
    (value) => (out = { value }),
    (error: unknown) => (out = { error }),
  );
  await new Promise((r) => setImmediate(r));
  return out;
};

describe('withTimeout and within', () => {
  it('gives the work its value when it is in time, and clears its timer', async () => {
    const timers = manualTimers();
    await expect(withTimeout(Promise.resolve('saved'), 100, 'late', timers)).resolves.toBe('saved');
    expect(timers.pending()).toBe(0);
  });

  it('gives the fallback after `ms` when the work never settles, and when it fails', async () => {
    const timers = manualTimers();
    const hanging = withTimeout(new Promise<string>(() => undefined), 100, 'late', timers);
    timers.advance(99);
    expect(await settled(hanging)).toBe('pending');
    timers.advance(1);
    await expect(hanging).resolves.toBe('late');
    await expect(withTimeout(Promise.reject(new Error('x')), 100, 'failed', timers)).resolves.toBe('failed');
  });

  it('within never rejects: the caller goes on either way', async () => {
    const timers = manualTimers();
    await expect(within(Promise.reject(new Error('storage broke')), 50, timers)).resolves.toBeUndefined();
  });
});

describe('sleep', () => {
  it('resolves after `ms`', async () => {
    const timers = manualTimers();
    const pause = sleep(300, undefined, timers);
    timers.advance(299);
    expect(await settled(pause)).toBe('pending');
    timers.advance(1);
    await expect(pause).resolves.toBeUndefined();
  });

  it('rejects at once when the signal aborts, and forgets its timer', async () => {
    const timers = manualTimers();
    const cancel = new AbortController();
    const pause = sleep(8000, cancel.signal, timers);
    cancel.abort();
    await expect(pause).rejects.toThrow('aborted');
    expect(timers.pending()).toBe(0);
    await expect(sleep(10, cancel.signal, timers)).rejects.toThrow('aborted');
  });
});

describe('untilAborted', () => {
  it('settles with the work when no one cancels', async () => {
    await expect(untilAborted(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7);
    await expect(
      untilAborted(Promise.reject(new Error('503')), new AbortController().signal),
    ).rejects.toThrow('503');
  });

  it('rejects as soon as the signal aborts, without waiting for the work', async () => {
    const cancel = new AbortController();
    const waiting = untilAborted(new Promise<number>(() => undefined), cancel.signal);
    cancel.abort();
    await expect(waiting).rejects.toThrow('aborted');
    await expect(untilAborted(Promise.reject(new Error('ignored')), cancel.signal)).rejects.toThrow(
      'aborted',
    );
  });
});
