import { sql } from 'kysely';
import type { SearchHit } from '@phoenix/contract';
import { nameKey, trigramKey, type SearchProvider } from '../../db/search';

/**
 * Shop items by id or by their item's name: prefix (items_name_c_idx), then a word of it, then a
 * substring (items_name_trgm_idx), each found through shop_items by item_id.
 */
const searchShop: SearchProvider = async (db, terms) => {
  const { rows } = await sql<{ id: number; label: string; price: number; currency: string; match: SearchHit['match'] }>`
    (select s.id, i.name as label, s.price, s.currency, 'id' as match
      from shop_items s join items i on i.id = s.item_id where s.id = ${terms.id ?? 0})
    union all
    (select s.id, i.name as label, s.price, s.currency, 'name' as match
      from items i join shop_items s on s.item_id = i.id
      where ${nameKey('i.name')} like ${terms.prefix} and s.id <> ${terms.id ?? 0}
      order by ${nameKey('i.name')}, s.id limit ${terms.limit})
    ${
      terms.word && terms.contains
        ? sql`union all
    (select s.id, i.name as label, s.price, s.currency, 'word' as match
      from items i join shop_items s on s.item_id = i.id
      where ${trigramKey('i.name')} like ${terms.word} and not ${nameKey('i.name')} like ${terms.prefix} and s.id <> ${terms.id ?? 0}
      order by ${nameKey('i.name')}, s.id limit ${terms.limit})
    union all
    (select s.id, i.name as label, s.price, s.currency, 'substring' as match
      from items i join shop_items s on s.item_id = i.id
      where ${trigramKey('i.name')} like ${terms.contains} and not ${trigramKey('i.name')} like ${terms.word}
        and not ${nameKey('i.name')} like ${terms.prefix} and s.id <> ${terms.id ?? 0}
      order by ${nameKey('i.name')}, s.id limit ${terms.limit})`
        : sql``
    }
    limit ${terms.limit}`.execute(db);
  return rows.map((row) => ({
    area: 'shop',
    id: String(row.id),
    label: row.label,
    detail: `${row.price} ${row.currency}`,
    match: row.match,
  }));
};

export default searchShop;
