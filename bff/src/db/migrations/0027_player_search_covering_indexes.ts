import { sql, type Kysely } from 'kysely';

/**
 * Player searches at 1,000,000 rows (bench/players-search.mjs): the two searches whose capped count
 * (db/paging.ts: up to 10,001 matching rows) read the table row by row now read only an index.
 *  - A broad name prefix ('aiko': ~17,000 players): PostgreSQL answers from an expression index
 *    alone only when the column the expression reads is in it, so the pattern index carries `name`.
 *  - The banned (~1%): the partial index carries the ban end, which decides whether a ban is still
 *    in force (time lifts a ban), and the level, so "banned, by level" walks it in order.
 * Each replaces the index 0021 made for the same search.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index players_name_prefix_idx on players (lower(name) text_pattern_ops) include (name)`.execute(db);
  await sql`drop index if exists players_name_lower_pattern_idx`.execute(db);
  await sql`create index players_banned_level_idx on players (level, id) include (ban_ends_at) where status = 'banned'`.execute(db);
  await sql`drop index if exists players_banned_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists players_banned_idx on players (id) where status = 'banned'`.execute(db);
  await sql`drop index if exists players_banned_level_idx`.execute(db);
  await sql`create index if not exists players_name_lower_pattern_idx on players (lower(name) text_pattern_ops)`.execute(db);
  await sql`drop index if exists players_name_prefix_idx`.execute(db);
}
