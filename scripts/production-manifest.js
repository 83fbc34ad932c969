/* The production manifest: `ADDIN_URL=https://jobprice.example.com npm run build` writes dist/manifest.xml
 * with every add-in URL on that address instead of the dev server's (https://localhost:<port>), the
 * AppDomain set to its origin and a SupportUrl that is a real page (support.html, shipped in dist/, or
 * ADDIN_SUPPORT_URL). webpack.config.js calls this while copying manifest.xml; a test calls it directly. */

const DEV_ORIGIN = /https:\/\/localhost:\d+/g;

/** ADDIN_URL as the base every file is served under: https, no query or fragment, no trailing slash. */
function addinBase(addinUrl) {
  let url;
  try {
    url = new URL(addinUrl);
  } catch {
    throw new Error(`ADDIN_URL must be an absolute https:// address, got "${addinUrl}".`);
  }
  if (url.protocol !== 'https:')
    throw new Error(`ADDIN_URL must use https:// (Office loads add-ins over https only), got "${addinUrl}".`);
  if (url.search || url.hash) throw new Error(`ADDIN_URL must not have a query or fragment: "${addinUrl}".`);
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1')
    throw new Error('ADDIN_URL is for a hosted deployment; the dev manifest already points at localhost.');
  return url.href.replace(/\/+$/, '');
}

function productionManifest(xml, addinUrl, supportUrl) {
  const base = addinBase(addinUrl);
  const origin = new URL(base).origin;
  const support = supportUrl ? addinBase(supportUrl) : `${base}/support.html`;
  const out = xml
    // The dev manifest's opening comment talks about the dev server: say what this one is instead.
    .replace(
      /<!--[^]*?-->/,
      `<!-- JobPrice for Excel, built for ${base} (ADDIN_URL). One shared runtime (taskpane.html) hosts the\n     task pane, the JOBPRICE custom functions and the ribbon commands. -->`,
    )
    .replace(/<SupportUrl DefaultValue="[^"]*"\/>/, `<SupportUrl DefaultValue="${support}"/>`)
    .replace(/<AppDomain>[^<]*<\/AppDomain>/, `<AppDomain>${origin}</AppDomain>`)
    .replace(DEV_ORIGIN, base);
  if (/localhost|127\.0\.0\.1/.test(out))
    throw new Error('The production manifest still names localhost: a dev URL was not replaced.');
  return out;
}

module.exports = { addinBase, productionManifest };
