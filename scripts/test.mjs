// `npm test`: everything CI checks, in the order that fails fastest and reads best. Each stage is a
// package.json script, run with `npm run`, so what CI runs and what a developer runs cannot drift apart:
//   1. typecheck (the add-in and the service, then tests/scripts/benches)   2. format:check
//   3. functions:check (functions.ts generated from its table)   4. lint   5. data:build (a no-op when fresh)
//   6. build (the add-in for the e2e test, the service for the deploy test)   7. validate (manifest.xml and the
//      dist/manifest.xml just built, offline: validating before the build would check a stale dist/)
//   8. test:jest: the unit, service (loopback) and e2e (Chromium, WebKit, Firefox) projects of jest.config.js
// Extra arguments go to jest, e.g. `npm test -- test/domain`. Ends with one plain line
// "tests: N passed, N failed, N skipped" so any CI can read the outcome.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import systemPackages from './system-packages.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const jestArgs = process.argv.slice(2);

/** [what the log calls it, the package.json script that does it] */
const stages = [
  ['types', 'typecheck'],
  ['format', 'format:check'],
  ['generated functions.ts', 'functions:check'],
  ['lint', 'lint'],
  ['data index', 'data:build'],
  ['build', 'build'],
  ['manifest', 'validate'],
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script, args = []) =>
  spawnSync(npm, ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
    cwd: root,
    stdio: 'inherit',
  });

// What the machine must have besides node_modules (browsers, Xvfb, xmllint, Redis): installed with apt-get
// where this user may, else named in one command, at once rather than after minutes of work.
if (!systemPackages.ensureSystemPackages()) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

for (const [name, script] of stages) {
  const started = Date.now();
  console.log(`\n=== ${name} (npm run ${script})`);
  const r = run(script);
  if (r.status !== 0) {
    console.error(`\n${name} failed (exit ${r.status ?? r.signal}); stopping before the tests.`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`--- ${name} ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

console.log('\n=== jest (npm run test:jest)');
mkdirSync(join(root, 'test-results'), { recursive: true });
const resultsFile = join(root, 'test-results', 'jest.json');
rmSync(resultsFile, { force: true }); // a stale file must not stand in for a run that died
const jest = run('test:jest', ['--json', `--outputFile=${resultsFile}`, ...jestArgs]);
let summary = 'tests: 0 passed, 1 failed';
try {
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`;
} catch {
  // jest died before writing its results; the exit status below says so.
}
console.log(`\n${summary}`);
process.exit(jest.status ?? 1);
