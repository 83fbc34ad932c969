/* What the dev server forwards to the Job Market Match Service (D16): the API's paths, so the
 * pane calls its own https origin and never http from an https page (WebKit, i.e. Excel for Mac, blocks
 * that). Used by webpack.config.js and mirrored by the end-to-end test's https server. */

/** Every path the add-in calls on the service: the pricing and match operations, and the token. */
const SERVICE_PATHS = ['/DaaS', '/oauth'];

/** Where the reference service runs under `npm start` (JOBPRICE_SERVICE_URL moves it). */
function serviceTarget() {
  return process.env.JOBPRICE_SERVICE_URL ?? 'http://127.0.0.1:8600';
}

module.exports = { SERVICE_PATHS, serviceTarget };
