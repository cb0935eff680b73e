import { sql, type Kysely } from 'kysely';

/**
 * Player list sorts at 1,000,000 rows: an index on exactly each ORDER BY (the sort key, then id;
 * see db/ordering.ts and db/paging.ts), so a filtered page walks an index in order and stops after
 * a page instead of sorting every match (one index serves both directions: PostgreSQL's default
 * null placement, which the list's ORDER BY keeps).
 */
const INDEXES: readonly [name: string, keys: string][] = [
  ['players_level_id_idx', 'level, id'],
  ['players_created_at_id_idx', 'created_at, id'],
  ['players_last_seen_at_id_idx', 'last_seen_at, id'],
  ['players_name_lower_id_idx', 'lower(name), id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, keys] of INDEXES) await sql`create index ${sql.id(name)} on players (${sql.raw(keys)})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
