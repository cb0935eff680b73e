import type { Kysely } from 'kysely';
import { validationFailed } from '@phoenix/server/http';
import type { Database } from './schema';

/**
 * The item catalogue check every feature that gives or sells items shares (presents, shop, chests,
 * season pass): each row must name a catalogue item, else a 400 on that row's field.
 */
export async function assertCatalogueItems(
  db: Kysely<Database>,
  rows: readonly { itemId: number }[],
  fieldOf: (index: number) => string = (index) => `items.${index}.itemId`,
) {
  const ids = [...new Set(rows.map((row) => row.itemId))];
  if (ids.length === 0) return;
  const known = new Set((await db.selectFrom('items').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  const errors: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    if (!known.has(row.itemId)) errors[fieldOf(index)] = ['This item is not in the catalogue'];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** Catalogue ids by item code (the local seeds name items by code: the ids are the database's). */
export async function catalogueIdsByCode(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('items').select(['id', 'code']).execute();
  return Object.fromEntries(rows.map((row) => [row.code, row.id]));
}
