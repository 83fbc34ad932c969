// Validates the add-in manifests offline: against Microsoft's XSDs with xmllint (office-addin-manifest's own
// validator posts the file to an online service), then the rules the schema cannot express.
// Usage: node scripts/validate-manifest.mjs [manifest.xml ...] [--dist <folder>]
// Without arguments: manifest.xml (dev) and, when a build wrote it, dist/ (its manifest.xml, dev or
// production, and its functions.json and functions.html). Every custom function needs a help link.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const distAt = args.indexOf('--dist');
const given = distAt < 0 ? args : args.filter((_, i) => i !== distAt && i !== distAt + 1);
const dist = distAt >= 0 ? resolve(args[distAt + 1] ?? '') : join(root, 'dist');
const manifests =
  given.length > 0 || distAt >= 0
    ? [...given.map((p) => resolve(p)), ...(distAt >= 0 ? [join(dist, 'manifest.xml')] : [])]
    : [join(root, 'manifest.xml'), join(dist, 'manifest.xml')].filter((p) => existsSync(p));
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
  // Store review: the ribbon's icons at every size Office asks for (scripts/make-icons.mjs draws them).
  for (const size of [16, 20, 24, 32, 40, 48, 64, 80]) {
    const wanted = `<bt:Image size="${size}" resid="Icon.${size}x${size}"/>`;
    if (xml.split(wanted).length - 1 < 3) problems.push(`a ribbon icon of ${size} px is missing (${wanted})`);
  }
  for (const [, file] of xml.matchAll(/\/assets\/([\w.-]+\.png)"/g))
    if (!existsSync(join(root, 'assets', file)))
      problems.push(`icon assets/${file} is referenced but missing`);
  return problems;
}

/** Every JSDoc block that declares a custom function also gives its help link (@helpurl). */
function sourceHelpLinks() {
  const file = join(root, 'src', 'functions', 'functions.ts');
  return readFileSync(file, 'utf8')
    .split('/**')
    .filter((block) => /@customfunction\s+(\w+)/.test(block) && !/@helpurl\s+https:\/\/\S+/.test(block))
    .map((block) => `${/@customfunction\s+(\w+)/.exec(block)[1]} has no @helpurl in ${file}`);
}

/** A build's functions.json: each function's helpUrl is its own anchor on functions.html, on the add-in's base. */
function builtHelpLinks(folder, base) {
  const file = join(folder, 'functions.json');
  if (!existsSync(file)) return [];
  const reference = existsSync(join(folder, 'functions.html'))
    ? readFileSync(join(folder, 'functions.html'), 'utf8')
    : '';
  const problems = [];
  for (const f of JSON.parse(readFileSync(file, 'utf8')).functions ?? []) {
    const anchor = String(f.id).toLowerCase();
    if (!f.helpUrl) problems.push(`${file}: JOBPRICE.${f.id} has no helpUrl`);
    else if (base && f.helpUrl !== `${base}/functions.html#${anchor}`)
      problems.push(
        `${file}: JOBPRICE.${f.id}'s helpUrl ${f.helpUrl} is not ${base}/functions.html#${anchor}`,
      );
    else if (!new RegExp(`\\sid="?${anchor}["\\s>]`).test(reference))
      problems.push(`${folder}/functions.html has no section #${anchor} for JOBPRICE.${f.id}`);
  }
  return problems;
}

const helpProblems = sourceHelpLinks();
if (helpProblems.length > 0) fail(helpProblems.join('\n'));

for (const manifestPath of manifests) {
  try {
    execFileSync('xmllint', ['--noout', '--schema', schema, manifestPath], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  } catch {
    fail(`${manifestPath} does not validate against the Office add-in schemas (see the lines above)`);
  }
  const xml = readFileSync(manifestPath, 'utf8');
  const problems = rules(xml);
  if (problems.length > 0) fail(`${manifestPath}:\n${problems.join('\n')}`);
  const base = /<SourceLocation DefaultValue="([^"]+)\/taskpane\.html"\/>/.exec(xml)?.[1] ?? '';
  const folder = dirname(manifestPath);
  if (folder !== root) {
    const links = builtHelpLinks(folder, base);
    if (links.length > 0) fail(links.join('\n'));
  }
  console.log(`${manifestPath} is valid (schema, shared runtime, one https origin, help links)`);
  // OfficeRuntime.storage and the browser's storage belong to the origin: every add-in served from it
  // shares them. Keys are namespaced by the manifest Id, but another add-in's pages could read them.
  if (base && new URL(base).pathname !== '/')
    console.warn(
      `manifest: warning: ${base} has a path. Add-ins served from ${new URL(base).origin} share its storage ` +
        '(settings, a remembered token); serve JobPrice from an origin of its own where you can (README: Deploying).',
    );
}
