import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSimHostScript } from '../sim-excel/build-browser';
import { jobSheet } from '../sim-excel/fixtures';
import type { PaneDriver, EngineName, LaunchOptions } from './engines/driver';
import { waitForText, waitInPage } from './engines/driver';
import { launchChromium } from './engines/chromium';
import { launchFirefox } from './engines/firefox';
import { launchWebKit } from './engines/webkit';
import {
  expectedRequests,
  expectPricedAsServiceSays,
  headerColumn,
  FIRST_OUTPUT_COLUMN,
  type Dump,
  type ServiceAnswer,
} from './priced-sheet';
import { startReferenceService, type RunningService } from './reference-service';
import { serveFolder } from './static-server';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const { SERVICE_PATHS } = require('../../scripts/service-proxy.js') as { SERVICE_PATHS: string[] };

/**
 * The pane's main flow in the three engines Excel shows add-ins in: Chromium (Edge WebView2 on Windows),
 * WebKit (Excel for Mac, Excel on the web in Safari) and Firefox (Excel on the web). One flow, written
 * once against the PaneDriver interface: open the built pane over https, sign in with client credentials
 * (D15), price a 500-row sheet (batches of 200, D13), review the matches and write a chosen job code,
 * re-priced pinned (D18, D19). Every written cell is checked against the service's own answer.
 *
 * The simulated Excel host is served in place of office.js: the page is dist/taskpane.html as built, with
 * only office.js's address pointed at the test server (no engine-specific request interception).
 */

const ROOT = resolve(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const SHOTS = join(ROOT, 'test-results', 'engines');
const OFFICE_JS = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';
const SIM_OFFICE_JS = '/sim-office.js';
const ROWS = 500;
const HIDDEN_ROWS = [5, 6, 7];
const PANE: LaunchOptions = { width: 320, height: 1400 };

const ENGINES: Array<[EngineName, (opts: LaunchOptions) => Promise<PaneDriver>]> = [
  ['chromium', launchChromium],
  ['webkit', launchWebKit],
  ['firefox', launchFirefox],
];

if (!existsSync(join(DIST, 'taskpane.html'))) {
  throw new Error('dist/taskpane.html is missing: run `npm run build` first (npm test does it for you).');
}

const sheet = jobSheet(ROWS, 11);
let service: RunningService;
let site: Awaited<ReturnType<typeof serveFolder>>;
/** The service's own answers, asked once for all three engines (the same sheet in each). */
const answers = new Map<string, ServiceAnswer>();

beforeAll(async () => {
  service = await startReferenceService({ corsOrigins: [] });
  const html = readFileSync(join(DIST, 'taskpane.html'), 'utf8');
  if (!html.includes(OFFICE_JS)) throw new Error('dist/taskpane.html no longer loads office.js from its CDN');
  const init = {
    sheets: [{ name: 'Jobs', rows: sheet.rows, hiddenRows: HIDDEN_ROWS }],
    selection: { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: ROWS, c1: 9 } },
  };
  // Errors the page throws are kept where any engine's driver can read them.
  const prelude = `window.__SIM_EXCEL_INIT__ = ${JSON.stringify(init)};
window.__pageErrors = [];
window.addEventListener('error', function (e) { window.__pageErrors.push(String(e.message)); });
window.addEventListener('unhandledrejection', function (e) { window.__pageErrors.push(String(e.reason)); });
`;
  site = await serveFolder(DIST, {
    https: true,
    proxy: { paths: SERVICE_PATHS, target: service.url },
    files: {
      '/taskpane.html': { type: 'text/html; charset=utf-8', body: html.replace(OFFICE_JS, SIM_OFFICE_JS) },
      [SIM_OFFICE_JS]: {
        type: 'application/javascript; charset=utf-8',
        body: prelude + (await buildSimHostScript()),
      },
    },
  });
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await site?.close();
});

const dumpJobs = (driver: PaneDriver): Promise<Dump> =>
  driver.evaluate(() => window.__simExcel?.dump('Jobs') as Dump, null);

const textOf = (driver: PaneDriver, selector: string): Promise<string> =>
  driver.evaluate((sel) => document.querySelector(sel)?.textContent ?? '', selector);

describe.each(ENGINES)('the main flow in %s', (engine, launch) => {
  let driver: PaneDriver;

  beforeAll(async () => {
    driver = await launch(PANE);
  }, 60_000);

  afterAll(async () => {
    await driver?.close();
  });

  it('opens the pane over https with its own origin as the default service', async () => {
    await driver.goto(`${site.url}/taskpane.html`);
    await waitInPage(
      driver,
      'the pane to be ready',
      () => document.getElementById('app')?.getAttribute('aria-busy') === 'false',
      null,
    );
    const state = await driver.evaluate(
      () => ({
        userAgent: navigator.userAgent,
        serviceUrl: (document.getElementById('service-url') as HTMLInputElement).value,
        errors: (window as unknown as { __pageErrors: string[] }).__pageErrors,
      }),
      null,
    );
    // The engine is the one named: the user agent says so (WebKit's has no "Chrome", Firefox's "Gecko/").
    const looksLike: Record<EngineName, RegExp> = {
      chromium: /Chrome\//,
      webkit: /^(?!.*Chrome\/).*AppleWebKit\/.*Safari\//,
      firefox: /Gecko\/\d+ Firefox\//,
    };
    expect(state.userAgent).toMatch(looksLike[engine]);
    expect(state.serviceUrl).toBe(site.url);
    expect(state.errors).toEqual([]);
    console.log(`${engine}: ${driver.version}`);
  }, 60_000);

  it('signs in with client credentials through the form (D15)', async () => {
    await driver.fill('[data-testid="service-url"]', site.url);
    await driver.click('[data-testid="method-credentials"]');
    await driver.fill('[data-testid="client-id"]', service.clientId);
    await driver.fill('[data-testid="client-secret"]', service.clientSecret);
    await driver.click('[data-testid="sign-in"]');
    await waitForText(driver, '#connection-message', /^Signed in for this session\.$/, 15_000);
    await expect(textOf(driver, '[data-testid="connection-status"]')).resolves.toBe('Signed in');
    const secret = await driver.evaluate(
      () => (document.getElementById('client-secret') as HTMLInputElement).value,
      null,
    );
    expect(secret).toBe('');
  }, 30_000);

  it('prices 500 rows and writes exactly what the service says for each row', async () => {
    await driver.click('[data-testid="price-selection"]');
    await waitInPage(
      driver,
      'the run to finish',
      () => document.querySelector('[data-testid="summary"]')?.getAttribute('data-status') === 'done',
      null,
      90_000,
    );
    const dump = await dumpJobs(driver);
    const { priced, failed } = await expectPricedAsServiceSays(dump, sheet.jobs, {
      hiddenRows: HIDDEN_ROWS,
      serviceUrl: service.url,
      token: await service.token(),
      answers,
    });
    await expect(textOf(driver, '[data-testid="summary-priced"]')).resolves.toBe(String(priced));
    await expect(textOf(driver, '[data-testid="summary-failed"]')).resolves.toBe(String(failed));
    await expect(textOf(driver, '[data-testid="summary-requests"]')).resolves.toBe(
      String(expectedRequests(sheet.jobs, HIDDEN_ROWS)),
    );
    // Every address the page loaded or called was https on its own origin: WebKit refuses http from an
    // https page (mixed content), and the other engines are held to the same rule.
    const loaded = await driver.evaluate(
      () => performance.getEntriesByType('resource').map((e) => e.name),
      null,
    );
    expect(loaded.filter((u) => !u.startsWith(site.url))).toEqual([]);
    expect(loaded.some((u) => u.startsWith(`${site.url}/DaaS/batchjobpricing`))).toBe(true);
    expect(JSON.stringify(dump.settings)).not.toMatch(/secret|token|Bearer/i);
    // Fits the pane: nothing scrolls sideways (MiniBrowser's window is wider than 320 px; see webkit.ts).
    const widths = await driver.evaluate(
      () => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }),
      null,
    );
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await driver.screenshot(join(SHOTS, `${engine}.png`));
  }, 150_000);

  it('reviews matches, writes the chosen job code and re-prices those rows pinned (D18, D19)', async () => {
    await driver.evaluate(() => {
      const wb = window.__simExcel?.workbook;
      if (wb) wb.selection = { sheet: 'Jobs', rect: { r0: 0, c0: 0, r1: 40, c1: 9 } };
    }, null);
    await driver.click('[data-testid="review-matches"]');
    await waitInPage(
      driver,
      'the review card',
      () => !document.querySelector<HTMLElement>('[data-testid="review-card"]')?.hidden,
      null,
    );
    // All jobs, not only those below Confident, so the test does not depend on the matcher's ratings.
    const below = await driver.evaluate(
      () => (document.querySelector('[data-testid="review-below"]') as HTMLInputElement).checked,
      null,
    );
    if (below) await driver.click('[data-testid="review-below"]');
    await waitForText(driver, '[data-testid="review-status"]', /\d+ of \d+ distinct/);
    // The first job that offers an alternative; the user clicks it.
    const option = await waitInPage(
      driver,
      'a job with an alternative',
      () => {
        const radio = document.querySelector<HTMLInputElement>(
          '[data-testid="review-job"] input[type="radio"]:not([value=""])',
        );
        return radio ? { name: radio.name, value: radio.value } : null;
      },
      null,
    );
    expect(option.value).toMatch(/^\d\d-\d{4}\.\d\d$/);
    await driver.click(`input[name="${option.name}"][value="${option.value}"]`);
    await driver.click('[data-testid="apply-review"]');
    await waitForText(driver, '[data-testid="review-status"]', /re-priced/, 90_000);
    const dump = await dumpJobs(driver);
    const header = (name: string): number => headerColumn(dump, name);
    // Created right of the inputs (A:J), so the output columns moved one to the right with it.
    expect(header('Job Code')).toBe(FIRST_OUTPUT_COLUMN);
    const codeRows = Object.keys(dump.cells)
      .filter((k) => k.endsWith(`,${FIRST_OUTPUT_COLUMN}`) && !k.startsWith('0,'))
      .filter((k) => (dump.cells[k]?.value ?? '') !== '')
      .map((k) => Number(k.split(',')[0]));
    expect(codeRows.length).toBeGreaterThan(0);
    for (const r of codeRows) {
      expect({ r, code: dump.cells[`${r},${FIRST_OUTPUT_COLUMN}`]?.value }).toEqual({
        r,
        code: option.value,
      });
      expect({ r, code: dump.cells[`${r},${header('MatchedJobCode')}`]?.value }).toEqual({
        r,
        code: option.value,
      });
      expect({ r, rating: dump.cells[`${r},${header('MatchRating')}`]?.value }).toEqual({
        r,
        rating: 'Confident',
      });
    }
    await driver.screenshot(join(SHOTS, `${engine}-review.png`));
  }, 150_000);
});
