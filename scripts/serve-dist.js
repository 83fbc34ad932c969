/* `npm run serve:dist`: serves a production build (dist/, after `npm run build`) the way a static host
 * should (scripts/hosted-build.js): each file with its type, nosniff and no-cache, and the custom
 * functions' metadata and script with `Access-Control-Allow-Origin: *`, which Excel needs to load them
 * from another origin. Nothing else: no proxy, no service, so what works here works on a plain host.
 *
 * https on the dev server's port (package.json config.dev_server_port) with the localhost certificate of
 * office-addin-dev-certs, as the dev manifest expects; PORT moves it. Without a trusted certificate it
 * serves plain http and says so (Office only loads https). */
const { createReadStream, existsSync, statSync } = require('node:fs');
const { createServer: createHttpServer } = require('node:http');
const { createServer: createHttpsServer } = require('node:https');
const path = require('node:path');
const { devServerPort } = require('./dev-port');
const { CROSS_ORIGIN_FILES, headersFor } = require('./hosted-build');

const DIST = path.resolve(__dirname, '..', 'dist');

/** A request handler serving `root` read-only: GET, HEAD, and OPTIONS for CORS preflights. */
function distHandler(root = DIST) {
  const base = path.resolve(root);
  return (req, res) => {
    let relative;
    try {
      relative = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (relative === '') relative = 'taskpane.html';
    // dist/service is the compiled service, not part of the add-in (README: a host gets dist/ without it).
    if (relative === 'service' || relative.startsWith('service/')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const file = path.normalize(path.join(base, relative));
    if (!file.startsWith(base + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const name = path.relative(base, file).split(path.sep).join('/');
    const headers = headersFor(name);
    if (req.method === 'OPTIONS') {
      const cors = CROSS_ORIGIN_FILES.includes(name)
        ? { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' }
        : {};
      res.writeHead(204, cors).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    const stat = statSync(file);
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag, ...headers }).end();
      return;
    }
    res.writeHead(200, { ...headers, ETag: etag, 'Content-Length': stat.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}

/** The server, not yet listening: https when `tls` (key, cert) is given. */
function createDistServer({ root = DIST, tls = null } = {}) {
  return tls ? createHttpsServer(tls, distHandler(root)) : createHttpServer(distHandler(root));
}

async function main() {
  if (!existsSync(path.join(DIST, 'taskpane.html'))) {
    console.error('dist/ has no build: run `npm run build` first (ADDIN_URL=https://… for a hosted one).');
    process.exit(1);
  }
  let tls = null;
  try {
    tls = await require('office-addin-dev-certs').getHttpsServerOptions();
  } catch (err) {
    console.warn(
      `No trusted localhost certificate (${String(err.message ?? err).split('\n')[0]}): serving plain http.\n` +
        'Office loads add-ins over https only: run `npx office-addin-dev-certs install` once, then start again.',
    );
  }
  const port = Number(process.env.PORT ?? devServerPort());
  const server = createDistServer({ tls });
  server.listen(port, 'localhost', () => {
    console.log(`dist/ served at ${tls ? 'https' : 'http'}://localhost:${port}/taskpane.html (Ctrl+C stops)`);
  });
}

module.exports = { createDistServer, distHandler };

if (require.main === module) void main();
