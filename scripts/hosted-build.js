/* What a build needs to be hosted on any origin, in one place: webpack.config.js, `npm run serve:dist`
 * and `npm run validate` read it, and the README's Deploying section gives the same headers for nginx.
 *
 * - The headers a static host must send: Excel (on the web above all) fetches the custom functions'
 *   metadata (functions.json) and script (functions.js) from another origin than the add-in's, so those
 *   two need `Access-Control-Allow-Origin`; `*` is right, they are public. Every file gets its proper
 *   type and `nosniff`, and `no-cache` (file names carry no hash, so browsers revalidate).
 * - The same headers as configuration files for common static hosts, written into dist/ by the build.
 * - Build-time constants: the manifest Id (storage keys are namespaced by it) and the pane's default
 *   service address (JOBPRICE_SERVICE_URL in a production build; else the pane's own origin).
 * - The help links of functions.json moved from the dev server's origin to ADDIN_URL. */
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { addinBase } = require('./production-manifest');

const DEV_ORIGIN = /https:\/\/localhost:\d+/g;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
};

/** The files Excel loads from another origin than the add-in's: their responses carry CORS. */
const CROSS_ORIGIN_FILES = ['functions.json', 'functions.js'];

/** The headers a host should send for one file of dist/ (a path relative to dist/). */
function headersFor(file) {
  const headers = {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
  if (CROSS_ORIGIN_FILES.includes(file)) headers['Access-Control-Allow-Origin'] = '*';
  return headers;
}

/** The Id of manifest.xml: what keeps this add-in's stored settings apart from another's on one origin. */
function manifestId(xml = readFileSync(path.join(__dirname, '..', 'manifest.xml'), 'utf8')) {
  const id = /<Id>([0-9a-fA-F-]{36})<\/Id>/.exec(xml)?.[1];
  if (!id) throw new Error('manifest.xml has no <Id> GUID.');
  return id.toLowerCase();
}

const isLoopback = (host) => /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(host);

/**
 * The pane's default service address baked into a production build: JOBPRICE_SERVICE_URL, checked, or ''
 * (then the pane defaults to its own origin). A hosted build (ADDIN_URL) never defaults to loopback.
 */
function buildServiceUrl({ production, serviceUrl, addinUrl }) {
  if (!production || !serviceUrl) return '';
  let url;
  try {
    url = new URL(serviceUrl);
  } catch {
    throw new Error(`JOBPRICE_SERVICE_URL must be an absolute https:// address, got "${serviceUrl}".`);
  }
  if (url.search || url.hash)
    throw new Error(`JOBPRICE_SERVICE_URL must not have a query or fragment: "${serviceUrl}".`);
  if (addinUrl && isLoopback(url.hostname))
    throw new Error(
      `JOBPRICE_SERVICE_URL is ${serviceUrl}, this computer: a hosted build (ADDIN_URL) must name the service's own address.`,
    );
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
    throw new Error(
      `JOBPRICE_SERVICE_URL must use https:// (the token travels with every call): "${serviceUrl}".`,
    );
  return url.href.replace(/\/+$/, '');
}

/** The support contact the help page names (ADDIN_SUPPORT_EMAIL or ADDIN_SUPPORT_CONTACT at build time). */
function supportContact(env) {
  const contact = (env.ADDIN_SUPPORT_CONTACT ?? env.ADDIN_SUPPORT_EMAIL ?? '').trim();
  if (contact === '') return null;
  if (/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(contact))
    return { href: `mailto:${contact}`, text: contact };
  let url;
  try {
    url = new URL(contact);
  } catch {
    throw new Error(`ADDIN_SUPPORT_CONTACT must be an e-mail address or an https:// page, got "${contact}".`);
  }
  if (url.protocol !== 'https:')
    throw new Error(`ADDIN_SUPPORT_CONTACT must be an e-mail address or an https:// page, got "${contact}".`);
  return { href: url.href, text: url.href };
}

/** The folder part of ADDIN_URL ('' at the root, '/jobprice' under a folder). */
function basePath(addinUrl) {
  return addinUrl ? new URL(addinBase(addinUrl)).pathname.replace(/\/+$/, '') : '';
}

/** Header files for static hosts, for the files Excel loads cross-origin (and nosniff everywhere). */
function hostConfigs(addinUrl) {
  const base = basePath(addinUrl);
  const cors = CROSS_ORIGIN_FILES.map((f) => `${base}/${f}`);
  // Netlify and Cloudflare Pages: a _headers file at the site's root.
  const headersFile = [
    `${base}/*`,
    '  X-Content-Type-Options: nosniff',
    '  Cache-Control: no-cache',
    ...cors.flatMap((p) => [p, '  Access-Control-Allow-Origin: *']),
    '',
  ].join('\n');
  // Azure Static Web Apps.
  const swa = {
    globalHeaders: { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' },
    routes: cors.map((route) => ({ route, headers: { 'Access-Control-Allow-Origin': '*' } })),
    mimeTypes: { '.json': 'application/json' },
  };
  // IIS (and Azure App Service on Windows).
  const location = (file) =>
    `  <location path="${file}">\n    <system.webServer>\n      <httpProtocol>\n        <customHeaders>\n          <add name="Access-Control-Allow-Origin" value="*" />\n        </customHeaders>\n      </httpProtocol>\n    </system.webServer>\n  </location>`;
  const webConfig = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<!-- JobPrice for Excel: the headers Excel needs (README: Deploying). -->',
    '<configuration>',
    '  <system.webServer>',
    '    <staticContent>',
    '      <remove fileExtension=".json" />',
    '      <mimeMap fileExtension=".json" mimeType="application/json" />',
    '    </staticContent>',
    '    <httpProtocol>',
    '      <customHeaders>',
    '        <add name="X-Content-Type-Options" value="nosniff" />',
    '        <add name="Cache-Control" value="no-cache" />',
    '      </customHeaders>',
    '    </httpProtocol>',
    '  </system.webServer>',
    ...CROSS_ORIGIN_FILES.map(location),
    '</configuration>',
    '',
  ].join('\n');
  return {
    _headers: headersFile,
    'staticwebapp.config.json': `${JSON.stringify(swa, null, 2)}\n`,
    'web.config': webConfig,
  };
}

/**
 * A webpack plugin: moves functions.json's help links from the dev server's origin to ADDIN_URL, fails
 * the build when a function has none, and writes the hosts' header files next to the add-in.
 */
class HostedBuildPlugin {
  constructor({ addinUrl }) {
    this.addinUrl = addinUrl ?? '';
  }

  apply(compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HostedBuildPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HostedBuildPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const asset = compilation.getAsset('functions.json');
          if (asset) {
            const base = this.addinUrl ? addinBase(this.addinUrl) : null;
            const text = asset.source.source().toString();
            const moved = base ? text.replace(DEV_ORIGIN, base) : text;
            for (const f of JSON.parse(moved).functions ?? [])
              if (!f.helpUrl) compilation.errors.push(new WebpackError(`JOBPRICE.${f.id} has no helpUrl`));
            compilation.updateAsset('functions.json', new sources.RawSource(moved));
          }
          for (const [file, text] of Object.entries(hostConfigs(this.addinUrl)))
            compilation.emitAsset(file, new sources.RawSource(text));
        },
      );
    });
  }
}

module.exports = {
  CROSS_ORIGIN_FILES,
  HostedBuildPlugin,
  buildServiceUrl,
  headersFor,
  hostConfigs,
  manifestId,
  supportContact,
};
