import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';

/**
 * The entry point from its TypeScript source (`node --import tsx src/service/main.ts`; `npm run service` runs the same code compiled): settings from
 * the environment, the development client, the exact listening line, refusals with exit 1, and a clean
 * exit on SIGTERM. Each start runs in a scratch working directory so `.jobprice/` lands there.
 */

/** A start as a user makes it: no client configured unless the test says so. */
const start = (cwd: string, env: Record<string, string>): ServiceProcess =>
  startServiceProcess(cwd, env, { withClient: false });

/** The listening URL, which must be the loopback address the settings asked for. */
async function listening(s: ServiceProcess): Promise<string> {
  const url = await s.listening(60_000);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  return url;
}

describe('start-up of the reference service (npm run service)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'jobprice-start-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('with no clients configured: creates the dev client (0600), prints where, listens, answers, exits 0 on SIGTERM; reuses it next time', async () => {
    const first = start(dir, {});
    const url = await listening(first);
    const file = join(dir, '.jobprice/dev-client.json');
    const creds = JSON.parse(await readFile(file, 'utf8')) as { clientId: string; clientSecret: string };
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.stdout()).toContain(file);
    expect(first.stdout() + first.stderr()).not.toContain(creds.clientSecret);
    expect(first.stdout().match(/^listening on /gm)).toHaveLength(1);

    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
    const token = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: creds.clientId,
        client_secret: creds.clientSecret,
      }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const priced = await fetch(`${url}/DaaS/jobpricing`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ JobTitle: 'Registered Nurse' }),
    });
    expect(((await priced.json()) as { Code: number }).Code).toBe(1);
    expect(first.stderr()).not.toContain(access_token);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(dir, {});
    await listening(second);
    expect(second.stdout()).toMatch(/reused/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(creds);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('a missing index: prints the loader message naming npm run data:build and exits 1', async () => {
    const s = start(dir, {
      JOBPRICE_DATA_DIR: join(dir, 'nothing-here'),
      JOBPRICE_CLIENT_ID: 'x',
      JOBPRICE_CLIENT_SECRET: 'startup-test-secret-0123456789abcdef',
    });
    expect(await s.exited).toBe(1);
    expect(s.stderr()).toMatch(/npm run data:build/);
    expect(s.stdout()).not.toMatch(/listening/);
  }, 60_000);

  it('a bad clients file: names the file and the problem, exits 1', async () => {
    const file = join(dir, 'clients.json');
    await writeFile(file, JSON.stringify([{ clientId: 'a', secretHash: 'plain', scope: {} }]));
    const s = start(dir, { JOBPRICE_CLIENTS_FILE: file });
    expect(await s.exited).toBe(1);
    expect(s.stderr()).toContain(file);
    expect(s.stderr()).toMatch(/\[0\]\.scope/);
  }, 60_000);

  it('a bad setting: names the variable, exits 1', async () => {
    const s = start(dir, { PORT: 'eighty' });
    expect(await s.exited).toBe(1);
    expect(s.stderr()).toMatch(/PORT: must be a whole number/);
  }, 60_000);
});
