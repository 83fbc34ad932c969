import { createCoalescer, deadlineMessage, type JobFetcher } from '../../src/domain/coalescer';
import { errorMessage } from '../../src/domain/error-message';
import { jobKey, jobSpec, type JobSpec } from '../../src/domain/job';
import { failure, success, type JobOutcome } from '../../src/domain/outcome';

/** A fetcher that records its calls and answers with the title, or as the test scripts it. */
function recordingFetcher(
  answer: (spec: JobSpec) => JobOutcome<string> = (s) => success(s.title),
  opts: { hang?: boolean; fail?: Error } = {},
) {
  const calls: { kind: 'one' | 'batch'; titles: string[]; ids: string[] }[] = [];
  const wait = (signal: AbortSignal): Promise<never> =>
    new Promise((_, reject) =>
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
    );
  const fetcher: JobFetcher<string> = {
    async one(spec, signal) {
      calls.push({ kind: 'one', titles: [spec.title], ids: [] });
      if (opts.hang) return wait(signal);
      if (opts.fail) throw opts.fail;
      return answer(spec);
    },
    async batch(items, signal) {
      calls.push({ kind: 'batch', titles: items.map((i) => i.spec.title), ids: items.map((i) => i.id) });
      if (opts.hang) return wait(signal);
      if (opts.fail) throw opts.fail;
      return new Map(items.map((i) => [i.id, answer(i.spec)]));
    },
  };
  return { fetcher, calls };
}

const job = (title: string): JobSpec => jobSpec({ title });

function coalescerWith(
  fetcher: JobFetcher<string>,
  extra: Partial<Parameters<typeof createCoalescer<string>>[0]> = {},
) {
  return createCoalescer<string>({
    fetcher: () => fetcher,
    windowMs: () => 20,
    describeError: errorMessage,
    ...extra,
  });
}

describe('coalescer', () => {
  it('sends a batch the moment it holds 200 distinct jobs, without waiting for a window a hidden webview may never close', async () => {
    const { fetcher, calls } = recordingFetcher();
    // Timers that never fire: a pane hidden behind Excel, whose webview throttles them.
    const scheduled: number[] = [];
    const stalled = {
      setTimeout: (_fn: () => void, ms: number) => scheduled.push(ms),
      clearTimeout: () => undefined,
    };
    const c = coalescerWith(fetcher, { timers: stalled });
    const first = Array.from({ length: 200 }, (_, i) => job(`Job ${i}`));
    const answers = first.map((s) => c.request(jobKey(s), s));
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.titles).toEqual(first.map((s) => s.title));
    await expect(Promise.all(answers)).resolves.toEqual(first.map((s) => success(s.title)));
    // The 201st distinct job waits for its window (which these timers never close).
    void c.request(jobKey(job('Job 200')), job('Job 200'));
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(c.busy()).toBe(1);
  });

  it('counts distinct jobs, not requests, towards the 200', async () => {
    const { fetcher, calls } = recordingFetcher();
    const stalled = { setTimeout: () => 0, clearTimeout: () => undefined };
    const c = coalescerWith(fetcher, { timers: stalled });
    for (let i = 0; i < 400; i++) void c.request(jobKey(job(`Job ${i % 199}`)), job(`Job ${i % 199}`));
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    expect(c.busy()).toBe(199);
    void c.request(jobKey(job('Job 199')), job('Job 199'));
    await Promise.resolve();
    expect(calls.map((k) => k.titles.length)).toEqual([200]);
  });

  it('merges 1,000 requests over 250 distinct jobs into exactly 2 batch calls of at most 200', async () => {
    const { fetcher, calls } = recordingFetcher();
    const c = coalescerWith(fetcher);
    const specs = Array.from({ length: 1000 }, (_, i) => job(`Job ${i % 250}`));
    const outcomes = await Promise.all(specs.map((s) => c.request(jobKey(s), s)));
    expect(calls).toHaveLength(2);
    expect(calls.every((k) => k.kind === 'batch' && k.titles.length <= 200)).toBe(true);
    expect(new Set(calls.flatMap((k) => k.titles)).size).toBe(250);
    // Every requester got its own job's answer.
    outcomes.forEach((o, i) => expect(o).toEqual(success(`Job ${i % 250}`)));
    expect(c.stats()).toMatchObject({ calls: 2, batchCalls: 2, jobsSent: 250, deduped: 750 });
  });

  it('sends a lone job to the single endpoint', async () => {
    const { fetcher, calls } = recordingFetcher();
    const c = coalescerWith(fetcher);
    const s = job('Nurse');
    await expect(Promise.all([c.request(jobKey(s), s), c.request(jobKey(s), s)])).resolves.toEqual([
      success('Nurse'),
      success('Nurse'),
    ]);
    expect(calls).toEqual([{ kind: 'one', titles: ['Nurse'], ids: [] }]);
  });

  it('uses SubRequestIDs unique within each batch', async () => {
    const { fetcher, calls } = recordingFetcher();
    const c = coalescerWith(fetcher);
    await Promise.all(['a', 'b', 'c'].map((t) => c.request(t, job(t))));
    expect(calls[0]?.ids).toEqual(['1', '2', '3']);
  });

  it('does not request a job again while it is in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: string[][] = [];
    const fetcher: JobFetcher<string> = {
      one: async (spec) => {
        calls.push([spec.title]);
        await gate;
        return success(spec.title);
      },
      batch: async (items) => {
        calls.push(items.map((i) => i.spec.title));
        await gate;
        return new Map(items.map((i) => [i.id, success(i.spec.title)]));
      },
    };
    const c = coalescerWith(fetcher);
    const first = c.request('a', job('a'));
    await new Promise((r) => setTimeout(r, 60)); // the window closed; 'a' is on its way
    expect(calls).toEqual([['a']]);
    const again = c.request('a', job('a'));
    const other = c.request('b', job('b'));
    await new Promise((r) => setTimeout(r, 60));
    release();
    await expect(Promise.all([first, again, other])).resolves.toEqual([
      success('a'),
      success('a'),
      success('b'),
    ]);
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('keeps the service business failure for its own job only', async () => {
    const { fetcher } = recordingFetcher((s) =>
      s.title === 'bad' ? failure('service', 'No matching job found') : success(s.title),
    );
    const c = coalescerWith(fetcher);
    const [good, bad] = await Promise.all([c.request('good', job('good')), c.request('bad', job('bad'))]);
    expect(good).toEqual(success('good'));
    expect(bad).toEqual(failure('service', 'No matching job found'));
  });

  it('settles every request by the deadline when the service hangs, and aborts the call', async () => {
    const { fetcher, calls } = recordingFetcher(undefined, { hang: true });
    const c = coalescerWith(fetcher, { deadlineMs: 300 });
    const outcomes = await Promise.all(['a', 'b', 'a'].map((t) => c.request(t, job(t))));
    expect(calls).toHaveLength(1);
    for (const o of outcomes) expect(o).toEqual(failure('transport', deadlineMessage(300)));
    expect(c.busy()).toBe(0);
  });

  it('fails every job of a batch that fails as a whole, with the reason, and does not cache-poison later requests', async () => {
    const boom = new Error('Could not reach the service at http://127.0.0.1:1: ECONNREFUSED');
    const { fetcher, calls } = recordingFetcher(undefined, { fail: boom });
    const c = coalescerWith(fetcher);
    const outcomes = await Promise.all(['a', 'b', 'c'].map((t) => c.request(t, job(t))));
    for (const o of outcomes) expect(o).toEqual(failure('transport', boom.message));
    // A new request for the same job is sent again: a transport failure is not an answer.
    await c.request('a', job('a'));
    expect(calls).toHaveLength(2);
  });

  it('after a fatal error (401) fails the queued batches without sending them', async () => {
    const unauthorized = new Error(
      'The service rejected the access token (401). Sign in again under Connection in the JobPrice pane.',
    );
    const { fetcher, calls } = recordingFetcher(undefined, { fail: unauthorized });
    const c = coalescerWith(fetcher, { maxConcurrent: 1, isFatal: () => true });
    const specs = Array.from({ length: 450 }, (_, i) => job(`J${i}`));
    const outcomes = await Promise.all(specs.map((s) => c.request(s.title, s)));
    // Batch 1 (200) is sent and refused; batch 2 (200), queued behind it, is failed unsent; the last 50
    // were still in their window and go out on their own (a sign-in may have happened meanwhile).
    expect(calls.map((k) => k.titles.length)).toEqual([200, 50]);
    expect(outcomes.every((o) => !o.ok && o.message === unauthorized.message)).toBe(true);
  });

  it("gives a job missing from the batch answer a transport failure, never another job's figures", async () => {
    const fetcher: JobFetcher<string> = {
      one: async (s) => success(s.title),
      batch: async (items) => new Map([[items[0]?.id ?? '', success('first')]]),
    };
    const c = coalescerWith(fetcher);
    const [a, b] = await Promise.all([c.request('a', job('a')), c.request('b', job('b'))]);
    expect(a).toEqual(success('first'));
    expect(b).toEqual(failure('transport', 'The service returned no result for this job.'));
  });

  it('reports every fetched outcome to onFetched, even after its requester timed out', async () => {
    // Timeline (ms): request 0, window closes and the call starts 200, the requester's deadline 600,
    // the answer 700, the call's own abort 800. Timers fire in the order they fall due, so the
    // requester has timed out before the answer arrives, however slow the machine.
    const seen: string[] = [];
    let answered!: () => void;
    const answer = new Promise<void>((r) => (answered = r));
    const fetcher: JobFetcher<string> = {
      one: async (s) => {
        await new Promise((r) => setTimeout(r, 500));
        setTimeout(answered, 50); // time enough for the coalescer to hand the answer on
        return success(s.title);
      },
      batch: async () => new Map(),
    };
    const c = coalescerWith(fetcher, {
      windowMs: () => 200,
      maxWindows: 1,
      deadlineMs: 600,
      onFetched: (key, _spec, outcome) => seen.push(`${key}: ${outcome.ok ? 'ok' : outcome.message}`),
    });
    const outcome = await c.request('slow', job('slow'));
    expect(outcome).toEqual(failure('transport', deadlineMessage(600)));
    expect(seen).toEqual([]);
    await answer;
    expect(seen).toEqual(['slow: ok']);
  });

  it('extends the window while requests keep coming, up to maxWindows windows', async () => {
    const { fetcher, calls } = recordingFetcher();
    const c = coalescerWith(fetcher, { windowMs: () => 40, maxWindows: 4 });
    const all: Promise<unknown>[] = [];
    for (let i = 0; i < 5; i++) {
      all.push(c.request(`t${i}`, job(`t${i}`)));
      await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.all(all);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.titles).toHaveLength(5);
  });

  it('runs on an injected clock and timers: nothing is sent before the window closes, all of it after', async () => {
    let now = 0;
    const due: { at: number; fn: () => void; id: number }[] = [];
    let nextId = 0;
    const timers = {
      setTimeout: (fn: () => void, ms: number) => {
        const id = ++nextId;
        due.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (id: unknown) => {
        const i = due.findIndex((d) => d.id === id);
        if (i >= 0) due.splice(i, 1);
      },
    };
    const advance = (ms: number): void => {
      now += ms;
      for (;;) {
        due.sort((a, b) => a.at - b.at);
        const first = due[0];
        if (first === undefined || first.at > now) break;
        due.shift();
        first.fn();
      }
    };
    const { fetcher, calls } = recordingFetcher();
    const c = coalescerWith(fetcher, { windowMs: () => 50, now: () => now, timers });
    const a = c.request('a', job('a'));
    advance(49);
    const b = c.request('b', job('b')); // extends the window to t=99
    advance(49);
    expect(calls).toHaveLength(0);
    advance(1);
    expect(calls).toHaveLength(1);
    await expect(Promise.all([a, b])).resolves.toEqual([success('a'), success('b')]);
    // The deadline timers were cleared when the answers came: nothing is left to fire.
    expect(due).toHaveLength(0);
  });
});
