/**
 * Three Jest projects, one run (`npm test`, `npx jest`), or one at a time:
 *  - unit (`npm run test:unit`): in-process tests, no port opened (test/support/unit-no-ports.ts refuses one);
 *  - service (`npm run test:service`): tests over loopback HTTP, the reference service and the add-in's
 *    client against scripted servers, and the production-install check of dist/service;
 *  - e2e (`npm run test:e2e`): the built task pane in a browser against the simulated host and the service.
 * The scripts end in `--` because --selectProjects takes every word after it as a project name: so
 * `npm run test:unit -- test/domain` runs the unit tests under test/domain.
 * Jest runs TypeScript through ts-jest in transpile-only mode; `npm run typecheck` checks types once for the
 * whole tree.
 */

/** Test files of the service project, as path patterns (a directory ends with "/"). */
const SERVICE_TESTS = [
  '/test/service/http/',
  '/test/service/conformance/',
  '/test/service/deploy/',
  '/test/service/limits/redis-rate-store.test.ts',
  '/test/api/batch-run.test.ts',
  '/test/api/client-batch.test.ts',
  '/test/api/client-single.test.ts',
  '/test/api/client-transport.test.ts',
  '/test/api/contract-reference-service.test.ts',
  '/test/api/request-size.test.ts',
  '/test/api/token-and-probe.test.ts',
  '/test/functions/functions.faults.test.ts',
  '/test/functions/functions.service.test.ts',
  '/test/functions/market-functions.test.ts',
  '/test/functions/job-entity.sim.test.ts',
  '/test/usecases/job-cells.sim.test.ts',
  '/test/usecases/refresh.sim.test.ts',
  '/test/tooling/dev-server-proxy.test.ts',
];
const E2E_TESTS = ['/test/e2e/'];

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  // isolatedModules in the tsconfig makes ts-jest transpile each file alone (types are checked by tsc -b).
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', moduleResolution: 'node', sourceMap: true, isolatedModules: true } },
    ],
    '/node_modules/hyparquet/.+\\.js$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', allowJs: true, checkJs: false, isolatedModules: true } },
    ],
  },
  // hyparquet (the parquet reader of the data build) ships ES modules only; jest runs CommonJS here.
  transformIgnorePatterns: ['/node_modules/(?!hyparquet/)'],
};

const pattern = (p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + (p.endsWith('/') ? '.*\\.test\\.ts$' : '$');

module.exports = {
  // A global option: Jest ignores it inside a project.
  testTimeout: 30000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testRegex: ['/test/.*\\.test\\.ts$'],
      testPathIgnorePatterns: ['/node_modules/', ...[...SERVICE_TESTS, ...E2E_TESTS].map(pattern)],
      setupFilesAfterEnv: ['<rootDir>/test/support/unit-no-ports.ts'],
    },
    { ...shared, displayName: 'service', testRegex: SERVICE_TESTS.map(pattern) },
    { ...shared, displayName: 'e2e', testRegex: E2E_TESTS.map(pattern) },
  ],
};
