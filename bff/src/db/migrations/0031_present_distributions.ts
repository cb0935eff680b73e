import { sql, type Kysely } from 'kysely';
import { columnIndexes, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await versionedColumns(
    db.schema
      .createTable('present_distributions')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('present_id', 'integer', (c) => c.notNull().references('presents.id'))
      // The present's name when it was sent: the history reads as it was.
      .addColumn('present_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('target', 'varchar(8)', (c) => c.notNull().check(sql`target in ('all', 'list')`))
      // The listed ids (target 'list'); empty for all players.
      .addColumn('player_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('recipient_count', 'integer', (c) => c.notNull())
      .addColumn('delivered_count', 'integer', (c) => c.notNull().defaultTo(0))
      // Keyset position of the run: players up to this id have been handled (resumes after a crash).
      .addColumn('cursor_player_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('scheduled', 'running', 'done', 'cancelled', 'failed')`))
      .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz')
      .addColumn('finished_at', 'timestamptz')
      .addColumn('error', 'varchar(500)')
      .addColumn('job_id', 'varchar(64)')
      .addColumn('created_by', 'varchar(254)'),
  ).execute();
  await columnIndexes(db, 'present_distributions', ['present_id', 'status', 'scheduled_at', 'created_at']);

  // What each player received: the primary key is what makes a delivery happen at most once.
  await db.schema
    .createTable('present_deliveries')
    .addColumn('distribution_id', 'integer', (c) => c.notNull().references('present_distributions.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('present_id', 'integer', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .addPrimaryKeyConstraint('present_deliveries_pkey', ['distribution_id', 'player_id'])
    .execute();
  await columnIndexes(db, 'present_deliveries', ['player_id']);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('present_deliveries').ifExists().execute();
  await db.schema.dropTable('present_distributions').ifExists().execute();
}
