import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildSimHostScript } from '../sim-excel/build-browser';
import type { WorkbookInit } from '../sim-excel/model';
import { startReferenceService, type RunningService } from './reference-service';
import { serveFolder } from './static-server';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- scripts/service-proxy.js is CommonJS, shared with the dev server
const { SERVICE_PATHS } = require('../../scripts/service-proxy.js') as { SERVICE_PATHS: string[] };

/**
 * The built pane in headless Chromium against the simulated Excel host and the real reference service, as
 * an end-to-end test needs it: the service on loopback, the pane served over https from its own origin
 * (which forwards the API's paths to the service, as the dev server does), office.js replaced by the
 * simulated host holding `workbook`, nothing else reachable. `openPane` resolves once the pane is ready.
 */

export const ROOT = resolve(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
export const OFFICE_JS = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

export interface PaneUnderTest {
  readonly page: Page;
  readonly browser: BrowserContext;
  readonly service: RunningService;
  /** The pane's https origin. */
  readonly url: string;
  /** Errors the page threw. */
  readonly errors: string[];
  close(): Promise<void>;
}

export async function openPane(
  workbook: WorkbookInit & { evaluateFormulas?: boolean },
  viewport = { width: 320, height: 1400 },
): Promise<PaneUnderTest> {
  if (!existsSync(join(DIST, 'taskpane.html')))
    throw new Error('dist/taskpane.html is missing: run `npm run build` first (npm test does it for you).');
  const service = await startReferenceService({ corsOrigins: [] });
  const site = await serveFolder(DIST, { https: true, proxy: { paths: SERVICE_PATHS, target: service.url } });
  const simScript = await buildSimHostScript();
  const profile = mkdtempSync(join(tmpdir(), 'pane-e2e-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    viewport,
    ignoreHTTPSErrors: true,
    deviceScaleFactor: 1,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  await browser.route('**/*', (route) => {
    const url = route.request().url();
    if (url === OFFICE_JS)
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: simScript });
    if (url.startsWith('http://127.0.0.1:') || url.startsWith('https://127.0.0.1:')) return route.continue();
    return route.abort();
  });
  await browser.addInitScript((init) => {
    (window as unknown as { __SIM_EXCEL_INIT__: unknown }).__SIM_EXCEL_INIT__ = init;
  }, workbook);
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.url}/taskpane.html`);
  await page.waitForFunction(
    () => document.getElementById('app')?.getAttribute('aria-busy') === 'false',
    null,
    {
      timeout: 20_000,
    },
  );
  return {
    page,
    browser,
    service,
    url: site.url,
    errors,
    async close() {
      await browser.close();
      await service.close();
      await site.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the pane's Connection card with the service's client credentials. */
export async function signIn(pane: PaneUnderTest): Promise<void> {
  const { page } = pane;
  await page.getByTestId('service-url').fill(pane.url);
  await page.getByTestId('method-credentials').check();
  await page.getByTestId('client-id').fill(pane.service.clientId);
  await page.getByTestId('client-secret').fill(pane.service.clientSecret);
  await page.getByTestId('sign-in').click();
  await page.locator('#connection-message.success', { hasText: 'Signed in' }).waitFor({ timeout: 15_000 });
}
