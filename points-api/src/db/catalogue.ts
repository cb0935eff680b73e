import type { Kysely } from 'kysely';
import { InvalidInputError } from '@phoenix/server';
import type { Database } from './database';

/** Each row must name an item of the BFF's catalogue, else a 400 on that row's field (as the BFF's own check). */
export async function assertCatalogueItems(db: Kysely<Database>, rows: readonly { itemId: number }[], fieldOf: (index: number) => string) {
  const ids = [...new Set(rows.map((row) => row.itemId))];
  if (ids.length === 0) return;
  const known = new Set((await db.selectFrom('items').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  const errors: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    if (!known.has(row.itemId)) errors[fieldOf(index)] = ['This item is not in the catalogue'];
  });
  if (Object.keys(errors).length > 0) throw new InvalidInputError(errors);
}
