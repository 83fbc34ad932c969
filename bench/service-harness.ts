import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { basename, join, resolve } from 'node:path';

/**
 * Starting a reference service of any checkout in its own process, and talking to it, for
 * `bench:service` and `bench:scale`. A checkout is a folder with the repository's files, its
 * node_modules and a built data index (data/build); the service is run from it as its own
 * `src/service/main.ts` through its own tsx (every version of the repository has that entry), or as its
 * compiled `dist/service/main.js` where one is built.
 */

export const ROOT = resolve(__dirname, '..');

/** The value after `--name` on a bench's command line, if given. */
export function option(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at < 0 ? undefined : argv[at + 1];
}

export type Runner = 'tsx' | 'compiled';

export interface RunningService {
  readonly url: URL;
  readonly pid: number;
  /** Spawn → the `listening on` line (every worker listening, with JOBPRICE_WORKERS). */
  readonly startupMs: number;
  readonly clientId: string;
  readonly clientSecret: string;
  /** What the service wrote to stderr so far (JSON log lines). */
  stderr(): string;
  stop(): Promise<void>;
}

export function hasCompiledService(dir: string): boolean {
  return existsSync(join(dir, 'dist', 'service', 'main.js'));
}

export async function spawnService(opts: {
  readonly dir: string;
  readonly runner: Runner;
  readonly env?: Readonly<Record<string, string>>;
  /** Node options before the entry, e.g. `--cpu-prof`. */
  readonly nodeArgs?: readonly string[];
}): Promise<RunningService> {
  const clientId = 'bench';
  const clientSecret = randomBytes(24).toString('base64url');
  const args = [
    ...(opts.nodeArgs ?? []),
    ...(opts.runner === 'tsx' ? ['--import', 'tsx', 'src/service/main.ts'] : ['dist/service/main.js']),
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: opts.dir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      JOBPRICE_CLIENT_ID: clientId,
      JOBPRICE_CLIENT_SECRET: clientSecret,
      JOBPRICE_TOKEN_SECRET: randomBytes(32).toString('base64url'),
      JOBPRICE_RATE_LIMIT_RPS: '0',
      JOBPRICE_ACCESS_LOG: '0',
      JOBPRICE_WORKERS: '1',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^listening on (http:\/\/\S+)$/m.exec(out);
      if (m?.[1]) resolveUrl(m[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`service in ${opts.dir} exited with ${code} before listening:\n${stderr}`)),
    );
  });
  const startupMs = performance.now() - started;
  return {
    url: new URL(url),
    pid: child.pid ?? 0,
    startupMs,
    clientId,
    clientSecret,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * One request. A kept-alive socket the server closed while it sat idle fails at once with ECONNRESET;
 * such a request is sent again, once, on a fresh socket (what Node's documentation advises for
 * `request.reusedSocket`). `discard`: the answer's body is read off the socket but not kept or decoded
 * (`text` is ""), so a load generator spends less of the machine it measures.
 */
export async function send(
  base: URL,
  method: 'GET' | 'POST',
  path: string,
  body: string,
  headers: Record<string, string>,
  via: Agent = agent,
  discard = false,
): Promise<Answer> {
  try {
    return await sendOnce(base, method, path, body, headers, via, discard);
  } catch (err) {
    if ((err as { reusedSocket?: boolean }).reusedSocket !== true) throw err;
    return sendOnce(base, method, path, body, headers, via, discard);
  }
}

function sendOnce(
  base: URL,
  method: 'GET' | 'POST',
  path: string,
  body: string,
  headers: Record<string, string>,
  via: Agent,
  discard: boolean,
): Promise<Answer> {
  return new Promise((resolvePost, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method,
        agent: via,
        headers: method === 'POST' ? { ...headers, 'Content-Length': Buffer.byteLength(body) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (!discard) chunks.push(c);
        });
        res.on('end', () =>
          resolvePost({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(Object.assign(err, { reusedSocket: req.reusedSocket && err.code === 'ECONNRESET' })),
    );
    req.end(method === 'POST' ? body : undefined);
  });
}

export const post = (
  base: URL,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<Answer> => send(base, 'POST', path, body, headers);

/** Signs in with client credentials (D14) and returns the headers of an authorised JSON call. */
export async function signIn(
  base: URL,
  clientId: string,
  clientSecret: string,
): Promise<Record<string, string>> {
  const res = await post(
    base,
    '/oauth/token',
    new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
    { 'Content-Type': 'application/x-www-form-urlencoded' },
  );
  const token = (JSON.parse(res.text) as { access_token?: string }).access_token;
  if (token === undefined) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Resident memory of a process (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * The Node processes whose parent is `pid` (a cluster primary's workers), from /proc; other children
 * (tsx's esbuild service) are left out.
 */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the command (field 2) may hold spaces, so cut after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (ppid === pid && command === 'node') out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out.sort((a, b) => a - b);
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** A short name for a checkout: its commit (`git rev-parse --short HEAD`), else its folder. */
export function checkoutLabel(dir: string): string {
  const git = spawnSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : basename(dir);
}
