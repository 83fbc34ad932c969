/**
 * `npm run bench:faults`: ROWS rows (10,000) through the pane's own pipeline (priceSelection
 * over the simulated Excel host, the planner, batchSender and JobMarketClient with its default retry
 * policy) against the real reference service, with a fault-injecting proxy in between. The proxy answers
 * each batch call, independently and from a seeded generator, with one of:
 *   timeout    holds the call past the client's timeout, then drops it;
 *   reset      drops the connection before answering, or half-way through the answer;
 *   429        Too Many Requests with Retry-After: 1;
 *   500 / 503  the spec's envelope, or an HTML error page (what a gateway sends);
 *   malformed  the service's answer with one item spoiled (a figure that is not a number);
 *   duplicate  the service's answer with one SubRequestID repeated, carrying other figures;
 *   pass       the service's answer as is.
 * Prints rows priced, rows failed with a message (grouped), rows lost (a row with neither figures nor a
 * message in the sheet; must be 0), rows whose figures differ from a fault-free run (must be 0), calls,
 * retries and time. About half the calls get a fault; SEED=n picks another draw. Figures are printed,
 * never asserted; the exit code is 1 when a row is lost or wrong.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JobMarketClient } from '../src/api/client';
import { batchSender } from '../src/api/batch-sender';
import { abortsRun, isPayloadTooLarge } from '../src/api/errors';
import { detectMapping } from '../src/domain/column-mapping';
import { OUTPUT_HEADERS, STATUS_HEADER, STATUS_OK } from '../src/excel/output-columns';
import { priceSelection, type PriceRunSummary } from '../src/usecases/pricing-run';
import { jobSheet } from '../test/sim-excel/fixtures';
import { installSimHost } from '../test/sim-excel/host';
import { startServiceProcess } from './service-process';

const ROWS = Number(process.env.ROWS ?? 10_000);
const SEED = Number(process.env.SEED ?? 13);
/** The client's per-attempt timeout in this run (the pane's default is 20 s; the proxy holds 'timeout' calls longer). */
const CLIENT_TIMEOUT_MS = 2_000;

const FAULTS = [
  ['timeout', 0.05],
  ['reset-before', 0.05],
  ['reset-midway', 0.06],
  ['429', 0.08],
  ['500', 0.05],
  ['503-html', 0.04],
  ['malformed-item', 0.08],
  ['duplicate-id', 0.08],
] as const;
type Fault = (typeof FAULTS)[number][0] | 'pass';

/** mulberry32: small, seeded, good enough to pick faults reproducibly. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function forward(upstream: URL, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  return new Promise((done, fail) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: {
          'content-type': req.headers['content-type'] ?? 'application/json',
          authorization: req.headers.authorization ?? '',
          'content-length': body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', fail);
      },
    );
    out.on('error', fail);
    out.end(body);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string>,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
}

type Item = Record<string, unknown>;

/** The fault-injecting proxy: every batch call gets one fault (or none); everything else passes through. */
async function startFaultProxy(upstream: URL, seed: number) {
  const counts = new Map<Fault, number>();
  const attempts = new Map<string, number>();
  let batchCalls = 0;
  /**
   * The fault for this attempt at this batch: drawn from (seed, the batch's first SubRequestID, the
   * attempt number), so a run is reproducible whatever order concurrent calls arrive in.
   */
  const generatorFor = (body: Buffer): (() => number) => {
    const batch = /"SubRequestID":"([^"]*)"/.exec(body.toString('utf8', 0, 200))?.[1] ?? '';
    const attempt = (attempts.get(batch) ?? 0) + 1;
    attempts.set(batch, attempt);
    let h = seed >>> 0;
    for (const ch of `${batch}#${attempt}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x9e3779b1) >>> 0;
    return rng(h);
  };
  const pick = (random: () => number): Fault => {
    let r = random();
    for (const [fault, p] of FAULTS) {
      if (r < p) return fault;
      r -= p;
    }
    return 'pass';
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      void handle(req, res, body).catch(() => res.destroy());
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    if (!/batchjobpricing$/i.test(req.url ?? '')) {
      const up = await forward(upstream, req, body);
      return send(res, up.status, up.body, up.headers);
    }
    batchCalls++;
    const random = generatorFor(body);
    const fault = pick(random);
    counts.set(fault, (counts.get(fault) ?? 0) + 1);
    const json = { 'content-type': 'application/json; charset=utf-8' };
    switch (fault) {
      case 'timeout':
        setTimeout(() => res.destroy(), CLIENT_TIMEOUT_MS + 500);
        return;
      case 'reset-before':
        res.destroy();
        return;
      case '429':
        return send(res, 429, JSON.stringify({ Code: -1, Message: 'Too many requests' }), {
          ...json,
          'retry-after': '1',
        });
      case '500':
        return send(res, 500, JSON.stringify({ Code: -1, Message: 'Internal server error' }), json);
      case '503-html':
        return send(
          res,
          503,
          '<html><head><title>503 Service Unavailable</title></head><body>busy</body></html>',
          {
            'content-type': 'text/html',
          },
        );
      case 'pass':
      case 'reset-midway':
      case 'malformed-item':
      case 'duplicate-id':
        break; // these need the upstream answer, below
    }
    const up = await forward(upstream, req, body);
    if (fault === 'reset-midway') {
      res.writeHead(up.status, { ...up.headers, 'content-length': up.body.length });
      res.write(up.body.subarray(0, Math.floor(up.body.length / 2)));
      setTimeout(() => res.destroy(), 10);
      return;
    }
    if (fault === 'pass' || up.status !== 200) return send(res, up.status, up.body, up.headers);
    const envelope = JSON.parse(up.body.toString('utf8')) as { Code: number; Data?: Item[] };
    const items = envelope.Data ?? [];
    const priced = items.filter((i) => typeof i['SubRequestID'] === 'string' && 'Salary50' in i);
    const victim = priced[Math.floor(random() * priced.length)];
    if (victim) {
      if (fault === 'malformed-item') victim['Salary50'] = 'n/a';
      if (fault === 'duplicate-id') {
        const copy: Item = { ...victim, Salary50: Number(victim['Salary50']) + 1000 };
        items.splice(items.indexOf(victim) + 1, 0, copy);
      }
    }
    return send(res, 200, JSON.stringify(envelope), up.headers);
  }
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    batchCalls: () => batchCalls,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

interface RunResult {
  summary: PriceRunSummary;
  ms: number;
  /** Per data row (sheet row index): the status cell and Salary50 as written. */
  rows: Map<number, { status: string; salary50: unknown; blank: boolean }>;
}

async function runPane(baseUrl: string, token: string): Promise<RunResult> {
  const sheet = jobSheet(ROWS, 2026);
  const width = 10;
  const host = installSimHost({
    sheets: [{ name: 'Jobs', rows: sheet.rows }],
    selection: { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: ROWS, c1: width - 1 } },
  });
  const client = new JobMarketClient({ baseUrl, getAccessToken: () => token, timeoutMs: CLIENT_TIMEOUT_MS });
  const started = performance.now();
  try {
    const summary = await priceSelection({
      mode: 'price',
      send: batchSender(client),
      mappingFor: (block) => detectMapping((block.headerCells ?? []).slice(0, block.width)),
      confirmOverwrite: async () => true,
      isFatal: abortsRun,
      shouldSplit: isPayloadTooLarge,
    });
    const ms = performance.now() - started;
    const out = host.workbook.sheet('Jobs');
    const statusCol = width + OUTPUT_HEADERS.indexOf(STATUS_HEADER);
    const salaryCol = width + OUTPUT_HEADERS.indexOf('Salary50');
    const rows = new Map<number, { status: string; salary50: unknown; blank: boolean }>();
    for (let r = 1; r <= ROWS; r++) {
      const input = sheet.rows[r] ?? [];
      rows.set(r, {
        status: String(out?.get(r, statusCol)?.value ?? ''),
        salary50: out?.get(r, salaryCol)?.value,
        blank: input.every((v) => v === '' || v === null || v === undefined),
      });
    }
    return { summary, ms, rows };
  } finally {
    host.uninstall();
  }
}

async function main(): Promise<void> {
  const service = await startServiceProcess();
  const proxy = await startFaultProxy(new URL(service.url), SEED);
  try {
    const clean = await runPane(service.url, service.token);
    const faulty = await runPane(proxy.url, service.token);

    let lost = 0;
    let wrong = 0;
    const messages = new Map<string, number>();
    for (const [r, row] of faulty.rows) {
      if (row.blank) continue;
      if (row.status === '') {
        lost++;
        continue;
      }
      if (row.status === STATUS_OK) {
        if (typeof row.salary50 !== 'number' || row.salary50 !== clean.rows.get(r)?.salary50) wrong++;
      } else {
        // Group messages by their shape: row numbers, ids and figures vary, the wording should not.
        const shape = row.status.replace(/\d+/g, '#').slice(0, 150);
        messages.set(shape, (messages.get(shape) ?? 0) + 1);
      }
    }
    const s = faulty.summary;
    const calls = proxy.batchCalls();
    const line = (label: string, value: string): void => console.log(`${label.padEnd(26)} ${value}`);
    line(
      'rows',
      `${ROWS.toLocaleString('en-US')} (${s.rows} parsed, ${s.uniqueJobs} unique jobs, seed ${SEED})`,
    );
    line('rows priced', `${s.priced} (fault-free run: ${clean.summary.priced})`);
    line('rows failed with message', `${s.failed}${s.cancelled ? `, cancelled ${s.cancelled}` : ''}`);
    line('rows lost', `${lost} (must be 0)`);
    line('rows with wrong figures', `${wrong} (must be 0: priced rows equal the fault-free run)`);
    line(
      'batch calls',
      `${calls} seen by the proxy for ${s.requests} sent by the planner: ${calls - s.requests} retries`,
    );
    line(
      'faults injected',
      [...proxy.counts]
        .sort((a, b) => b[1] - a[1])
        .map(([f, n]) => `${f} ${n}`)
        .join(', '),
    );
    line('time', `${(faulty.ms / 1000).toFixed(1)} s (fault-free run ${(clean.ms / 1000).toFixed(1)} s)`);
    console.log('failure messages (rows):');
    for (const [shape, n] of [...messages].sort((a, b) => b[1] - a[1]))
      console.log(`  ${String(n).padStart(5)}  ${shape}`);
    if (lost > 0 || wrong > 0) process.exitCode = 1;
  } finally {
    await proxy.close();
    service.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
