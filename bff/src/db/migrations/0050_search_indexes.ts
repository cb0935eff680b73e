import { sql, type Kysely } from 'kysely';

/**
 * "Find anything" (GET /search) takes the first few records whose name starts with the text, in
 * name order. Under any collation but "C" (C.UTF-8 and en_US.UTF-8 included) PostgreSQL cannot turn
 * `lower(name) like 'abc%'` into an index range on a lower(name) index: the (lower(name), id) index
 * was walked from its start, seconds at 1,000,000 players for a prefix late in the alphabet. These
 * indexes are on `lower(name) collate "C"`: the search's LIKE becomes a range and its ORDER BY the
 * index order, so it stops after 5 rows however broad the prefix (bench/search.mjs). pg_trgm is
 * not needed: prefixes only, no substring search.
 */
const INDEXES: readonly [name: string, table: string, column: string][] = [
  ['players_name_c_idx', 'players', 'name'],
  ['presents_name_c_idx', 'presents', 'name'],
  ['policies_name_c_idx', 'policies', 'name'],
  ['news_title_c_idx', 'news', 'title'],
  ['items_name_c_idx', 'items', 'name'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await sql`create index ${sql.id(name)} on ${sql.table(table)} ((lower(${sql.ref(column)}) collate "C"), id)`.execute(db);
  // Shop items are found through their item: the join reads shop_items by item_id.
  await sql`create index if not exists shop_items_item_id_idx on shop_items (item_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists shop_items_item_id_idx`.execute(db);
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
