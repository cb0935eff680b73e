import type { Kysely } from 'kysely';
import type { Database } from './schema';

// The catalogue check is @phoenix/server's (the points API's games check their rewards the same way).
export { assertCatalogueItems } from '@phoenix/server/db';

/** Catalogue ids by item code (the local seeds name items by code: the ids are the database's). */
export async function catalogueIdsByCode(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('items').select(['id', 'code']).execute();
  return Object.fromEntries(rows.map((row) => [row.code, row.id]));
}
