import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { loadClientsFile } from '../../../src/service/auth/clients';
import { loadOrCreateDevClient } from '../../../src/service/auth/dev-client';
import { resolveClients } from '../../../src/service/bootstrap';
import { jsonLineLogger } from '../../../src/service/logger';
import { generateSecret, parseSecretHash, verifySecret } from '../../../src/service/auth/secrets';
import { estimatedSecretBits, secretStrengthProblem } from '../../../src/service/auth/secret-strength';
import { ConfigError, loadConfig, dataPaths } from '../../../src/service/config';

const run = promisify(execFile);
const STRONG_SECRET = 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3Rz_0Kq9';

describe('service settings from the environment', () => {
  it('defaults: 127.0.0.1:8600, 1 MB body, 3600 s tokens, https://localhost:3000, dev client, rate limit on', () => {
    const c = loadConfig({}, '/repo');
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 8600,
      tokenSecret: null,
      tokenTtlSeconds: 3600,
      corsOrigins: ['https://localhost:3000'],
      bodyLimitBytes: 1048576,
      rateLimit: { ratePerSecond: 50, burst: 100 },
      accessLog: false,
      clients: { source: 'dev', path: '/repo/.jobprice/dev-client.json' },
    });
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        HOST: '0.0.0.0',
        PORT: '0',
        JOBPRICE_TOKEN_SECRET: 'x'.repeat(32),
        JOBPRICE_TOKEN_TTL_SECONDS: '60',
        JOBPRICE_CLIENTS_FILE: 'conf/clients.json',
        JOBPRICE_CORS_ORIGINS: 'https://a.example, https://localhost:3000',
        JOBPRICE_BODY_LIMIT_BYTES: '2048',
        JOBPRICE_RATE_LIMIT_RPS: '0',
        JOBPRICE_ACCESS_LOG: '1',
        JOBPRICE_DATA_DIR: 'elsewhere',
      },
      '/repo',
    );
    expect(c).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      tokenSecret: 'x'.repeat(32),
      tokenTtlSeconds: 60,
      clients: { source: 'file', path: '/repo/conf/clients.json' },
      corsOrigins: ['https://a.example', 'https://localhost:3000'],
      bodyLimitBytes: 2048,
      rateLimit: null,
      accessLog: true,
      dataDir: '/repo/elsewhere',
    });
    expect(
      loadConfig({ JOBPRICE_CLIENT_ID: 'bench', JOBPRICE_CLIENT_SECRET: STRONG_SECRET }).clients,
    ).toEqual({
      source: 'env',
      clientId: 'bench',
      clientSecret: STRONG_SECRET,
    });
    expect(loadConfig({ JOBPRICE_CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBPRICE_TOKEN_SECRET: 'short' })).toThrow(
      /JOBPRICE_TOKEN_SECRET: must be at least 32/,
    );
    expect(() => loadConfig({ JOBPRICE_CLIENT_ID: 'x' })).toThrow(
      /both JOBPRICE_CLIENT_ID and JOBPRICE_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ JOBPRICE_CORS_ORIGINS: 'https://a.example/path' })).toThrow(
      /JOBPRICE_CORS_ORIGINS/,
    );
    expect(() =>
      loadConfig({
        JOBPRICE_CLIENTS_FILE: 'f',
        JOBPRICE_CLIENT_ID: 'x',
        JOBPRICE_CLIENT_SECRET: STRONG_SECRET,
      }),
    ).toThrow(/not both/);
  });
});

describe('client secrets hold at least 128 bits (docs/service.md "Security")', () => {
  it('JOBPRICE_CLIENT_SECRET: a short or patterned secret stops the start, naming the variable and the fix', () => {
    for (const weak of ['s'.repeat(16), 'abcdefghij012345', 'Summer2026!Summer', 'ab'.repeat(40)]) {
      expect(() => loadConfig({ JOBPRICE_CLIENT_ID: 'x', JOBPRICE_CLIENT_SECRET: weak })).toThrow(
        /JOBPRICE_CLIENT_SECRET: (must hold at least 128 bits|uses fewer than 8 different characters).*openssl rand/,
      );
    }
    // Random secrets of 128 bits and more pass: 16 bytes in hex, 22 base64url characters, our own 32 bytes.
    for (const strong of ['9f86d081884c7d659a2feaa0c55ad015', 'Xk3_9aQz-LmP0wEr7TyU2b', STRONG_SECRET]) {
      expect(loadConfig({ JOBPRICE_CLIENT_ID: 'x', JOBPRICE_CLIENT_SECRET: strong }).clients).toMatchObject({
        clientSecret: strong,
      });
    }
  });

  it('the estimate is the length times log2 of the alphabet the character classes span', () => {
    expect(estimatedSecretBits('abcdefghij012345')).toBeCloseTo(16 * Math.log2(36));
    expect(estimatedSecretBits(generateSecret())).toBeGreaterThanOrEqual(256);
    expect(secretStrengthProblem(generateSecret())).toBeNull();
  });

  it('a development client file with a weak secret stops the start, saying to delete it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jobprice-weak-'));
    try {
      const path = join(dir, 'dev-client.json');
      await writeFile(path, JSON.stringify({ clientId: 'local-dev', clientSecret: 'password-1234567' }), {
        mode: 0o600,
      });
      await expect(loadOrCreateDevClient(path)).rejects.toThrow(
        /holds a secret with less than 128 bits of entropy; delete it to create a new one/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('local development client and the add-client CLI', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'jobprice-auth-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('creates the dev client once with mode 0600 and reuses it', async () => {
    const path = join(dir, '.jobprice', 'dev-client.json');
    const first = await loadOrCreateDevClient(path);
    expect(first.created).toBe(true);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateDevClient(path);
    expect(again).toEqual({ client: first.client, created: false, warnings: [] });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(first.client);
  });

  describe('the plain-text dev secret is refused when others can read it', () => {
    const posix = process.platform === 'win32' ? it.skip : it;
    let path: string;
    beforeEach(async () => {
      path = join(await mkdtemp(join(dir, 'perm-')), '.jobprice', 'dev-client.json');
      await loadOrCreateDevClient(path);
    });

    posix('a file readable by others (0644) stops the start, saying how to fix it', async () => {
      await chmod(path, 0o644);
      await expect(loadOrCreateDevClient(path)).rejects.toThrow(
        new RegExp(`other users can read or change it \\(mode 0644\\); run: chmod 600 ${path}`),
      );
    });

    posix('a folder others can write (0777) stops the start: the file could be swapped', async () => {
      await chmod(dirname(path), 0o777);
      await expect(loadOrCreateDevClient(path)).rejects.toThrow(
        /can be written by other users \(mode 0777\)/,
      );
    });

    posix('at start-up the warning reaches the log, and the refusal stops the start', async () => {
      const lines: string[] = [];
      const logger = jsonLineLogger((line) => lines.push(line));
      await chmod(dirname(path), 0o755);
      await resolveClients({ source: 'dev', path }, logger);
      expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ level: 'warn', event: 'development client file' }),
      );
      await chmod(path, 0o640);
      await expect(resolveClients({ source: 'dev', path }, logger)).rejects.toThrow(/chmod 600/);
    });

    posix('a folder others can list (0755) is a warning; 0700 and a 0600 file are quiet', async () => {
      await chmod(dirname(path), 0o755);
      const listed = await loadOrCreateDevClient(path);
      expect(listed.warnings).toEqual([expect.stringMatching(/can be listed by other users \(mode 0755\)/)]);
      await chmod(dirname(path), 0o700);
      expect((await loadOrCreateDevClient(path)).warnings).toEqual([]);
    });
  });

  it('add-client appends a hashed client, prints the secret once, and refuses a repeated id', async () => {
    const file = join(dir, 'clients.json');
    const cli = resolve(__dirname, '../../../src/service/auth/add-client-cli.ts');
    const tsx = resolve(__dirname, '../../../node_modules/.bin/tsx');
    const { stdout } = await run(tsx, [
      cli,
      'state-only',
      '--file',
      file,
      '--geography',
      'state',
      '--no-comp',
      '--industries',
      '51,52',
    ]);
    const secret = /client_secret \(shown once, not stored\): (\S+)/.exec(stdout)?.[1] ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(await readFile(file, 'utf8')).not.toContain(secret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const [client] = await loadClientsFile(file);
    expect(client?.scope).toEqual({
      countries: ['USA'],
      finestGeography: 'state',
      industries: ['51', '52'],
      includeCompAndBonus: false,
    });
    const parsed = parseSecretHash(JSON.parse(await readFile(file, 'utf8'))[0].secretHash as string);
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(await verifySecret(secret, parsed)).toBe(true);

    await run(tsx, [cli, 'second', '--file', file]);
    expect((await loadClientsFile(file)).map((c) => c.clientId)).toEqual(['state-only', 'second']);
    await expect(run(tsx, [cli, 'second', '--file', file])).rejects.toMatchObject({
      stderr: expect.stringMatching(/already exists/),
    });
  }, 60_000);
});

describe('data folders are settings read in config.ts only', () => {
  test('defaults: data/build and ../shared/data/raw from the working folder', () => {
    expect(dataPaths({}, '/srv/jobprice')).toEqual({
      dataDir: '/srv/jobprice/data/build',
      rawDir: '/srv/shared/data/raw',
    });
  });
  test('JOBPRICE_DATA_DIR and JOBPRICE_RAW_DIR, relative to the working folder; the service config agrees', () => {
    const env = { JOBPRICE_DATA_DIR: 'index', JOBPRICE_RAW_DIR: '/data/raw' };
    expect(dataPaths(env, '/srv/jobprice')).toEqual({ dataDir: '/srv/jobprice/index', rawDir: '/data/raw' });
    expect(loadConfig(env, '/srv/jobprice')).toMatchObject({
      dataDir: '/srv/jobprice/index',
      rawDir: '/data/raw',
    });
  });
});
