import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { LaunchOptions, PaneDriver } from './driver';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const { BROWSERS } = require('../../../scripts/system-packages.js') as {
  BROWSERS: { webkitDriver: string; miniBrowser(): string | null };
};

/**
 * WebKitGTK (the engine of Excel for Mac and of Safari) through WebKitWebDriver, which starts WebKitGTK's
 * MiniBrowser with --automation. MiniBrowser is a GTK window, so the driver runs under xvfb-run with a
 * virtual display of its own. The client below speaks the W3C WebDriver protocol over HTTP, as much of
 * it as the flow needs.
 */

/** The key of a web element reference in W3C WebDriver answers (the specification's web element identifier). */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** A free loopback port: WebKitWebDriver needs a number, so take one the system hands out and release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    // xvfb-run, its Xvfb and the driver share the process group this test started.
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
  clearTimeout(timer);
}

export async function launchWebKit(opts: LaunchOptions): Promise<PaneDriver> {
  const miniBrowser = BROWSERS.miniBrowser();
  if (!miniBrowser) throw new Error('WebKitGTK MiniBrowser not found (Debian: libwebkit2gtk-4.1-0)');
  const port = await freePort();
  const driver = spawn(
    'xvfb-run',
    [
      '-a',
      '-s',
      `-screen 0 ${opts.width + 600}x${opts.height + 200}x24`,
      BROWSERS.webkitDriver,
      `--port=${port}`,
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  driver.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;

  /** One W3C WebDriver command; an error answer becomes an exception naming the command. */
  async function command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as { value: T & { error?: string; message?: string } };
    if (!res.ok)
      throw new Error(`WebKitWebDriver ${method} ${path}: ${answer.value.error}: ${answer.value.message}`);
    return answer.value;
  }

  try {
    const until = Date.now() + 20_000;
    for (;;) {
      if (driver.exitCode !== null) throw new Error(`xvfb-run WebKitWebDriver exited: ${stderr}`);
      const ready = await command<{ ready: boolean }>('GET', '/status').catch(() => null);
      if (ready?.ready) break;
      if (Date.now() > until) throw new Error(`WebKitWebDriver did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const created = await command<{ sessionId: string; capabilities: { browserVersion?: string } }>(
      'POST',
      '/session',
      {
        capabilities: {
          alwaysMatch: {
            // The test's https server has a throw-away self-signed certificate.
            acceptInsecureCerts: true,
            'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
          },
        },
      },
    );
    const session = `/session/${created.sessionId}`;
    await command('POST', `${session}/timeouts`, { script: 120_000, pageLoad: 60_000 });
    // GTK keeps MiniBrowser's window at least as wide as its toolbar (about 450 px): wider than asked.
    await command('POST', `${session}/window/rect`, { x: 0, y: 0, width: opts.width, height: opts.height });

    const find = async (selector: string): Promise<string> => {
      const el = await command<Record<string, string>>('POST', `${session}/element`, {
        using: 'css selector',
        value: selector,
      });
      return el[ELEMENT] as string;
    };

    return {
      engine: 'webkit',
      version: `WebKitGTK ${created.capabilities.browserVersion ?? ''} (MiniBrowser)`.trim(),
      goto: async (url) => {
        await command('POST', `${session}/url`, { url });
      },
      evaluate: async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => {
        // Execute Async Script: the last argument is the callback. The result travels as one JSON string:
        // WebKitWebDriver converts a structured value node by node, which takes tens of seconds for a
        // sheet dump of 15,000 cells; a string takes milliseconds.
        const script = `const done = arguments[arguments.length - 1]; const arg = arguments[0];
          Promise.resolve().then(() => (${fn.toString()})(arg)).then(
            (value) => done({ json: JSON.stringify(value === undefined ? null : value) }),
            (e) => done({ error: String((e && e.stack) || e) }));`;
        const out = await command<{ json?: string; error?: string }>('POST', `${session}/execute/async`, {
          script,
          args: [arg],
        });
        if (out.error !== undefined) throw new Error(`in the page: ${out.error}`);
        return JSON.parse(out.json ?? 'null') as R;
      },
      click: async (selector) => {
        await command('POST', `${session}/element/${await find(selector)}/click`, {});
      },
      fill: async (selector, text) => {
        const id = await find(selector);
        await command('POST', `${session}/element/${id}/clear`, {});
        await command('POST', `${session}/element/${id}/value`, { text });
      },
      screenshot: async (path) => {
        const png = await command<string>('GET', `${session}/screenshot`);
        writeFileSync(path, Buffer.from(png, 'base64'));
      },
      close: async () => {
        await command('DELETE', session).catch(() => undefined);
        await stopGroup(driver);
      },
    };
  } catch (e) {
    await stopGroup(driver);
    throw e;
  }
}
