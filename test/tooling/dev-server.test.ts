import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultServiceUrl } from '../../src/session/settings';

/**
 * `npm run sideload` (office-addin-debugging) reads package.json config.dev_server_port to
 * see whether the dev server is already up; without it, it started a second one next to `npm start`.
 * One port, read from package.json by the dev server, `npm start` and office-addin-debugging alike, and
 * the dev-server script office-addin-debugging runs (when nothing listens yet) is `npm start`'s own.
 */

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  config: Record<string, unknown>;
  scripts: Record<string, string>;
};

describe('npm start and npm run sideload share one dev server', () => {
  it('declares the port and the app the way Microsoft templates do', () => {
    expect(pkg.config).toMatchObject({ dev_server_port: 3000, app_to_debug: 'excel' });
    expect(pkg.scripts.sideload).toMatch(/^office-addin-debugging start manifest\.xml/);
    expect(pkg.scripts.stop).toMatch(/^office-addin-debugging stop manifest\.xml/);
  });

  it('the dev server listens on that port (webpack reads it, as does npm start)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS
    const config = require(join(ROOT, 'webpack.config.js')) as (
      env: Record<string, unknown>,
      argv: Record<string, unknown>,
    ) => Promise<{ devServer: { port: number } }>;
    const built = await config({}, { mode: 'development' });
    expect(built.devServer.port).toBe(pkg.config.dev_server_port);
    expect(readFileSync(join(ROOT, 'scripts', 'start.mjs'), 'utf8')).toContain("('./dev-port.js')");
  });

  it('office-addin-debugging, finding nothing on the port, starts what npm start starts', () => {
    expect(pkg.scripts['dev-server']).toBe('node scripts/start.mjs');
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
  });

  it('the dev manifest points at that port', () => {
    const xml = readFileSync(join(ROOT, 'manifest.xml'), 'utf8');
    const origins = new Set([...xml.matchAll(/https?:\/\/[^/"<\s]+/g)].map((m) => m[0]));
    origins.delete('http://schemas.microsoft.com');
    origins.delete('http://www.w3.org');
    expect([...origins]).toEqual([`https://localhost:${String(pkg.config.dev_server_port)}`]);
  });

  it('an npm_package_config override moves the port for all of them', () => {
    const saved = process.env.npm_package_config_dev_server_port;
    process.env.npm_package_config_dev_server_port = '3443';
    try {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded afresh inside isolateModules
        const { devServerPort } = require(join(ROOT, 'scripts', 'dev-port.js')) as {
          devServerPort: () => number;
        };
        expect(devServerPort()).toBe(3443);
      });
    } finally {
      if (saved === undefined) delete process.env.npm_package_config_dev_server_port;
      else process.env.npm_package_config_dev_server_port = saved;
    }
  });
});

describe('the dev server forwards the service paths (D16)', () => {
  it('proxies /DaaS and /oauth to the reference service, so the pane needs no http address', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS
    const config = require(join(ROOT, 'webpack.config.js')) as (
      env: Record<string, unknown>,
      argv: Record<string, unknown>,
    ) => Promise<{ devServer: { proxy: Array<{ context: string[]; target: string }> } }>;
    const built = await config({}, { mode: 'development' });
    expect(built.devServer.proxy).toEqual([
      expect.objectContaining({ context: ['/DaaS', '/oauth'], target: 'http://127.0.0.1:8600' }),
    ]);
  });

  it("the pane's default service address: the build's JOBPRICE_SERVICE_URL, else its own https origin, never a hosted pane's loopback", () => {
    const at = (href: string) => {
      const u = new URL(href);
      return { protocol: u.protocol, hostname: u.hostname, origin: u.origin };
    };
    expect(defaultServiceUrl(at('https://localhost:3000/taskpane.html'))).toBe('https://localhost:3000');
    expect(defaultServiceUrl(at('https://127.0.0.1:4443/taskpane.html'))).toBe('https://127.0.0.1:4443');
    // A hosted pane: its own origin (a host that forwards the API, or the first-run prompt), not loopback.
    expect(defaultServiceUrl(at('https://cdn.example.com/jobprice/taskpane.html'))).toBe(
      'https://cdn.example.com',
    );
    // A build given JOBPRICE_SERVICE_URL starts there, wherever it is served.
    expect(
      defaultServiceUrl(at('https://cdn.example.com/jobprice/taskpane.html'), 'https://api.example.com'),
    ).toBe('https://api.example.com');
    // Plain http (no certificate) and no page at all (tests, benches) keep the local reference service.
    expect(defaultServiceUrl(at('http://localhost:3000/taskpane.html'))).toBe('http://127.0.0.1:8600');
    expect(defaultServiceUrl(undefined)).toBe('http://127.0.0.1:8600');
  });
});
