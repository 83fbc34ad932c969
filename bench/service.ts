import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import type { JobResult } from '../src/api/wire';
import { clientWithSecret } from '../src/service/auth/clients';
import { createService } from '../src/service/server';
import { DISTINCT_TITLES } from './distinct-titles';
import {
  agent,
  checkoutLabel,
  childPids,
  hasCompiledService,
  loadAverage,
  option,
  percentile,
  post,
  ROOT,
  rssMb,
  send,
  signIn,
  spawnService,
} from './service-harness';
import {
  batchBodies,
  candidateBody,
  heavyBatchBodies,
  MIX_DESCRIPTION,
  singleBodies as makeSingleBodies,
} from './service-mix';

/**
 * `npm run bench:service [-- --baseline <checkout>] [--rounds N] [--workers N]`: starts the real
 * reference service in a child process and measures over loopback: start-up, resident memory, single
 * and batch latency, jobs per second, candidate lists, single calls while batches run, the health
 * routes, and the HTTP layer alone. Then the same service with JOBPRICE_WORKERS: start-up, and resident
 * memory per worker and in total.
 *
 * `--baseline <dir>`: another checkout of this repository (e.g. `git worktree add ../base <commit>`,
 * then `npm ci` and `npm run data:build` there) measured in the same run, one after the other, and
 * printed side by side: on a shared machine only figures of one run compare. `--rounds N` repeats both
 * in alternating order and prints each figure's median. Both run the same way, as `node --import tsx
 * src/service/main.ts` from their own folder (every version has that entry); the compiled start-up
 * (`node dist/service/main.js`, what `npm run service` runs) is a row of its own where a build exists.
 *
 * Latencies are client-observed (they include the client's own HTTP work). Figures are printed, never
 * asserted.
 */

const TARGETS = {
  startupMs: 1200,
  rssWarmMb: 250,
  rssRunsMb: 350,
  singleP50Ms: 2,
  candidatesP50Ms: 60,
  singleUnderLoadP99Ms: 50,
  healthP99Ms: 5,
};
const WARMUP_SINGLES = 300;
const WARMUP_BATCHES = 5;
const SINGLE_CALLS = 2000;
const BATCH_CALLS = 60;
const THROUGHPUT_BATCHES = 40;
const THROUGHPUT_CONCURRENCY = 4;
const CANDIDATE_CALLS = 60;
const LOAD_BATCHES = 4;
const LOAD_SINGLES = 400;
/** A service that does not slice its batches makes each single wait a whole batch: stop timing after this. */
const LOAD_PHASE_MAX_MS = 15_000;
const HEALTH_CALLS = 500;

interface Options {
  readonly baseline: string | null;
  readonly rounds: number;
  readonly workers: number;
}

function options(argv: readonly string[]): Options {
  const value = (name: string): string | undefined => option(argv, name);
  const baseline = value('--baseline');
  const rounds = Number(value('--rounds') ?? 1);
  const workers = Number(value('--workers') ?? cpus().length);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number >= 1');
  if (!Number.isInteger(workers) || workers < 1) throw new Error('--workers must be a whole number >= 1');
  return { baseline: baseline === undefined ? null : resolve(baseline), rounds, workers };
}

/** One variant's figures; null where the variant has no such route (an older version). */
type Figures = Record<FigureName, number | null>;
type FigureName =
  | 'startupMs'
  | 'modulesMs'
  | 'dataMs'
  | 'compiledStartupMs'
  | 'rssWarm'
  | 'rssRuns'
  | 'rssLoad'
  | 'singleP50'
  | 'singleP99'
  | 'batchP50'
  | 'batchP99'
  | 'distinctP50'
  | 'distinctP99'
  | 'jobsPerSecond'
  | 'candidatesP50'
  | 'candidatesP99'
  | 'underLoadP50'
  | 'underLoadP99'
  | 'heavyLoadP50'
  | 'heavyLoadP99'
  | 'healthP50'
  | 'healthP99'
  | 'overheadSingleP50'
  | 'overheadBatchP50';

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

async function measure(dir: string, withOverhead: boolean): Promise<{ figures: Figures; notes: string }> {
  const service = await spawnService({ dir, runner: 'tsx' });
  // The service's own 'ready' log line splits start-up into module loading (Node + tsx) and data.
  await new Promise((r) => setTimeout(r, 100));
  const ready = /"event":"ready".*/.exec(service.stderr())?.[0] ?? '';
  const phase = (name: string): number | null => {
    const m = new RegExp(`"${name}":(\\d+)`).exec(ready)?.[1];
    return m === undefined ? null : Number(m);
  };
  const base = service.url;
  try {
    const headers = await signIn(base, service.clientId, service.clientSecret);
    const singles = makeSingleBodies();
    const batches = batchBodies();
    for (let i = 0; i < WARMUP_SINGLES; i++)
      await post(base, '/DaaS/jobpricing', singles[i % singles.length] ?? '', headers);
    for (let i = 0; i < WARMUP_BATCHES; i++)
      await post(base, '/DaaS/batchjobpricing', batches[i % batches.length] ?? '', headers);
    const rssWarm = rssMb(service.pid);

    let matched = 0;
    const single: number[] = [];
    for (let i = 0; i < SINGLE_CALLS; i++) {
      const t = performance.now();
      const res = await post(base, '/DaaS/jobpricing', singles[i % singles.length] ?? '', headers);
      single.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`single call answered ${res.status}: ${res.text}`);
      if ((JSON.parse(res.text) as { Code: number }).Code === 1) matched++;
    }

    const batch: number[] = [];
    let batchItems = 0;
    let batchPriced = 0;
    for (let i = 0; i < BATCH_CALLS; i++) {
      const t = performance.now();
      const res = await post(base, '/DaaS/batchjobpricing', batches[i % batches.length] ?? '', headers);
      batch.push(performance.now() - t);
      const json = JSON.parse(res.text) as { Code: number; Data: Record<string, unknown>[] };
      batchItems += json.Data.length;
      batchPriced += json.Data.filter((d) => d['ErrorMessage'] === undefined).length;
    }

    // The same work with no title repeated: 200 distinct titles per batch (a batch matches each distinct
    // title once, so the mix above, 32 titles per 200 jobs, matches fewer).
    const distinct: number[] = [];
    const distinctBody = candidateBody();
    for (let i = 0; i < BATCH_CALLS + 5; i++) {
      const t = performance.now();
      const res = await post(base, '/DaaS/batchjobpricing', distinctBody, headers);
      if (i >= 5) distinct.push(performance.now() - t);
      if (res.status !== 200)
        throw new Error(`distinct batch answered ${res.status}: ${res.text.slice(0, 200)}`);
    }

    const tpStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: THROUGHPUT_CONCURRENCY }, async () => {
        while (next < THROUGHPUT_BATCHES) {
          const i = next++;
          await post(base, '/DaaS/batchjobpricing', batches[i % batches.length] ?? '', headers);
        }
      }),
    );
    const jobsPerSecond = (THROUGHPUT_BATCHES * 200) / ((performance.now() - tpStart) / 1000);
    const candidates = await candidateBatches(base, headers);
    const rssRuns = rssMb(service.pid);
    const underLoad = await singleUnderBatchLoad(base, headers, singles, batches);
    const underHeavyLoad = await singleUnderBatchLoad(base, headers, singles, heavyBatchBodies());
    const rssLoad = rssMb(service.pid);
    const health = await healthCalls(base);

    // The HTTP layer alone: the same bodies through an in-process service (this checkout's) whose
    // engine returns a fixed, real-sized result, so what is left is auth, body, validation,
    // serialisation and the client's work.
    let overhead: { singleP50: number; batchP50: number } | null = null;
    if (withOverhead) {
      const sample = JSON.parse((await post(base, '/DaaS/jobpricing', singles[0] ?? '', headers)).text) as {
        Data: JobResult;
      };
      overhead = await httpOverhead(sample.Data, singles, batches);
    }

    const s = sorted(single);
    const b = sorted(batch);
    const figures: Figures = {
      startupMs: service.startupMs,
      modulesMs: phase('modulesMs'),
      dataMs: phase('clientsAndEngineMs'),
      compiledStartupMs: null,
      rssWarm,
      rssRuns,
      rssLoad,
      singleP50: percentile(s, 50),
      singleP99: percentile(s, 99),
      batchP50: percentile(b, 50),
      batchP99: percentile(b, 99),
      distinctP50: percentile(sorted(distinct), 50),
      distinctP99: percentile(sorted(distinct), 99),
      jobsPerSecond,
      candidatesP50: candidates === null ? null : percentile(candidates.times, 50),
      candidatesP99: candidates === null ? null : percentile(candidates.times, 99),
      underLoadP50: percentile(underLoad.times, 50),
      underLoadP99: percentile(underLoad.times, 99),
      heavyLoadP50: percentile(underHeavyLoad.times, 50),
      heavyLoadP99: percentile(underHeavyLoad.times, 99),
      healthP50: health === null ? null : percentile(health, 50),
      healthP99: health === null ? null : percentile(health, 99),
      overheadSingleP50: overhead?.singleP50 ?? null,
      overheadBatchP50: overhead?.batchP50 ?? null,
    };
    const notes =
      `single calls priced (Code 1): ${matched}/${SINGLE_CALLS}; batch items priced: ${batchPriced}/${batchItems}` +
      (candidates === null
        ? '; no candidate lists (no /DaaS/batchjobmatch)'
        : `; ${candidates.listed} candidates listed per batch`) +
      `; singles timed under load: ${underLoad.times.length} (beside ${underLoad.batches} batches), ` +
      `heavy: ${underHeavyLoad.times.length} (beside ${underHeavyLoad.batches})`;
    return { figures, notes };
  } finally {
    await service.stop();
  }
}

/** Spawn → listening of the compiled service (what `npm run service` runs), best of three. */
async function compiledStartup(dir: string): Promise<number | null> {
  if (!hasCompiledService(dir)) return null;
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const service = await spawnService({ dir, runner: 'compiled' });
    best = Math.min(best, service.startupMs);
    await service.stop();
  }
  return best;
}

/** GET /healthz, one call after another; null when the service has no such route. */
async function healthCalls(base: URL): Promise<number[] | null> {
  const times: number[] = [];
  for (let i = 0; i < HEALTH_CALLS; i++) {
    const t = performance.now();
    const res = await send(base, 'GET', i % 2 === 0 ? '/healthz' : '/readyz', '', {});
    times.push(performance.now() - t);
    if (res.status === 404) return null;
    if (res.status !== 200) throw new Error(`health call answered ${res.status}: ${res.text}`);
  }
  return sorted(times);
}

async function httpOverhead(
  result: JobResult,
  singleBodies: string[],
  batchBodies: string[],
): Promise<{ singleP50: number; batchP50: number }> {
  const secret = randomBytes(24).toString('base64url');
  const service = await createService({
    engine: { price: () => ({ ok: true, result }), candidates: () => ({ ok: true, candidates: [] }) },
    clients: [await clientWithSecret('overhead', secret)],
    tokenSecret: randomBytes(32),
  });
  try {
    const base = new URL((await service.listen('127.0.0.1', 0)).url);
    const headers = await signIn(base, 'overhead', secret);
    const single: number[] = [];
    const batch: number[] = [];
    for (let i = 0; i < 1300; i++) {
      const t = performance.now();
      await post(base, '/DaaS/jobpricing', singleBodies[i % singleBodies.length] ?? '', headers);
      if (i >= 300) single.push(performance.now() - t);
    }
    for (let i = 0; i < 45; i++) {
      const t = performance.now();
      await post(base, '/DaaS/batchjobpricing', batchBodies[i % batchBodies.length] ?? '', headers);
      if (i >= 5) batch.push(performance.now() - t);
    }
    return { singleP50: percentile(sorted(single), 50), batchP50: percentile(sorted(batch), 50) };
  } finally {
    await service.close(100);
  }
}

/**
 * Single calls, one after another, while LOAD_BATCHES batch-of-200 calls are kept in flight the whole
 * time (each loop posts its next batch as soon as the last one is answered). What the single call waits
 * for is the batches' work between two of their slices. At most LOAD_SINGLES calls or
 * LOAD_PHASE_MAX_MS.
 */
async function singleUnderBatchLoad(
  base: URL,
  headers: Record<string, string>,
  singleBodies: string[],
  batchBodies: string[],
): Promise<{ times: number[]; batches: number }> {
  let running = true;
  const deadline = performance.now() + LOAD_PHASE_MAX_MS;
  let batches = 0;
  // A loop that fails stops the phase; its error is thrown once every loop has ended.
  let failure: unknown = null;
  const loops = Array.from({ length: LOAD_BATCHES }, async (_, k) => {
    for (let i = k; running; i += LOAD_BATCHES) {
      const res = await post(
        base,
        '/DaaS/batchjobpricing',
        batchBodies[i % batchBodies.length] ?? '',
        headers,
      );
      if (res.status !== 200)
        throw new Error(`batch under load answered ${res.status}: ${res.text.slice(0, 200)}`);
      batches++;
    }
  }).map((loop) =>
    loop.catch((err: unknown) => {
      failure ??= err;
      running = false;
    }),
  );
  // Let every batch loop get its first request in before measuring.
  await new Promise((r) => setTimeout(r, 50));
  const times: number[] = [];
  try {
    for (let i = 0; i < LOAD_SINGLES && performance.now() < deadline && running; i++) {
      const t = performance.now();
      const res = await post(base, '/DaaS/jobpricing', singleBodies[i % singleBodies.length] ?? '', headers);
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`single under load answered ${res.status}`);
    }
  } finally {
    running = false;
    await Promise.all(loops);
  }
  if (failure !== null) throw failure;
  return { times: sorted(times), batches };
}

/**
 * D18 candidate lists (MaxCandidates 5) for a batch of 200 distinct titles, the call the pane's "Review
 * matches" makes, after 5 warm-up calls; null when the service has no such operation.
 */
async function candidateBatches(
  base: URL,
  headers: Record<string, string>,
): Promise<{ times: number[]; listed: number } | null> {
  const body = candidateBody();
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < CANDIDATE_CALLS + 5; i++) {
    const t = performance.now();
    const res = await post(base, '/DaaS/batchjobmatch', body, headers);
    if (res.status === 404) return null;
    if (i >= 5) times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`batchjobmatch answered ${res.status}: ${res.text}`);
    const json = JSON.parse(res.text) as { Data: { Candidates?: unknown[] }[] };
    listed = json.Data.reduce((n, d) => n + (d.Candidates?.length ?? 0), 0);
  }
  return { times: sorted(times), listed };
}

/**
 * This checkout with JOBPRICE_WORKERS=n: start-up (every worker listening), and resident memory of the
 * primary, of each worker and in total, after a warm-up of every worker and after a run of batches.
 */
async function workersRun(n: number): Promise<string[]> {
  const runner = hasCompiledService(ROOT) ? 'compiled' : 'tsx';
  const service = await spawnService({ dir: ROOT, runner, env: { JOBPRICE_WORKERS: String(n) } });
  try {
    const headers = await signIn(service.url, service.clientId, service.clientSecret);
    const batches = batchBodies();
    // Connections are spread over the workers; 4n of them in flight warm every worker.
    const run = async (count: number): Promise<number> => {
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 * n }, async () => {
          while (next < count) {
            const i = next++;
            await post(service.url, '/DaaS/batchjobpricing', batches[i % batches.length] ?? '', headers);
          }
        }),
      );
      return (count * 200) / ((performance.now() - started) / 1000);
    };
    await run(10 * n);
    const memory = (): string => {
      const workers = childPids(service.pid).map(rssMb);
      const primary = rssMb(service.pid);
      const total = primary + workers.reduce((a, b) => a + b, 0);
      return `primary ${primary.toFixed(0)} MB, workers ${workers.map((w) => w.toFixed(0)).join(' / ')} MB, total ${total.toFixed(0)} MB`;
    };
    const warm = memory();
    const jobsPerSecond = await run(THROUGHPUT_BATCHES * n);
    const after = memory();
    return [
      `JOBPRICE_WORKERS=${n} (${runner === 'compiled' ? 'node dist/service/main.js' : 'tsx src/service/main.ts'}): ` +
        `start-up (spawn → every worker listening) ${service.startupMs.toFixed(0)} ms`,
      `  resident memory after warm-up: ${warm}`,
      `  resident memory after ${THROUGHPUT_BATCHES * n} batches of 200 (${4 * n} in flight, ${jobsPerSecond.toFixed(0)} jobs/s): ${after}`,
    ];
  } finally {
    await service.stop();
  }
}

const ROWS: readonly {
  readonly name: FigureName;
  readonly label: string;
  readonly unit: 'ms' | 'MB' | '';
  readonly digits: number;
  /** Printed target, and whether a figure meets it (given the baseline's figure, or null). */
  readonly target?: readonly [string, (value: number, base: number | null) => boolean];
}[] = [
  {
    name: 'startupMs',
    label: 'start-up (spawn → listening), tsx',
    unit: 'ms',
    digits: 0,
    target: [`< ${TARGETS.startupMs} ms`, (v) => v < TARGETS.startupMs],
  },
  { name: 'modulesMs', label: '  of which: modules', unit: 'ms', digits: 0 },
  { name: 'dataMs', label: '  of which: clients + index + matcher', unit: 'ms', digits: 0 },
  {
    name: 'compiledStartupMs',
    label: 'start-up, compiled (npm run service), best of 3',
    unit: 'ms',
    digits: 0,
    target: [`< ${TARGETS.startupMs} ms`, (v) => v < TARGETS.startupMs],
  },
  {
    name: 'rssWarm',
    label: 'resident memory after warm-up',
    unit: 'MB',
    digits: 0,
    target: [`< ${TARGETS.rssWarmMb} MB`, (v) => v < TARGETS.rssWarmMb],
  },
  { name: 'rssRuns', label: 'resident memory after the timed runs', unit: 'MB', digits: 0 },
  {
    name: 'rssLoad',
    label: "resident memory after the bench's runs (incl. load)",
    unit: 'MB',
    digits: 0,
    target: [`< ${TARGETS.rssRunsMb} MB`, (v) => v < TARGETS.rssRunsMb],
  },
  {
    name: 'singleP50',
    label: `single match p50 (${SINGLE_CALLS} calls)`,
    unit: 'ms',
    digits: 3,
    target: [`< ${TARGETS.singleP50Ms} ms`, (v) => v < TARGETS.singleP50Ms],
  },
  { name: 'singleP99', label: 'single match p99', unit: 'ms', digits: 3 },
  {
    name: 'batchP50',
    label: `batch of 200 p50 (${BATCH_CALLS} calls)`,
    unit: 'ms',
    digits: 1,
    target: ['<= baseline', (v, b) => b === null || v <= b],
  },
  { name: 'batchP99', label: 'batch of 200 p99', unit: 'ms', digits: 1 },
  {
    name: 'distinctP50',
    label: `batch of 200 distinct titles p50 (${BATCH_CALLS} calls)`,
    unit: 'ms',
    digits: 1,
    target: ['<= baseline', (v, b) => b === null || v <= b],
  },
  { name: 'distinctP99', label: 'batch of 200 distinct titles p99', unit: 'ms', digits: 1 },
  {
    name: 'jobsPerSecond',
    label: `jobs per second (batches of 200, ${THROUGHPUT_CONCURRENCY} in flight)`,
    unit: '',
    digits: 0,
    target: ['>= baseline', (v, b) => b === null || v >= b],
  },
  {
    name: 'candidatesP50',
    label: `candidates, batch of 200 distinct titles p50 (${CANDIDATE_CALLS} calls)`,
    unit: 'ms',
    digits: 1,
    target: [`< ${TARGETS.candidatesP50Ms} ms`, (v) => v < TARGETS.candidatesP50Ms],
  },
  { name: 'candidatesP99', label: 'candidates, batch of 200 p99', unit: 'ms', digits: 1 },
  {
    name: 'underLoadP50',
    label: `single p50 while ${LOAD_BATCHES} batches of 200 run`,
    unit: 'ms',
    digits: 1,
  },
  {
    name: 'underLoadP99',
    label: `single p99 while ${LOAD_BATCHES} batches of 200 run (≤ ${LOAD_SINGLES} calls)`,
    unit: 'ms',
    digits: 1,
    target: [`< ${TARGETS.singleUnderLoadP99Ms} ms`, (v) => v < TARGETS.singleUnderLoadP99Ms],
  },
  { name: 'heavyLoadP50', label: '  same, batches of D21-limit text (~1 MB), p50', unit: 'ms', digits: 1 },
  {
    name: 'heavyLoadP99',
    label: '  same, p99',
    unit: 'ms',
    digits: 1,
    target: [`< ${TARGETS.singleUnderLoadP99Ms} ms`, (v) => v < TARGETS.singleUnderLoadP99Ms],
  },
  { name: 'healthP50', label: `GET /healthz, /readyz p50 (${HEALTH_CALLS} calls)`, unit: 'ms', digits: 3 },
  {
    name: 'healthP99',
    label: 'GET /healthz, /readyz p99',
    unit: 'ms',
    digits: 3,
    target: [`< ${TARGETS.healthP99Ms} ms`, (v) => v < TARGETS.healthP99Ms],
  },
  { name: 'overheadSingleP50', label: 'HTTP layer alone, single p50 (fixed engine)', unit: 'ms', digits: 3 },
  {
    name: 'overheadBatchP50',
    label: 'HTTP layer alone, batch of 200 p50 (fixed engine)',
    unit: 'ms',
    digits: 1,
  },
];

function median(values: readonly (number | null)[]): number | null {
  const xs = sorted(values.filter((v): v is number => v !== null));
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 === 1 ? (xs[mid] as number) : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2;
}

function table(columns: { label: string; figures: Figures }[]): string {
  const base = columns.length > 1 ? (columns[0]?.figures ?? null) : null;
  const mine = columns[columns.length - 1]?.figures as Figures;
  const cell = (v: number | null, unit: string, digits: number): string =>
    v === null ? '—' : `${v.toFixed(digits)}${unit === '' ? '' : ` ${unit}`}`;
  const rows = ROWS.map((r) => {
    const value = mine[r.name];
    const verdict =
      r.target === undefined || value === null
        ? ''
        : r.target[1](value, base?.[r.name] ?? null)
          ? 'ok'
          : 'MISSED';
    return [
      r.label,
      ...columns.map((c) => cell(c.figures[r.name], r.unit, r.digits)),
      r.target?.[0] ?? '',
      verdict,
    ];
  });
  const head = ['measure', ...columns.map((c) => c.label), 'target', ''];
  const widths = head.map((_, c) => Math.max(...[head, ...rows].map((r) => (r[c] ?? '').length)));
  const line = (r: string[]): string =>
    r
      .map((text, c) =>
        c > 0 && c <= columns.length ? text.padStart(widths[c] ?? 0) : text.padEnd(widths[c] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const loadAtStart = loadAverage();
  const variants = [
    ...(opts.baseline === null
      ? []
      : [{ dir: opts.baseline, label: checkoutLabel(opts.baseline), mine: false }]),
    { dir: ROOT, label: `${checkoutLabel(ROOT)} (this)`, mine: true },
  ];
  const runs = new Map<string, Figures[]>(variants.map((v) => [v.dir, []]));
  const notes: string[] = [];
  for (let round = 0; round < opts.rounds; round++) {
    // Alternate the order, so neither variant always runs on the warmer (or busier) machine.
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      process.stderr.write(`round ${round + 1}/${opts.rounds}: ${v.label} …\n`);
      const { figures, notes: note } = await measure(v.dir, v.mine);
      figures.compiledStartupMs = await compiledStartup(v.dir);
      runs.get(v.dir)?.push(figures);
      notes.push(`${v.label}, round ${round + 1}: ${note}`);
    }
  }
  const columns = variants.map((v) => {
    const all = runs.get(v.dir) ?? [];
    const figures = Object.fromEntries(
      ROWS.map((r) => [r.name, median(all.map((f) => f[r.name]))]),
    ) as Figures;
    return { label: v.label, figures };
  });
  const workers = await workersRun(opts.workers);
  agent.destroy();

  process.stdout.write(`${table(columns)}\n\n${workers.join('\n')}\n\n`);
  process.stdout.write(
    `mix: ${MIX_DESCRIPTION}; candidate batches: ${DISTINCT_TITLES.length} distinct titles\n` +
      notes.map((n) => `${n}\n`).join('') +
      `${opts.rounds > 1 ? `median of ${opts.rounds} rounds in alternating order; ` : ''}` +
      `node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} CPUs, load average at start ${loadAtStart}, ` +
      `at end ${loadAverage()}; client-observed latency over loopback (keep-alive)\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
