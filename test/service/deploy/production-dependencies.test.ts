import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The reference service deploys with production dependencies only. A copy of what a deployment has
 * (package.json, package-lock.json, the compiled dist/service and the built index in data/build, no
 * raw files) gets `npm ci --omit=dev`, then `node dist/service/main.js` must start, grant a token and
 * price a job. Guards package.json: a run-time import left in devDependencies (zod, exceljs, hyparquet)
 * fails here with "Cannot find module".
 *
 * npm installs from its cache (`--prefer-offline`): the project's own `npm ci` has filled it, in CI too.
 */

const ROOT = resolve(__dirname, '..', '..', '..');
const CLIENT_ID = 'deploy-check';
const CLIENT_SECRET = 'deploy-check-secret-0123456789';

let dir: string;
let child: ChildProcessWithoutNullStreams | undefined;

beforeAll(() => {
  // dist/service/main.js is written by the service build (a no-op when the compiled files are current).
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-service.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`service build failed:\n${build.stdout}${build.stderr}`);
  if (!existsSync(join(ROOT, 'data', 'build', 'manifest.json')))
    throw new Error('data/build is missing: run `npm run data:build` first (npm test does it for you).');
  dir = mkdtempSync(join(tmpdir(), 'jobprice-deploy-'));
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(dir, file));
  cpSync(join(ROOT, 'dist', 'service'), join(dir, 'dist', 'service'), {
    recursive: true,
    filter: (src) => !src.endsWith('.tsbuildinfo'),
  });
  cpSync(join(ROOT, 'data', 'build'), join(dir, 'data', 'build'), { recursive: true });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The environment of a fresh shell: no npm_* settings inherited from the `npm test` that runs jest. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && v !== undefined) env[k] = v;
  delete env['NODE_OPTIONS'];
  delete env['NODE_PATH'];
  return { ...env, ...extra };
}

it('npm ci --omit=dev in a copy, then node dist/service/main.js grants a token and prices a job', async () => {
  const npm = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: dir, env: cleanEnv({}), encoding: 'utf8' },
  );
  if (npm.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${npm.stdout}${npm.stderr}`);
  // Production only: a development tool is not there, so nothing below can lean on one.
  expect(existsSync(join(dir, 'node_modules', 'typescript'))).toBe(false);
  expect(existsSync(join(dir, 'node_modules', 'jest'))).toBe(false);

  const started = spawn(process.execPath, [join('dist', 'service', 'main.js')], {
    cwd: dir,
    env: cleanEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      JOBPRICE_CLIENT_ID: CLIENT_ID,
      JOBPRICE_CLIENT_SECRET: CLIENT_SECRET,
      JOBPRICE_TOKEN_SECRET: 'deploy-check-signing-key-0123456789abcdef',
      // A deployment has the built index and no raw files: the freshness check is skipped.
      JOBPRICE_RAW_DIR: join(dir, 'no-raw-files'),
    }),
  });
  child = started;
  let out = '';
  let err = '';
  started.stdout.on('data', (c: Buffer) => (out += c.toString()));
  started.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const poll = setInterval(() => {
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (m?.[1]) {
        clearInterval(poll);
        resolveUrl(m[1]);
      } else if (started.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`the service exited ${started.exitCode}:\n${err}`));
      }
    }, 50);
  });

  const tokenRes = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    }),
  });
  expect(tokenRes.status).toBe(200);
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };

  const priced = await fetch(`${url}/DaaS/jobpricing`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ JobTitle: 'Registered Nurse', DataScope: { CountryCode: 'USA', State: 'OH' } }),
  });
  expect(priced.status).toBe(200);
  const body = (await priced.json()) as { Code: number; Data: Record<string, unknown> };
  expect(body).toMatchObject({
    Code: 1,
    Data: { MatchedJobCode: '29-1141.00', DataScope_State: 'OH', CurrencyCode: 'USD' },
  });
  expect(body.Data['Salary50']).toEqual(expect.any(Number));
}, 240_000);
