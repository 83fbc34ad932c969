// `npm test`: everything CI checks, in the order that fails fastest and reads best.
//   1. types (tsc -b for the add-in and the service, tsc --noEmit for tests/scripts/benches)
//   2. format (prettier --check), functions.ts generated from its table   3. lint (eslint)   4. manifest (xmllint, offline)
//   5. data index (npm run data:build; a no-op when fresh)   6. add-in build (webpack, for the e2e test)
//   7. jest: unit, loopback service, functions and the headless-Chromium end-to-end test
// Extra arguments go to jest, e.g. `npm test -- test/domain`. Ends with one plain line
// "tests: N passed, N failed, N skipped" so any CI can read the outcome.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const jestArgs = process.argv.slice(2);
const bin = (name) => join(root, 'node_modules', '.bin', name);

const stages = [
  // The add-in (DOM, Office) and the service (Node) each in its own project, then tests, scripts, benches.
  ['types', bin('tsc'), ['-b', 'tsconfig.build.json']],
  ['types (tests, scripts, benches)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['format', bin('prettier'), ['--check', '.']],
  // functions.ts is generated from src/formulas/function-catalog.ts; a hand edit or a stale file fails here.
  ['generated functions.ts', bin('tsx'), ['scripts/generate-functions.ts', '--check']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  ['manifest', process.execPath, ['scripts/validate-manifest.mjs']],
  ['data index', 'npm', ['run', '--silent', 'data:build']],
  ['add-in build', bin('webpack'), ['--mode', 'production']],
];

// What the machine must have besides node_modules; say so at once rather than after minutes of work.
const missing = [];
if (spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status !== 0)
  missing.push('xmllint (Debian: libxml2-utils)');
if (!existsSync('/usr/bin/chromium'))
  missing.push('Chromium at /usr/bin/chromium (Debian: chromium), for the end-to-end test');
if (missing.length > 0) {
  console.error(
    `npm test needs: ${missing.join('; ')}.\nInstall them with apt-get, or run \`bash .ci/run\`, which does.`,
  );
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

for (const [name, cmd, args] of stages) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n${name} failed (exit ${r.status ?? r.signal}); stopping before the tests.`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`--- ${name} ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

console.log('\n=== jest');
mkdirSync(join(root, 'test-results'), { recursive: true });
const resultsFile = join(root, 'test-results', 'jest.json');
const jest = spawnSync(bin('jest'), ['--json', `--outputFile=${resultsFile}`, ...jestArgs], {
  cwd: root,
  stdio: 'inherit',
});
let summary = 'tests: 0 passed, 1 failed';
try {
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`;
} catch {
  // jest died before writing its results; the exit status below says so.
}
console.log(`\n${summary}`);
process.exit(jest.status ?? 1);
