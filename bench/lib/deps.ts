// The bench lives outside the BFF package, so bare imports would not find the BFF's dependencies:
// the few the bench needs come through here, from the BFF's own node_modules (same module instances).
export { sql } from '../../bff/node_modules/kysely/dist/index.js';
export type { Kysely } from '../../bff/node_modules/kysely/dist/index.js';
export { Kysely as KyselyDb, PostgresDialect } from '../../bff/node_modules/kysely/dist/index.js';
export type { CompiledQuery } from '../../bff/node_modules/kysely/dist/index.js';
export { default as pg } from '../../bff/node_modules/pg/lib/index.js';
export { actionLogQuerySchema } from '../../bff/node_modules/@phoenix/contract/src/index';
export { PGlite } from '../../bff/node_modules/@electric-sql/pglite/dist/index.js';
export { pg_trgm } from '../../bff/node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js';
export { PGliteDialect } from '../../bff/node_modules/kysely-pglite-dialect/dist/index.js';
// The server blocks (@phoenix/server), found as the BFF finds them.
export { createDb, writeActionLog, type DbTarget } from '../../bff/node_modules/@phoenix/server/src/db/index';
export { freePort } from '../../bff/node_modules/@phoenix/server/test/ports';
