// Validates the add-in manifests offline: against Microsoft's XSDs with xmllint (office-addin-manifest's own
// validator posts the file to an online service), then the rules the schema cannot express.
// Usage: node scripts/validate-manifest.mjs [manifest.xml ...]
// Without arguments: manifest.xml (dev) and, when a build wrote it, dist/manifest.xml (dev or production).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const given = process.argv.slice(2);
const manifests =
  given.length > 0
    ? given.map((p) => resolve(p))
    : [join(root, 'manifest.xml'), join(root, 'dist', 'manifest.xml')].filter((p) => existsSync(p));
const sharedDir = process.env.JOBPRICE_SHARED_DIR ?? join(root, '..', 'shared');
const schema = join(sharedDir, 'schemas', 'office-addin-manifest', 'OfficeAppManifestV1_1.xsd');

function fail(message) {
  console.error(`manifest: ${message}`);
  process.exit(1);
}

if (!existsSync(schema))
  fail(
    `schema not found at ${schema} (expected ../shared beside the repository, or set JOBPRICE_SHARED_DIR)`,
  );
try {
  execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
} catch {
  fail('xmllint is not installed (Debian: apt-get install libxml2-utils)');
}

/** XML namespaces are URIs, not addresses the add-in loads. */
const NAMESPACE = /^http:\/\/(schemas\.microsoft\.com|www\.w3\.org)\//;

function rules(xml) {
  const problems = [];
  const namespace = /<bt:String id="Functions\.Namespace" DefaultValue="([^"]+)"/.exec(xml)?.[1];
  if (namespace !== 'JOBPRICE')
    problems.push(`custom functions namespace is ${namespace ?? 'missing'}, expected JOBPRICE`);
  if (!/<Runtime resid="Taskpane\.Url" lifetime="long"\/>/.test(xml))
    problems.push('the shared runtime (Runtime resid="Taskpane.Url" lifetime="long") is missing');
  // Pane, functions page and ribbon commands must all live in the one shared-runtime page.
  if (!/<FunctionFile resid="Taskpane\.Url"\/>/.test(xml))
    problems.push('FunctionFile is not the shared runtime page Taskpane.Url');
  if (!/<Page>\s*<SourceLocation resid="Taskpane\.Url"\/>\s*<\/Page>/.test(xml))
    problems.push('the custom functions Page is not the shared runtime page Taskpane.Url');
  if (!/<Set Name="ExcelApi" MinVersion="1\.\d+"\/>/.test(xml))
    problems.push('the ExcelApi requirement set is not declared');

  // Every address the add-in loads is https and on the pane's own base (one deployment, one origin).
  const pane = /<SourceLocation DefaultValue="([^"]+)\/taskpane\.html"\/>/.exec(xml)?.[1];
  if (!pane) problems.push('DefaultSettings SourceLocation is not <base>/taskpane.html');
  const urls = [...xml.matchAll(/"(https?:\/\/[^"]+)"|>(https?:\/\/[^<]+)</g)]
    .map((m) => m[1] ?? m[2])
    .filter((u) => !NAMESPACE.test(u));
  for (const url of urls) {
    if (!url.startsWith('https://')) problems.push(`${url} is not https`);
    else if (pane && !url.startsWith(`${pane}/`) && url !== new URL(pane).origin)
      problems.push(`${url} is not under the add-in's address ${pane}`);
  }
  if (pane && !/^https:\/\/localhost(:\d+)?$/.test(pane) && /localhost|127\.0\.0\.1/.test(xml))
    problems.push('a production manifest names localhost');
  const support = /<SupportUrl DefaultValue="([^"]+)"\/>/.exec(xml)?.[1] ?? '';
  if (support === '' || /taskpane\.html$/.test(support))
    problems.push('SupportUrl must be a help page (support.html), not the pane');
  for (const [, file] of xml.matchAll(/\/assets\/([\w.-]+\.png)"/g))
    if (!existsSync(join(root, 'assets', file)))
      problems.push(`icon assets/${file} is referenced but missing`);
  return problems;
}

for (const manifestPath of manifests) {
  try {
    execFileSync('xmllint', ['--noout', '--schema', schema, manifestPath], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  } catch {
    fail(`${manifestPath} does not validate against the Office add-in schemas (see the lines above)`);
  }
  const problems = rules(readFileSync(manifestPath, 'utf8'));
  if (problems.length > 0) fail(`${manifestPath}:\n${problems.join('\n')}`);
  console.log(`${manifestPath} is valid (schema, shared runtime, one https origin)`);
}
