import { sql, type Kysely } from 'kysely';

/** Each player's totals in a double-up season; the detail's top participants read (season, net desc). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('doubleup_season_players')
    .addColumn('season_id', 'integer', (c) => c.notNull().references('doubleup_seasons.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('wagered', 'bigint', (c) => c.notNull().check(sql`wagered >= 0`))
    .addColumn('paid_out', 'bigint', (c) => c.notNull().check(sql`paid_out >= 0`))
    .addColumn('rounds', 'integer', (c) => c.notNull().check(sql`rounds >= 0`))
    .addColumn('net', 'bigint', (c) => c.generatedAlwaysAs(sql`paid_out - wagered`).stored())
    .addPrimaryKeyConstraint('doubleup_season_players_pk', ['season_id', 'player_id'])
    .execute();
  await sql`create index doubleup_season_players_top_idx on doubleup_season_players (season_id, net desc, player_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('doubleup_season_players').ifExists().execute();
}
