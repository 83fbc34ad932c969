import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import {
  createServer as createHttpServer,
  request,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.xml': 'application/xml; charset=utf-8',
};

export interface ServeOptions {
  /** Serve https with a throw-away self-signed certificate for 127.0.0.1 (the test browser trusts it). */
  https?: boolean;
  /** Forward these path prefixes to `target`, as the dev server does (scripts/service-proxy.js). */
  proxy?: { paths: readonly string[]; target: string };
  /** Paths answered from memory instead of the folder (the test's stand-ins, e.g. for office.js). */
  files?: Record<string, { type: string; body: string }>;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl, valid for a day. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function forward(req: IncomingMessage, res: ServerResponse, target: string): void {
  const to = new URL(req.url ?? '/', target);
  const upstream = request(
    to,
    { method: req.method, headers: { ...req.headers, host: to.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

/** Serves a folder read-only on 127.0.0.1:0 (GET/HEAD only, no listing, no path escape), maybe proxying. */
export async function serveFolder(
  folder: string,
  opts: ServeOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const root = resolve(folder);
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (opts.proxy && opts.proxy.paths.some((p) => path === p || path.startsWith(`${p}/`))) {
      forward(req, res, opts.proxy.target);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const inMemory = opts.files?.[path];
    if (inMemory) {
      res.writeHead(200, { 'content-type': inMemory.type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : inMemory.body);
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
  const server = opts.https ? createHttpsServer(selfSignedCertificate(), handler) : createHttpServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${opts.https ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
