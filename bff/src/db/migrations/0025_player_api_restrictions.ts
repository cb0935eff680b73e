import type { Kysely } from 'kysely';

// Game APIs blocked for one player directly (user/restrictApis). One row per player and
// API (a restriction whose end has passed is replaced when the API is restricted again); the end
// is read against the clock, no job lifts it.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('player_api_restrictions')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('api_id', 'integer', (c) => c.notNull().references('game_apis.id'))
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'varchar(254)', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_api_restrictions_pkey', ['player_id', 'api_id'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('player_api_restrictions').ifExists().execute();
}
