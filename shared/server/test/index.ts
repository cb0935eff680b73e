// @phoenix/server/testing: what both services' test suites share. Import it FIRST in a test file
// (or through a support module that does): its jest.mock calls make kysely, PGlite, Fastify and
// pg-boss loadable under jest before anything loads them (see commonJs.ts).
jest.mock('kysely', () => require('./commonJs').kyselyCommonJs());
jest.mock('kysely/migration', () => require('./commonJs').kyselyCommonJs().migration);
jest.mock('@electric-sql/pglite', () => require('./commonJs').pgliteCommonJs());
jest.mock(require('./commonJs').resolveThrough(['fastify', 'light-my-request', 'cookie']), () =>
  require('./commonJs').esmPackageCommonJs(['fastify', 'light-my-request', 'cookie']),
);
// pg-boss (jobs/runner.ts) is ESM-only; pg-native is pg's optional native driver, never loaded.
jest.mock('pg-boss', () => require('./commonJs').esmPackageCommonJs(['pg-boss'], ['pg-native']));

// The fuzz arbitraries are @phoenix/server/testing/arbitraries: building fast-check's full-unicode
// string unit costs about a second, which every other test file would pay on import.
export type { JsonSchema } from './arbitraries';
export * from './csv';
export * from './errorShapeContract';
export * from './openApi';
export * from './ports';
export * from './rawHttp';
export * from './resourceContract';
export * from './scratchDatabase';
export * from './serverTestApp';
export * from './queryPlans';
export * from './pgliteSnapshot';
export * from './roleMatrix';
