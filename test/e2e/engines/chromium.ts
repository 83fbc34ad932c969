import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { LaunchOptions, PaneDriver } from './driver';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const { BROWSERS } = require('../../../scripts/system-packages.js') as { BROWSERS: { chromium: string } };

/** Debian's Chromium (Edge WebView2's engine) through playwright-core, headless, in a fresh profile. */
export async function launchChromium(opts: LaunchOptions): Promise<PaneDriver> {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: BROWSERS.chromium,
    viewport: { width: opts.width, height: opts.height },
    // The test's https server has a throw-away self-signed certificate.
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
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    engine: 'chromium',
    version: `Chromium ${context.browser()?.version() ?? ''}`.trim(),
    goto: async (url) => {
      await page.goto(url);
    },
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: (selector) => page.click(selector),
    fill: (selector, text) => page.fill(selector, text),
    screenshot: async (path) => {
      await page.screenshot({ path, fullPage: true });
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
