import puppeteer from 'puppeteer-core';
import type { LaunchOptions, PaneDriver } from './driver';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const { BROWSERS } = require('../../../scripts/system-packages.js') as { BROWSERS: { firefox: string } };

/**
 * Debian's Firefox ESR (the engine of Excel on the web in Firefox) through puppeteer-core over WebDriver
 * BiDi, headless. puppeteer gives it a fresh temporary profile and removes it on close.
 */
export async function launchFirefox(opts: LaunchOptions): Promise<PaneDriver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: BROWSERS.firefox,
    headless: true,
    // The test's https server has a throw-away self-signed certificate.
    acceptInsecureCerts: true,
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  // Set on the page itself: the launch option applies only to pages opened later.
  await page.setViewport({ width: opts.width, height: opts.height, deviceScaleFactor: 1 });
  return {
    engine: 'firefox',
    version: await browser.version(),
    goto: async (url) => {
      await page.goto(url);
    },
    // puppeteer types the argument as it arrives in the page (handles flattened); ours is plain JSON.
    evaluate: (fn, arg) => page.evaluate(fn as (a: unknown) => unknown, arg) as never,
    click: (selector) => page.click(selector),
    fill: (selector, text) => page.locator(selector).fill(text),
    screenshot: async (path) => {
      await page.screenshot({ path, fullPage: true });
    },
    close: () => browser.close(),
  };
}
