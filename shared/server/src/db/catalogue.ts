import type { Kysely } from 'kysely';
import { InvalidInputError } from '../errors';

/**
 * The item catalogue check of every feature that gives or sells items (presents, shop, chests,
 * season pass; the points games' rewards): each row must name a catalogue item, else a 400 on
 * that row's field. `db`: either service's (the BFF's `items` table, which the points API reads).
 */
export async function assertCatalogueItems(
  db: Kysely<any>,
  rows: readonly { itemId: number }[],
  fieldOf: (index: number) => string = (index) => `items.${index}.itemId`,
): Promise<void> {
  const ids = [...new Set(rows.map((row) => row.itemId))];
  if (ids.length === 0) return;
  const found: { id: number }[] = await db.selectFrom('items').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((row) => row.id));
  const errors: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    if (!known.has(row.itemId)) errors[fieldOf(index)] = ['This item is not in the catalogue'];
  });
  if (Object.keys(errors).length > 0) throw new InvalidInputError(errors);
}
