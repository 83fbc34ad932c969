import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import type { JobResult } from '../src/api/wire';
import { clientWithSecret } from '../src/service/auth/clients';
import { createService } from '../src/service/server';
import { DISTINCT_TITLES } from './distinct-titles';

/**
 * `npm run bench:service`: starts the real reference service in a child process (the same entry as
 * `npm run service`, over the built index in data/build), then measures over loopback:
 * start-up (spawn → "listening on" line), resident memory (VmRSS after warm-up), single-match latency,
 * batch-of-200 latency and jobs per second, with bounded loops. Prints a table against the targets.
 *
 * Latencies are client-observed (they include the client's own HTTP work), so they overstate the
 * server's time a little. Run it on a quiet machine; the figures are printed, never asserted.
 */

const ROOT = resolve(__dirname, '..');
const TARGETS = {
  singleP50Ms: 2,
  batchP50Ms: 60,
  candidatesP50Ms: 60,
  startupMs: 3000,
  rssMb: 500,
  singleUnderLoadP99Ms: 50,
};
const SINGLE_CALLS = 2000;
const BATCH_CALLS = 60;
const THROUGHPUT_BATCHES = 40;
const THROUGHPUT_CONCURRENCY = 4;

const TITLES = [
  'Software Engineer',
  'Senior Software Engineer',
  'Registered Nurse',
  'Accountant',
  'Senior Accountant',
  'Financial Analyst',
  'Marketing Manager',
  'Sales Representative',
  'Data Scientist',
  'Human Resources Manager',
  'Customer Service Representative',
  'Electrician',
  'Truck Driver',
  'Project Manager',
  'Mechanical Engineer',
  'Pharmacist',
  'Elementary School Teacher',
  'Administrative Assistant',
  'Web Developer',
  'Junior Web Developer',
  'Chief Executive Officer',
  'Operations Manager',
  'Physical Therapist',
  'Lawyer',
  'Graphic Designer',
  'Network Administrator',
  'Retail Salesperson',
  'Warehouse Associate',
  'Dental Hygienist',
  'Civil Engineer',
  'Payroll Specialist',
  'Lead Data Engineer',
];

interface Place {
  State?: string;
  City?: string;
  ZipCode?: string;
}
const PLACES: Place[] = [
  {},
  { State: 'CA' },
  { State: 'CA', City: 'San Francisco' },
  { State: 'NY', City: 'New York' },
  { State: 'TX', City: 'Austin' },
  { State: 'IL', City: 'Chicago' },
  { State: 'WA', City: 'Seattle' },
  { State: 'MA' },
  { ZipCode: '30301' },
  { ZipCode: '02139' },
  { State: 'FL', City: 'Miami' },
  { State: 'OH' },
];
const NAICS = ['', '51', '52', '5112', '62', '31', '44', '54'];

function job(i: number): Record<string, unknown> {
  const place = PLACES[i % PLACES.length] ?? {};
  const sized = i % 3;
  return {
    JobTitle: TITLES[i % TITLES.length],
    JobDesc: '',
    CompanyName: '',
    DataScope: {
      CountryCode: 'USA',
      State: place.State ?? '',
      City: place.City ?? '',
      ZipCode: place.ZipCode ?? '',
      NAICSCode: NAICS[(i * 7) % NAICS.length],
      FTEValue: sized === 1 ? 250 : 0,
      Revenue: sized === 2 ? 25_000_000 : 0,
    },
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function post(
  base: URL,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolvePost, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolvePost({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const loadAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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
    const tokenRes = await post(
      base,
      '/oauth/token',
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'overhead',
        client_secret: secret,
      }).toString(),
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    const token = (JSON.parse(tokenRes.text) as { access_token: string }).access_token;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
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
    single.sort((a, b) => a - b);
    batch.sort((a, b) => a - b);
    return { singleP50: percentile(single, 50), batchP50: percentile(batch, 50) };
  } finally {
    await service.close(100);
  }
}

async function main(): Promise<void> {
  const clientId = 'bench';
  const clientSecret = randomBytes(24).toString('base64url');
  const started = performance.now();
  // `node --import tsx` (what `npm run service` does through the tsx CLI) so the pid is the service itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/service/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      JOBPRICE_CLIENT_ID: clientId,
      JOBPRICE_CLIENT_SECRET: clientSecret,
      JOBPRICE_TOKEN_SECRET: randomBytes(32).toString('base64url'),
      JOBPRICE_RATE_LIMIT_RPS: '0',
      JOBPRICE_ACCESS_LOG: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^listening on (http:\/\/\S+)$/m.exec(out);
      if (m?.[1]) resolveUrl(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`service exited with ${code} before listening:\n${stderr}`)));
  });
  const startupMs = performance.now() - started;
  // The service's own 'ready' log line splits start-up into module loading (Node + tsx transpiling) and data.
  await new Promise((r) => setTimeout(r, 100));
  const ready = /"event":"ready".*/.exec(stderr)?.[0] ?? '';
  const phase = (name: string): string => new RegExp(`"${name}":(\\d+)`).exec(ready)?.[1] ?? '?';
  const base = new URL(url);
  const pid = child.pid ?? 0;

  try {
    const tokenRes = await post(
      base,
      '/oauth/token',
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    const token = (JSON.parse(tokenRes.text) as { access_token: string }).access_token;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const singleBodies = Array.from({ length: 97 }, (_, i) => JSON.stringify(job(i)));
    const batchBodies = Array.from({ length: 7 }, (_, b) =>
      JSON.stringify(
        Array.from({ length: 200 }, (_, i) => ({ SubRequestID: `R${i + 2}`, ...job(b * 200 + i) })),
      ),
    );

    // Warm-up: JIT, caches, sockets.
    for (let i = 0; i < 300; i++)
      await post(base, '/DaaS/jobpricing', singleBodies[i % singleBodies.length] ?? '', headers);
    for (let i = 0; i < 5; i++)
      await post(base, '/DaaS/batchjobpricing', batchBodies[i % batchBodies.length] ?? '', headers);
    const rssAfterWarmup = rssMb(pid);

    let matched = 0;
    const single: number[] = [];
    for (let i = 0; i < SINGLE_CALLS; i++) {
      const t = performance.now();
      const res = await post(base, '/DaaS/jobpricing', singleBodies[i % singleBodies.length] ?? '', headers);
      single.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`single call answered ${res.status}: ${res.text}`);
      if ((JSON.parse(res.text) as { Code: number }).Code === 1) matched++;
    }

    const batch: number[] = [];
    let batchItems = 0;
    let batchPriced = 0;
    for (let i = 0; i < BATCH_CALLS; i++) {
      const t = performance.now();
      const res = await post(
        base,
        '/DaaS/batchjobpricing',
        batchBodies[i % batchBodies.length] ?? '',
        headers,
      );
      batch.push(performance.now() - t);
      const json = JSON.parse(res.text) as { Code: number; Data: Record<string, unknown>[] };
      batchItems += json.Data.length;
      batchPriced += json.Data.filter((d) => d['ErrorMessage'] === undefined).length;
    }

    const tpStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: THROUGHPUT_CONCURRENCY }, async () => {
        while (next < THROUGHPUT_BATCHES) {
          const i = next++;
          await post(base, '/DaaS/batchjobpricing', batchBodies[i % batchBodies.length] ?? '', headers);
        }
      }),
    );
    const jobsPerSecond = (THROUGHPUT_BATCHES * 200) / ((performance.now() - tpStart) / 1000);
    const candidates = await candidateBatches(base, headers);
    const rssAfterRuns = rssMb(pid);
    const underLoad = await singleUnderBatchLoad(base, headers, singleBodies, batchBodies);
    const underHeavyLoad = await singleUnderBatchLoad(base, headers, singleBodies, heavyBatchBodies());
    const rssAfterLoad = rssMb(pid);

    // The HTTP layer alone: the same bodies through an in-process service whose engine returns a fixed,
    // real-sized result, so what is left is auth, body, validation, serialisation and the client's work.
    const sample = JSON.parse(
      (await post(base, '/DaaS/jobpricing', singleBodies[0] ?? '', headers)).text,
    ) as {
      Data: JobResult;
    };
    const overhead = await httpOverhead(sample.Data, singleBodies, batchBodies);

    single.sort((a, b) => a - b);
    batch.sort((a, b) => a - b);
    const rows: [string, string, string, string][] = [
      [
        'start-up (spawn → listening)',
        `${startupMs.toFixed(0)} ms`,
        `< ${TARGETS.startupMs} ms`,
        ok(startupMs < TARGETS.startupMs),
      ],
      [
        '  of which: modules / clients+engine',
        `${phase('modulesMs')} / ${phase('clientsAndEngineMs')} ms`,
        '',
        '',
      ],
      [
        'resident memory after warm-up',
        `${rssAfterWarmup.toFixed(0)} MB`,
        `< ${TARGETS.rssMb} MB`,
        ok(rssAfterWarmup < TARGETS.rssMb),
      ],
      [
        'resident memory after runs',
        `${rssAfterRuns.toFixed(0)} MB`,
        `< ${TARGETS.rssMb} MB`,
        ok(rssAfterRuns < TARGETS.rssMb),
      ],
      ['resident memory after the load runs below', `${rssAfterLoad.toFixed(0)} MB`, '', ''],
      [
        `single match p50 (${SINGLE_CALLS} calls)`,
        `${percentile(single, 50).toFixed(3)} ms`,
        `< ${TARGETS.singleP50Ms} ms`,
        ok(percentile(single, 50) < TARGETS.singleP50Ms),
      ],
      ['single match p99', `${percentile(single, 99).toFixed(3)} ms`, '', ''],
      [
        `batch of 200 p50 (${BATCH_CALLS} calls)`,
        `${percentile(batch, 50).toFixed(1)} ms`,
        `< ${TARGETS.batchP50Ms} ms`,
        ok(percentile(batch, 50) < TARGETS.batchP50Ms),
      ],
      ['batch of 200 p99', `${percentile(batch, 99).toFixed(1)} ms`, '', ''],
      [
        `candidates, batch of 200 distinct titles p50 (${CANDIDATE_CALLS} calls)`,
        `${percentile(candidates.times, 50).toFixed(1)} ms`,
        `< ${TARGETS.candidatesP50Ms} ms`,
        ok(percentile(candidates.times, 50) < TARGETS.candidatesP50Ms),
      ],
      ['candidates, batch of 200 p99', `${percentile(candidates.times, 99).toFixed(1)} ms`, '', ''],
      [
        `single p99 while ${LOAD_BATCHES} batches of 200 run (${underLoad.singles} calls, ${underLoad.batches} batches)`,
        `${percentile(underLoad.times, 99).toFixed(1)} ms`,
        `< ${TARGETS.singleUnderLoadP99Ms} ms`,
        ok(percentile(underLoad.times, 99) < TARGETS.singleUnderLoadP99Ms),
      ],
      [
        '  p50 / max',
        `${percentile(underLoad.times, 50).toFixed(1)} / ${underLoad.times.at(-1)?.toFixed(1)} ms`,
        '',
        '',
      ],
      [
        `  same, batches of D21-limit text (~1 MB each, ${underHeavyLoad.batches} batches)`,
        `${percentile(underHeavyLoad.times, 99).toFixed(1)} ms`,
        `< ${TARGETS.singleUnderLoadP99Ms} ms`,
        ok(percentile(underHeavyLoad.times, 99) < TARGETS.singleUnderLoadP99Ms),
      ],
      [
        '  p50 / max',
        `${percentile(underHeavyLoad.times, 50).toFixed(1)} / ${underHeavyLoad.times.at(-1)?.toFixed(1)} ms`,
        '',
        '',
      ],
      ['HTTP layer alone, single p50 (fixed engine)', `${overhead.singleP50.toFixed(3)} ms`, '', ''],
      ['HTTP layer alone, batch of 200 p50 (fixed engine)', `${overhead.batchP50.toFixed(1)} ms`, '', ''],
      [
        `jobs per second (batches of 200, ${THROUGHPUT_CONCURRENCY} in flight)`,
        `${jobsPerSecond.toFixed(0)}`,
        '',
        '',
      ],
    ];
    const widths = [0, 1, 2, 3].map((c) =>
      Math.max(...[['measure', 'figure', 'target', ''], ...rows].map((r) => (r[c] ?? '').length)),
    );
    const line = (r: string[]): string =>
      r
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd();
    process.stdout.write(
      `${line(['measure', 'figure', 'target', ''])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`,
    );
    for (const r of rows) process.stdout.write(`${line(r)}\n`);
    process.stdout.write(
      `\nmix: ${TITLES.length} titles x ${PLACES.length} locations x ${NAICS.length} industry codes, FTE/Revenue on 2 of 3 jobs; ` +
        `single calls priced (Code 1): ${matched}/${SINGLE_CALLS}; batch items priced: ${batchPriced}/${batchItems}; ` +
        `candidate batches: ${DISTINCT_TITLES.length} distinct titles, ${candidates.listed} candidates listed per batch\n` +
        `node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} CPUs, load average at start ${loadAtStart}, ` +
        `at end ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; ` +
        `client-observed latency over loopback (keep-alive)\n`,
    );
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

const CANDIDATE_CALLS = 60;
const LOAD_BATCHES = 4;
const LOAD_SINGLES = 400;

/**
 * Single calls, one after another, while LOAD_BATCHES batch-of-200 calls are kept in
 * flight the whole time (each loop posts its next batch as soon as the last one is answered). What the
 * single call waits for is the batches' work between two of their slices.
 */
async function singleUnderBatchLoad(
  base: URL,
  headers: Record<string, string>,
  singleBodies: string[],
  batchBodies: string[],
): Promise<{ times: number[]; singles: number; batches: number }> {
  let running = true;
  let batches = 0;
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
  });
  // Let every batch loop get its first request in before measuring.
  await new Promise((r) => setTimeout(r, 50));
  const times: number[] = [];
  try {
    for (let i = 0; i < LOAD_SINGLES; i++) {
      const t = performance.now();
      const res = await post(base, '/DaaS/jobpricing', singleBodies[i % singleBodies.length] ?? '', headers);
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`single under load answered ${res.status}`);
    }
  } finally {
    running = false;
    await Promise.all(loops);
  }
  times.sort((a, b) => a - b);
  return { times, singles: LOAD_SINGLES, batches };
}

/**
 * The costliest batches D21 and the default 1 MB body limit allow: 200 jobs, each with a 200-character
 * title (real title words) and a 4,500-character description, so matching reads as much text as it can.
 */
function heavyBatchBodies(): string[] {
  const words = DISTINCT_TITLES.join(' ').split(/\s+/);
  const text = (length: number, seed: number): string => {
    let out = '';
    for (let i = seed; out.length < length; i++) out += `${words[(i * 7919) % words.length] ?? 'Analyst'} `;
    return out.slice(0, length).trim();
  };
  return Array.from({ length: 3 }, (_, b) =>
    JSON.stringify(
      Array.from({ length: 200 }, (_, i) => ({
        ...job(b * 200 + i),
        SubRequestID: `H${i}`,
        JobTitle: text(200, b * 1000 + i),
        JobDesc: text(4500, b * 1000 + i + 17),
      })),
    ),
  );
}

/**
 * D18 candidate lists (MaxCandidates 5) for a batch of 200 distinct titles, the call the
 * pane's "Review matches" makes, after 5 warm-up calls. Locations vary as in the pricing mix.
 */
async function candidateBatches(
  base: URL,
  headers: Record<string, string>,
): Promise<{ times: number[]; listed: number }> {
  const body = JSON.stringify(
    DISTINCT_TITLES.slice(0, 200).map((title, i) => ({ ...job(i), SubRequestID: `C${i}`, JobTitle: title })),
  );
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < CANDIDATE_CALLS + 5; i++) {
    const t = performance.now();
    const res = await post(base, '/DaaS/batchjobmatch', body, headers);
    if (i >= 5) times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`batchjobmatch answered ${res.status}: ${res.text}`);
    const json = JSON.parse(res.text) as { Data: { Candidates?: unknown[] }[] };
    listed = json.Data.reduce((n, d) => n + (d.Candidates?.length ?? 0), 0);
  }
  times.sort((a, b) => a - b);
  return { times, listed };
}

function ok(pass: boolean): string {
  return pass ? 'ok' : 'MISSED';
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
