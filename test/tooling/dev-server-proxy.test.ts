import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { EngineDouble } from '../service/support/engine-double';
import { startHarness, type Harness } from '../service/support/harness';

/**
 * The dev server (webpack.config.js's devServer, run for real) in front of the reference service: the
 * service's own CORS answer reaches the browser unchanged (D16), the dev server adds no
 * `Access-Control-Allow-Origin: *` to /oauth/token or /DaaS/*, and it does not serve the compiled
 * service in dist/service. A tiny bundle stands in for the add-in's (its compilation is not what is tested).
 */
const ROOT = join(__dirname, '..', '..');
const TRUSTED = 'https://localhost:3000';

let service: Harness;
let devServer: WebpackDevServer;
let base: string;
let dir: string;

beforeAll(async () => {
  service = await startHarness(new EngineDouble(), undefined, { corsOrigins: [TRUSTED] });
  dir = mkdtempSync(join(tmpdir(), 'jobprice-dev-server-'));
  mkdirSync(join(dir, 'dist', 'service'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'service', 'main.js'), "require('./service/main.js');\n");
  writeFileSync(join(dir, 'dist', 'functions.json'), '{"functions":[]}');
  writeFileSync(join(dir, 'entry.js'), 'console.log("add-in");\n');

  const saved = process.env.JOBPRICE_SERVICE_URL;
  process.env.JOBPRICE_SERVICE_URL = service.url;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS, read with the service address set
  const configure = require(join(ROOT, 'webpack.config.js')) as (
    env: Record<string, unknown>,
    argv: Record<string, unknown>,
  ) => Promise<{ devServer: WebpackDevServer.Configuration }>;
  const { devServer: options } = await configure({}, { mode: 'development' });
  if (saved === undefined) delete process.env.JOBPRICE_SERVICE_URL;
  else process.env.JOBPRICE_SERVICE_URL = saved;

  const compiler = webpack({
    mode: 'development',
    entry: join(dir, 'entry.js'),
    output: { path: join(dir, 'out') },
    infrastructureLogging: { level: 'error' },
    stats: 'none',
  });
  devServer = new WebpackDevServer(
    {
      ...options,
      host: '127.0.0.1',
      port: 0,
      static: { directory: join(dir, 'dist') },
      client: false,
      hot: false,
      liveReload: false,
      webSocketServer: false,
      onListening: undefined,
    },
    compiler,
  );
  await devServer.start();
  const address = devServer.server?.address();
  if (address === null || address === undefined || typeof address === 'string')
    throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
}, 60_000);

afterAll(async () => {
  await devServer?.stop();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

const preflight = (path: string, origin: string): Promise<Response> =>
  fetch(`${base}${path}`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'Authorization',
    },
  });

describe("the dev server forwards the service's own CORS answer", () => {
  it.each(['/oauth/token', '/DaaS/jobpricing', '/DaaS/batchjobmatch'])(
    '%s: an untrusted origin gets no Access-Control-Allow-Origin, preflight or call (D16)',
    async (path) => {
      const pre = await preflight(path, 'https://evil.example');
      expect(pre.status).toBe(403);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      const call = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect([400, 401]).toContain(call.status);
      expect(call.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('the trusted origin gets the service own headers, its origin and not *', async () => {
    const pre = await preflight('/DaaS/jobpricing', TRUSTED);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(TRUSTED);
    const token = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { Origin: TRUSTED, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=full-client&client_secret=full-client-secret-0123456789',
    });
    expect(token.status).toBe(200);
    expect(token.headers.get('access-control-allow-origin')).toBe(TRUSTED);
  });
});

describe('the dev server serves the add-in, not the compiled service', () => {
  it('dist/service is not served; the add-in files are, open to Office from any origin', async () => {
    expect((await fetch(`${base}/service/main.js`)).status).toBe(404);
    expect((await fetch(`${base}/service/`)).status).toBe(404);
    const functions = await fetch(`${base}/functions.json`);
    expect(functions.status).toBe(200);
    expect(functions.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('npm run serve:dist serves the add-in, not the compiled service', () => {
  it('dist/service is not served; the functions metadata is', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- scripts/serve-dist.js is CommonJS
    const { createDistServer } = require(join(ROOT, 'scripts', 'serve-dist.js')) as {
      createDistServer: (options: { root: string }) => Server;
    };
    const server = createDistServer({ root: join(dir, 'dist') });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening');
      const at = `http://127.0.0.1:${address.port}`;
      expect((await fetch(`${at}/service/main.js`)).status).toBe(404);
      expect((await fetch(`${at}/functions.json`)).status).toBe(200);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
