import { sql, type Kysely } from 'kysely';
import { versionedColumns } from '@phoenix/server/db';

/**
 * Battles (the console reads them and force-ends ongoing ones). `player_ids` repeats the
 * participants' ids (jsonb array) so a list page needs no join; battle_participants (0044) holds
 * each side's detail and serves the player filter. Every list sort has an index on exactly its
 * ORDER BY (key, id), and the status and mode filters lead an index with the default sort.
 */
export async function up(db: Kysely<any>) {
  await versionedColumns(
    db.schema
      .createTable('battles')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('mode', 'varchar(16)', (c) => c.notNull().check(sql`mode in ('ranked', 'casual', 'tournament', 'friendly')`))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('ongoing', 'finished', 'force_ended')`))
      .addColumn('player_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ended_at', 'timestamptz')
      .addColumn('winner_player_id', 'integer')
      .addColumn('force_ended_by', 'varchar(254)')
      .addColumn('force_end_reason', 'varchar(500)'),
  )
    .addCheckConstraint('battles_ended_consistent', sql`(status = 'ongoing') = (ended_at is null)`)
    .addCheckConstraint('battles_force_end_consistent', sql`(status = 'force_ended') = (force_end_reason is not null)`)
    .execute();
  for (const [name, keys] of [
    ['battles_started_at_id_idx', sql`started_at, id`],
    ['battles_ended_at_id_idx', sql`ended_at, id`],
    ['battles_mode_id_idx', sql`mode, id`],
    ['battles_status_id_idx', sql`status, id`],
    ['battles_status_started_at_id_idx', sql`status, started_at, id`],
    ['battles_status_ended_at_id_idx', sql`status, ended_at, id`],
    ['battles_mode_started_at_id_idx', sql`mode, started_at, id`],
    // Both enum filters at once (e.g. ongoing ranked battles during an incident).
    ['battles_status_mode_started_at_id_idx', sql`status, mode, started_at, id`],
  ] as const) {
    await sql`create index ${sql.id(name)} on battles (${keys})`.execute(db);
  }
  // The live count of ongoing battles and the force end of all of them: a small partial index.
  await sql`create index battles_ongoing_idx on battles (id) where status = 'ongoing'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('battles').ifExists().execute();
}
