/* What the dev server forwards to the Job Market Match Service (D16): the API's paths, so the pane calls its own
 * https origin and never http from an https page (WebKit, i.e. Excel for Mac, blocks that). Used by
 * webpack.config.js and mirrored by the end-to-end test's https server.
 *
 * The service's answers pass through as the service gave them, CORS headers included (D16): the dev
 * server adds none of its own to them, so an origin the service does not trust stays untrusted. And the
 * dev server serves the add-in, never the compiled service beside it in dist/service. */

/** Every path the add-in calls on the service: the pricing and match operations, and the token. */
const SERVICE_PATHS = ['/DaaS', '/oauth'];

/** Where the reference service runs under `npm start` (JOBPRICE_SERVICE_URL moves it). */
function serviceTarget() {
  return process.env.JOBPRICE_SERVICE_URL ?? 'http://127.0.0.1:8600';
}

/** Whether `url` (a request's path and query) is forwarded to the service. */
function isServicePath(url) {
  const path = String(url ?? '/').split('?', 1)[0];
  return SERVICE_PATHS.some((prefix) => path.startsWith(prefix));
}

/** The dev server's own headers for `req`: Office reads the add-in's files from other origins; none on the service's answers. */
function devServerHeaders(req) {
  return isServicePath(req.url) ? {} : { 'Access-Control-Allow-Origin': '*' };
}

/** dist/service holds the compiled service (npm start builds it there): a middleware that never serves it. */
function refuseServiceFiles(req, res, next) {
  const path = String(req.url ?? '/').split('?', 1)[0];
  if (path !== '/service' && !path.startsWith('/service/')) return next();
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Not found');
}

module.exports = { SERVICE_PATHS, serviceTarget, isServicePath, devServerHeaders, refuseServiceFiles };
