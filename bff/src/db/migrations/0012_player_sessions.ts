import { sql, type Kysely } from 'kysely';

/**
 * Player game sessions, shared by two remotes' features: a ban (user-policy) ends one player's
 * open sessions, the global sign-out (battle) ends all of them. A session is open while ended_at
 * is null; the partial indexes keep "open sessions of X" and "count open" cheap at any size.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('player_sessions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'varchar(32)', (c) =>
      c.check(sql`end_reason is null or end_reason in ('logout', 'expired', 'ban', 'global_sign_out')`),
    )
    .addCheckConstraint('player_sessions_end_consistent', sql`(ended_at is null) = (end_reason is null)`)
    .execute();
  await db.schema
    .createIndex('player_sessions_open_player_idx')
    .on('player_sessions')
    .column('player_id')
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  await db.schema.createIndex('player_sessions_player_started_idx').on('player_sessions').columns(['player_id', 'started_at']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('player_sessions').ifExists().execute();
}
