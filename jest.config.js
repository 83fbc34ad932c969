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
    '/node_modules/hyparquet/.+\\.js$': [
      'ts-jest',
      { isolatedModules: true, tsconfig: { module: 'commonjs', allowJs: true, checkJs: false } },
    ],
  },
  // hyparquet (the parquet reader of the data build) ships ES modules only; jest runs CommonJS here.
  transformIgnorePatterns: ['/node_modules/(?!hyparquet/)'],
  testTimeout: 30000,
};
