import { request } from 'node:http';
import type { JobSpec } from '../../../src/domain/job';
import type { ClientScope, PriceOutcome } from '../../../src/service/contracts';
import { mapInSlices } from '../../../src/service/http/slices';
import { EngineDouble } from '../support/engine-double';
import { startHarness } from '../support/harness';

/**
 * A batch must not hold the event loop while another client waits. Ordering, not timing,
 * is asserted: what runs between slices, and that a single call is answered while a batch is still being
 * priced (before slicing, it waited for the whole batch).
 */

describe('mapInSlices', () => {
  it('hands the loop back once a slice has used its budget, and keeps order and results', async () => {
    let clock = 0;
    const log: string[] = [];
    let ticking = true;
    const tick = (): void => {
      log.push('tick');
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const out = await mapInSlices(
      [1, 2, 3, 4, 5, 6, 7],
      (n, i) => {
        clock += 1; // each item "costs" 1 ms on the injected clock
        log.push(`item${i}`);
        return n * 10;
      },
      { budgetMs: 3, now: () => clock },
    );
    ticking = false;
    expect(out).toEqual([10, 20, 30, 40, 50, 60, 70]);
    // Three items per slice, then the loop runs (the ticker gets a turn) before the next slice.
    expect(log.join(' ')).toMatch(/^item0 item1 item2 (tick )+item3 item4 item5 (tick )+item6/);
  });

  it('does not yield when the work fits in one slice', async () => {
    let yielded = false;
    setImmediate(() => (yielded = true));
    await mapInSlices([1, 2, 3], (n) => n, { budgetMs: 1000 });
    expect(yielded).toBe(false);
  });
});

/** 200 jobs of ~3 ms each: a batch of about 600 ms of CPU, like 200 long titles with long descriptions. */
class SlowBatchEngine extends EngineDouble {
  batchJobsPriced = 0;
  override price(spec: JobSpec, scope: ClientScope): PriceOutcome {
    if (spec.title.startsWith('Slow')) {
      const until = performance.now() + 3;
      while (performance.now() < until) {
        /* busy: CPU work the event loop cannot interleave */
      }
      this.batchJobsPriced++;
    }
    return super.price(spec, scope);
  }
}

describe('a batch priced in slices does not make other clients wait for it', () => {
  it('a single call sent while a batch of 200 is priced is answered before the batch ends', async () => {
    const engine = new SlowBatchEngine();
    const h = await startHarness(engine);
    try {
      await h.token();
      const batch = Array.from({ length: 200 }, (_, i) => ({ SubRequestID: `S${i}`, JobTitle: `Slow ${i}` }));
      let batchDone = false;
      const batchCall = h.post('/DaaS/batchjobpricing', batch).then(async (res) => {
        batchDone = true;
        return (await res.json()) as { Code: number; Data: unknown[] };
      });
      while (engine.batchJobsPriced === 0) await new Promise((r) => setTimeout(r, 1));
      const single = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' });
      expect(single.status).toBe(200);
      expect(((await single.json()) as { Code: number }).Code).toBe(1);
      const pricedWhenAnswered = engine.batchJobsPriced;
      expect(batchDone).toBe(false);
      expect(pricedWhenAnswered).toBeLessThan(200);
      const answer = await batchCall;
      expect(answer.Code).toBe(1);
      expect(answer.Data).toHaveLength(200);
    } finally {
      await h.close();
    }
  });
});

describe('a batch whose client has hung up is not finished for nobody', () => {
  it('the service stops pricing between slices once the connection is gone, and logs it', async () => {
    const engine = new SlowBatchEngine();
    const h = await startHarness(engine);
    try {
      const token = await h.token();
      const body = JSON.stringify(
        Array.from({ length: 200 }, (_, i) => ({ SubRequestID: `S${i}`, JobTitle: `Slow ${i}` })),
      );
      const req = request(`${h.url}/DaaS/batchjobpricing`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      });
      req.on('error', () => undefined);
      req.end(body);
      while (engine.batchJobsPriced === 0) await new Promise((r) => setTimeout(r, 1));
      req.destroy();
      // 200 jobs take ~600 ms; give the service that long, then check it stopped well before the end.
      await new Promise((r) => setTimeout(r, 800));
      expect(engine.batchJobsPriced).toBeLessThan(100);
      const line = h.logLines.find((l) => l.includes('client left; batch stopped')) ?? '';
      expect(JSON.parse(line)).toMatchObject({ level: 'info', client: 'full-client' });
    } finally {
      await h.close();
    }
  });
});
