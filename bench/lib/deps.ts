// The bench lives outside the BFF package, so bare imports would not find the BFF's dependencies:
// the few the bench needs come through here, from the BFF's own node_modules (same module instances).
export { sql } from '../../bff/node_modules/kysely/dist/index.js';
export type { Kysely } from '../../bff/node_modules/kysely/dist/index.js';
