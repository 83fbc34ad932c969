import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The reference service as `npm run service` runs it, in a child process from its TypeScript source, for
 * tests of what only whole processes show: cluster workers, several processes sharing Redis.
 *
 * The child is `node --import tsx src/service/main.ts`: one process, as `node dist/service/main.js` is,
 * so a signal sent to the child is the service's own. The `tsx` command would put a relay process in
 * front, which forwards a signal and then waits only 30 ms for the service to acknowledge it before it
 * SIGKILLs the service and exits 128 + signal: on a loaded machine that turned a clean exit into 130.
 * Cluster workers inherit the loader through `process.execArgv`.
 */

const ROOT = resolve(__dirname, '../../..');
const TSX_LOADER = pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('tsx')).href;
const MAIN = join(ROOT, 'src/service/main.ts');
export const DATA_DIR = join(ROOT, 'data/build');

export const CLIENT = { id: 'scale-test', secret: 'scale-test-secret-0123456789' } as const;

export interface ServiceProcess {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** The `listening on` URL, once printed. */
  listening(timeoutMs?: number): Promise<string>;
  /** Resolves once stderr (JSON log lines) has a line matching `pattern`, counting from `from` characters. */
  logged(pattern: RegExp, from?: number, timeoutMs?: number): Promise<string>;
  stop(): Promise<number | null>;
}

/**
 * `withClient: false` starts it with no client configured, as a first `npm run service` does (it then
 * creates the development client).
 */
export function startServiceProcess(
  cwd: string,
  env: Record<string, string>,
  { withClient = true }: { withClient?: boolean } = {},
): ServiceProcess {
  const client = withClient ? { JOBPRICE_CLIENT_ID: CLIENT.id, JOBPRICE_CLIENT_SECRET: CLIENT.secret } : {};
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN], {
    cwd,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      JOBPRICE_DATA_DIR: DATA_DIR,
      ...client,
      ...env,
    },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const until = async <T>(found: () => T | null, timeoutMs: number, what: string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== null) return value;
      if (child.exitCode !== null)
        throw new Error(`service exited ${child.exitCode} before ${what}:\n${err}`);
      if (Date.now() > deadline)
        throw new Error(`no ${what} after ${timeoutMs} ms; stdout: ${out}\nstderr: ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    listening: (timeoutMs = 120_000) =>
      until(() => /^listening on (http:\/\/\S+)$/m.exec(out)?.[1] ?? null, timeoutMs, 'listening line'),
    logged: (pattern, from = 0, timeoutMs = 120_000) =>
      until(
        () =>
          err
            .slice(from)
            .split('\n')
            .find((line) => pattern.test(line)) ?? null,
        timeoutMs,
        `log line ${pattern}`,
      ),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly body: string;
  /** The pid of the process that answered, from its X-Request-Id (`<pid base 36>-<n>`). */
  readonly pid: number;
}

/** One request on a connection of its own (no keep-alive), so the cluster may hand it to any worker. */
export function call(
  url: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          const id = String(res.headers['x-request-id'] ?? '');
          resolvePromise({ status: res.statusCode ?? 0, body, pid: parseInt(id.split('-')[0] ?? '', 36) });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A token request for CLIENT's id with `secret` (D15 client credentials). */
export function requestToken(url: string, secret: string): Promise<Answer> {
  return call(url, '/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT.id,
      client_secret: secret,
    }).toString(),
  });
}

/** An access token for CLIENT. */
export async function signIn(url: string): Promise<string> {
  const res = await requestToken(url, CLIENT.secret);
  const token = (JSON.parse(res.body) as { access_token?: string }).access_token;
  if (token === undefined) throw new Error(`sign-in answered ${res.status}: ${res.body}`);
  return token;
}

export function pricing(url: string, token: string, title = 'Registered Nurse'): Promise<Answer> {
  return call(url, '/DaaS/jobpricing', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ JobTitle: title }),
  });
}
