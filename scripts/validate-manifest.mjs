// Validates manifest.xml offline: against Microsoft's XSDs with xmllint (office-addin-manifest's own
// validator posts the file to an online service), then the rules the schema cannot express.
// Usage: node scripts/validate-manifest.mjs [manifest.xml]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifestPath = resolve(process.argv[2] ?? join(root, 'manifest.xml'));
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
try {
  execFileSync('xmllint', ['--noout', '--schema', schema, manifestPath], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
} catch {
  fail('does not validate against the Office add-in schemas (see the lines above)');
}

const xml = readFileSync(manifestPath, 'utf8');
const problems = [];
const namespace = /<bt:String id="Functions\.Namespace" DefaultValue="([^"]+)"/.exec(xml)?.[1];
if (namespace !== 'JOBPRICE')
  problems.push(`custom functions namespace is ${namespace ?? 'missing'}, expected JOBPRICE`);
if (!/<Runtime resid="Taskpane\.Url" lifetime="long"\/>/.test(xml))
  problems.push('the shared runtime (Runtime resid="Taskpane.Url" lifetime="long") is missing');
for (const [, file] of xml.matchAll(/https:\/\/localhost:3000\/assets\/([\w.-]+\.png)/g))
  if (!existsSync(join(root, 'assets', file))) problems.push(`icon assets/${file} is referenced but missing`);
// Pane, functions page and ribbon commands must all live in the one shared-runtime page.
if (!/<FunctionFile resid="Taskpane\.Url"\/>/.test(xml))
  problems.push('FunctionFile is not the shared runtime page Taskpane.Url');
if (!/<Page>\s*<SourceLocation resid="Taskpane\.Url"\/>\s*<\/Page>/.test(xml))
  problems.push('the custom functions Page is not the shared runtime page Taskpane.Url');
if (problems.length > 0) fail(problems.join('\n'));
console.log(`${manifestPath} is valid (schema and shared-runtime rules)`);
