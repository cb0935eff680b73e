import { sql, type Kysely } from 'kysely';

/**
 * "Find anything" (GET /search) looks records up by a case-insensitive name prefix. The lower(...)
 * btree indexes serve `like 'abc%'` only under the C collation; these pattern-ops indexes serve it
 * under any collation (a deployed PostgreSQL in en_US.UTF-8), carrying id for the tie-break. Players
 * already have theirs (0027: players_name_prefix_idx; 0022: (lower(name), id)); pg_trgm is not
 * needed: prefixes only, no substring search.
 */
const INDEXES: readonly [name: string, table: string, column: string][] = [
  ['presents_name_pattern_idx', 'presents', 'name'],
  ['policies_name_pattern_idx', 'policies', 'name'],
  ['news_title_pattern_idx', 'news', 'title'],
  ['items_name_pattern_idx', 'items', 'name'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (lower(${sql.ref(column)}) text_pattern_ops, id)`.execute(db);
  // Shop items are found through their item: the join reads shop_items by item_id.
  await sql`create index if not exists shop_items_item_id_idx on shop_items (item_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists shop_items_item_id_idx`.execute(db);
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
