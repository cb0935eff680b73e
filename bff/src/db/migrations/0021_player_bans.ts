import { sql, type Kysely } from 'kysely';

/**
 * Players area: bans with an optional end, their history, the version check on a
 * player, and the indexes of its searches. A ban with an end lifts itself by time: the player's
 * status is read together with ban_ends_at (no job). Adding columns with constant defaults does
 * not rewrite the table, so this runs in a moment on 1,000,000 players.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('players')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('players')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('players').addColumn('updated_by', 'varchar(254)').execute();
  await db.schema.alterTable('players').addColumn('ban_ends_at', 'timestamptz').execute();
  // Name prefix search (lower(name) LIKE 'abc%') uses a btree only with pattern ops whatever the collation.
  await sql`create index players_name_lower_pattern_idx on players (lower(name) text_pattern_ops)`.execute(db);
  // The banned are few: the status filter (and its capped count) reads this small index, not the table.
  await sql`create index players_banned_idx on players (id) where status = 'banned'`.execute(db);

  await db.schema
    .createTable('player_bans')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('banned_at', 'timestamptz', (c) => c.notNull())
    .addColumn('banned_by', 'varchar(254)', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz')
    .addColumn('lifted_at', 'timestamptz')
    .addColumn('lifted_by', 'varchar(254)')
    .addColumn('lift_reason', 'varchar(500)')
    .execute();
  await db.schema.createIndex('player_bans_player_banned_at_idx').on('player_bans').columns(['player_id', 'banned_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('player_bans').ifExists().execute();
  await sql`drop index if exists players_banned_idx`.execute(db);
  await sql`drop index if exists players_name_lower_pattern_idx`.execute(db);
  for (const column of ['ban_ends_at', 'updated_by', 'updated_at', 'version']) {
    await db.schema.alterTable('players').dropColumn(column).execute();
  }
}
