/** Jest runs TypeScript through ts-jest in transpile-only mode; `npm run typecheck` checks types once for the whole tree. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { isolatedModules: true, tsconfig: { module: 'commonjs', moduleResolution: 'node', sourceMap: true } },
    ],
  },
  testTimeout: 30000,
};
