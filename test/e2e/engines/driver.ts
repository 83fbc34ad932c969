/**
 * One small interface over the three browser engines Excel shows add-ins in (Edge WebView2 = Chromium on
 * Windows, WKWebView = WebKit on the Mac and Safari, Firefox for Excel on the web), so the end-to-end
 * flow is written once. Each engine's module drives its browser the way that engine's tooling does:
 * Chromium through playwright-core, WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver),
 * Firefox through puppeteer-core over WebDriver BiDi.
 *
 * Every method acts as a user or reads the page: clicks and typing go through the engine's own input
 * path (not element.click() in script), so what a user cannot reach fails here too.
 */
export type EngineName = 'chromium' | 'webkit' | 'firefox';

export interface PaneDriver {
  readonly engine: EngineName;
  /** Browser name and version, as the driver reports them (for the test's output). */
  readonly version: string;
  goto(url: string): Promise<void>;
  /**
   * Runs `fn` in the page with one JSON argument and returns its awaited, JSON-serialisable result.
   * `fn` is sent as source text: it may use only its argument and the page's globals.
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Clicks the element the CSS selector names, as a mouse does (scrolled into view first). */
  click(selector: string): Promise<void>;
  /** Replaces the text of an input, as typing does. */
  fill(selector: string, text: string): Promise<void>;
  /** A PNG of the page as a user sees it, written to `path`. */
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** The pane's width and the window's height, in CSS pixels. */
  width: number;
  height: number;
}

/** Polls `fn` in the page until it returns a truthy value, and returns that value. */
export async function waitInPage<A, R>(
  driver: PaneDriver,
  what: string,
  fn: (arg: A) => R,
  arg: A,
  timeoutMs = 30_000,
): Promise<NonNullable<R>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const last = await driver.evaluate(fn, arg);
    if (last) return last;
    if (Date.now() > until)
      throw new Error(`${driver.engine}: timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the text of the element `selector` names matches `pattern`; a timeout says what it read last. */
export async function waitForText(
  driver: PaneDriver,
  selector: string,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = await driver.evaluate((sel) => document.querySelector(sel)?.textContent ?? null, selector);
    if (text !== null && pattern.test(text)) return text;
    if (Date.now() > until)
      throw new Error(
        `${driver.engine}: timed out after ${timeoutMs} ms waiting for ${selector} to read ${pattern}; it reads ${JSON.stringify(text)}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}
