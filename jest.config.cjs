// One jest run for the whole workspace: jsdom projects for the front end, node for the BFF.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
  ],
};
// ky, jotai and wagmi (with @wagmi/core) ship ESM only: let swc transform them too.
const esmOnly = '/node_modules/(?!(\\.pnpm/)?(ky|@?jotai|wagmi|@wagmi[+/]core)[@/])';
const web = (name, roots) => ({
  displayName: name,
  testEnvironment: 'jsdom',
  roots,
  transform,
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transformIgnorePatterns: [esmOnly],
  moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/jest.asset-stub.cjs' },
});
module.exports = {
  // User-event typing on a busy 2-core CI machine: behaviour, not speed, is under test here.
  testTimeout: 20000,
  // A worker that holds more than this after a test file is replaced: the module registries of
  // ~190 files (React, Fastify, PGlite bundles) otherwise grow one worker past Node's heap limit.
  workerIdleMemoryLimit: '1GB',
  projects: [
    web('shared', ['<rootDir>/shared']),
    web('host', ['<rootDir>/host/src']),
    web('remotes', ['<rootDir>/remotes']),
    {
      displayName: 'bff',
      testEnvironment: 'node',
      roots: ['<rootDir>/bff'],
      transform,
      testMatch: ['**/*.test.ts'],
      transformIgnorePatterns: [esmOnly],
      testTimeout: 30000,
    },
    {
      displayName: 'points-api',
      testEnvironment: 'node',
      roots: ['<rootDir>/points-api'],
      // The points API runs on the BFF's database: its tests create it with the BFF's migrations (never its code).
      globals: { BFF_MIGRATIONS_DIR: require('node:path').join(__dirname, 'bff/src/db/migrations') },
      transform,
      testMatch: ['**/*.test.ts'],
      transformIgnorePatterns: [esmOnly],
      testTimeout: 30000,
    },
  ],
};
