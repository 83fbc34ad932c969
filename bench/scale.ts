import { Agent } from 'node:http';
import { availableParallelism, cpus } from 'node:os';
import {
  childPids,
  hasCompiledService,
  loadAverage,
  option,
  ROOT,
  rssMb,
  send,
  signIn,
  spawnService,
  type Runner,
} from './service-harness';
import { batchBodies, MIX_DESCRIPTION } from './service-mix';

/**
 * `npm run bench:scale [-- --workers 1,2 --rounds 2 --seconds 10]`: jobs per second of the compiled
 * service (`node dist/service/main.js`, as `npm run service` runs it) with JOBPRICE_WORKERS=1 and =2,
 * in one run, and the ratio. Each round runs every worker count once, the order alternating between
 * rounds so neither count always gets the quieter machine; the figure is each count's median.
 *
 * The load: batches of 200 jobs (bench:service's mix), 4 per worker in flight, each on its own
 * keep-alive connection (the cluster hands out connections, not requests), for `--seconds` after a
 * warm-up of every worker. The client shares the machine: it sends prepared bodies and neither keeps nor
 * decodes the answers, but its own HTTP work still takes some of the cores it measures. The machine's load
 * average is printed at the start and the end: on a shared machine, compare figures of one run only.
 */

interface Options {
  readonly workers: readonly number[];
  readonly rounds: number;
  readonly seconds: number;
}

function options(argv: readonly string[]): Options {
  const value = (name: string): string | undefined => option(argv, name);
  const workers = (value('--workers') ?? '1,2').split(',').map(Number);
  const rounds = Number(value('--rounds') ?? 2);
  const seconds = Number(value('--seconds') ?? 10);
  if (workers.some((w) => !Number.isInteger(w) || w < 1))
    throw new Error('--workers: whole numbers >= 1, e.g. 1,2');
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number >= 1');
  if (!(seconds > 0)) throw new Error('--seconds must be > 0');
  return { workers, rounds, seconds };
}

const IN_FLIGHT_PER_WORKER = 4;
const WARMUP_MS = 3_000;

interface Figure {
  readonly workers: number;
  readonly jobsPerSecond: number;
  readonly startupMs: number;
  readonly rssMb: number;
}

async function measure(workers: number, seconds: number, runner: Runner): Promise<Figure> {
  const service = await spawnService({ dir: ROOT, runner, env: { JOBPRICE_WORKERS: String(workers) } });
  const connections = IN_FLIGHT_PER_WORKER * workers;
  // One socket per loop, kept for the whole run: the cluster balances connections round-robin.
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  try {
    const headers = await signIn(service.url, service.clientId, service.clientSecret);
    const bodies = batchBodies();
    const run = async (ms: number): Promise<number> => {
      const until = performance.now() + ms;
      let jobs = 0;
      await Promise.all(
        Array.from({ length: connections }, async (_, k) => {
          for (let i = k; performance.now() < until; i += connections) {
            const res = await send(
              service.url,
              'POST',
              '/DaaS/batchjobpricing',
              bodies[i % bodies.length] ?? '',
              headers,
              agent,
              true,
            );
            if (res.status !== 200) throw new Error(`batch answered ${res.status}`);
            jobs += 200;
          }
        }),
      );
      return jobs;
    };
    await run(WARMUP_MS);
    const started = performance.now();
    const jobs = await run(seconds * 1000);
    const jobsPerSecond = jobs / ((performance.now() - started) / 1000);
    const pids = workers > 1 ? [service.pid, ...childPids(service.pid)] : [service.pid];
    return {
      workers,
      jobsPerSecond,
      startupMs: service.startupMs,
      rssMb: pids.reduce((sum, pid) => sum + rssMb(pid), 0),
    };
  } finally {
    agent.destroy();
    await service.stop();
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const runner: Runner = hasCompiledService(ROOT) ? 'compiled' : 'tsx';
  const loadAtStart = loadAverage();
  const figures: Figure[] = [];
  for (let round = 0; round < opts.rounds; round++) {
    const order = round % 2 === 0 ? opts.workers : [...opts.workers].reverse();
    for (const n of order) {
      process.stderr.write(`round ${round + 1}/${opts.rounds}: JOBPRICE_WORKERS=${n} …\n`);
      figures.push(await measure(n, opts.seconds, runner));
    }
  }
  const base = median(figures.filter((f) => f.workers === opts.workers[0]).map((f) => f.jobsPerSecond));
  const rows = opts.workers.map((n) => {
    const mine = figures.filter((f) => f.workers === n);
    const jps = median(mine.map((f) => f.jobsPerSecond));
    return [
      String(n),
      jps.toFixed(0),
      `${(jps / base).toFixed(2)}x`,
      mine.map((f) => f.jobsPerSecond.toFixed(0)).join(' / '),
      `${median(mine.map((f) => f.startupMs)).toFixed(0)} ms`,
      `${median(mine.map((f) => f.rssMb)).toFixed(0)} MB`,
    ];
  });
  const head = ['workers', 'jobs/s', `vs ${opts.workers[0]}`, 'each round', 'start-up', 'RSS, all processes'];
  const widths = head.map((_, c) => Math.max(...[head, ...rows].map((r) => (r[c] ?? '').length)));
  const line = (r: string[]): string =>
    r
      .map((t, c) => t.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  process.stdout.write(
    `${[line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')}\n\n` +
      `${runner === 'compiled' ? 'node dist/service/main.js' : 'tsx src/service/main.ts (no build found)'}; ` +
      `batches of 200 (${MIX_DESCRIPTION}), ${IN_FLIGHT_PER_WORKER} in flight per worker, ${opts.seconds} s each after ${WARMUP_MS / 1000} s of warm-up; ` +
      `median of ${opts.rounds} round(s) in alternating order\n` +
      `node ${process.version}, ${cpus().length} CPUs (${availableParallelism()} available), ` +
      `load average at start ${loadAtStart}, at end ${loadAverage()}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
