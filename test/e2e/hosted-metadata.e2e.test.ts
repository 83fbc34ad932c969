import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveFolder } from './static-server';

/**
 * A production build served the way a host should (`npm run serve:dist`, scripts/hosted-build.js): Excel
 * fetches the custom functions' metadata from its own origin, not the add-in's, so functions.json and
 * functions.js must answer cross-origin requests. A page on another origin fetches them in Chromium; the
 * same fetch from a host that sends no CORS header fails, as custom functions then never register.
 */

const ROOT = resolve(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const { createDistServer } = require('../../scripts/serve-dist.js') as {
  createDistServer: (opts: { root?: string }) => Server;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const { BROWSERS } = require('../../scripts/system-packages.js') as { BROWSERS: { chromium: string } };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const { hostConfigs, CROSS_ORIGIN_FILES } = require('../../scripts/hosted-build.js') as {
  hostConfigs: (addinUrl: string) => Record<string, string>;
  CROSS_ORIGIN_FILES: string[];
};

if (!existsSync(join(DIST, 'functions.json'))) {
  throw new Error('dist/functions.json is missing: run `npm run build` first (npm test does it for you).');
}

let dist: Server;
let distUrl: string;
let plainHost: Awaited<ReturnType<typeof serveFolder>>;
let office: Awaited<ReturnType<typeof serveFolder>>;
let officeDir: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dist = createDistServer({ root: DIST });
  await new Promise<void>((done) => dist.listen(0, '127.0.0.1', done));
  distUrl = `http://127.0.0.1:${(dist.address() as AddressInfo).port}`;
  // The same files from a host that sends no CORS header (the test's own static server).
  plainHost = await serveFolder(DIST);
  // Another origin, standing in for Excel's.
  officeDir = mkdtempSync(join(tmpdir(), 'office-origin-'));
  writeFileSync(join(officeDir, 'index.html'), '<!doctype html><title>Excel</title>');
  office = await serveFolder(officeDir);
  browser = await chromium.launch({ executablePath: BROWSERS.chromium, args: ['--no-sandbox'] });
  page = await browser.newPage();
  await page.goto(`${office.url}/index.html`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => dist?.close(done));
  await plainHost?.close();
  await office?.close();
  if (officeDir) rmSync(officeDir, { recursive: true, force: true });
});

/** fetch() from the page on the other origin: the status and the start of the body, or the error. */
const crossOrigin = (url: string): Promise<{ ok: boolean; text?: string; error?: string }> =>
  page.evaluate(async (u) => {
    try {
      const res = await fetch(u);
      return { ok: res.ok, text: (await res.text()).slice(0, 200) };
    } catch (e) {
      return { ok: false, error: String(e) };
    }
  }, url);

describe('hosted metadata (npm run serve:dist)', () => {
  it('serves functions.json and functions.js to another origin', async () => {
    const json = await crossOrigin(`${distUrl}/functions.json`);
    expect(json.ok).toBe(true);
    expect(json.text).toContain('"functions"');
    const script = await crossOrigin(`${distUrl}/functions.js`);
    expect(script.ok).toBe(true);
  });

  it('the same fetch fails from a host without the header: what Excel on the web meets', async () => {
    const refused = await crossOrigin(`${plainHost.url}/functions.json`);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/TypeError/);
  });

  it('sends each file with its type, nosniff and no-cache; CORS only where Excel needs it', async () => {
    const head = async (file: string) => (await fetch(`${distUrl}/${file}`, { method: 'HEAD' })).headers;
    const json = await head('functions.json');
    expect(json.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.get('access-control-allow-origin')).toBe('*');
    expect(json.get('x-content-type-options')).toBe('nosniff');
    expect(json.get('cache-control')).toBe('no-cache');
    expect((await head('functions.js')).get('content-type')).toBe('application/javascript; charset=utf-8');
    const pane = await head('taskpane.html');
    expect(pane.get('content-type')).toBe('text/html; charset=utf-8');
    expect(pane.get('access-control-allow-origin')).toBeNull();
    // Nothing outside dist/.
    expect((await fetch(`${distUrl}/..%2fpackage.json`)).status).toBe(404);
  });

  it('every function in the served metadata links to its own section of the served reference page', async () => {
    const metadata = (await (await fetch(`${distUrl}/functions.json`)).json()) as {
      functions: Array<{ id: string; helpUrl?: string }>;
    };
    const reference = await (await fetch(`${distUrl}/functions.html`)).text();
    expect(metadata.functions.length).toBeGreaterThan(10);
    for (const f of metadata.functions) {
      const anchor = f.id.toLowerCase();
      expect({ id: f.id, helpUrl: f.helpUrl }).toEqual({
        id: f.id,
        helpUrl: expect.stringMatching(new RegExp(`/functions\\.html#${anchor}$`)),
      });
      expect(reference).toMatch(new RegExp(`\\sid="?${anchor}["\\s>]`));
    }
  });

  it("the hosts' header files and the README's nginx block give the same CORS to the same two files", () => {
    const configs = hostConfigs('https://cdn.example.com/jobprice');
    for (const file of CROSS_ORIGIN_FILES) {
      expect(configs._headers).toContain(`/jobprice/${file}\n  Access-Control-Allow-Origin: *`);
      expect(configs['staticwebapp.config.json']).toContain(`"route": "/jobprice/${file}"`);
      expect(configs['web.config']).toContain(`<location path="${file}">`);
    }
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const nginx = /```nginx\n([^]*?)```/.exec(readme)?.[1] ?? '';
    expect(nginx).toMatch(/location ~ \^\/\(functions\\\.json\|functions\\\.js\)\$/);
    expect(nginx).toContain("add_header Access-Control-Allow-Origin '*' always;");
  });
});
