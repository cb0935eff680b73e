import { sql, type Kysely } from 'kysely';

/**
 * The automatic maintenance switches of the planned window (features/maintenance/switches.ts):
 * one row per switch (on at the planned start, off at the planned end) with its pg-boss job, kept
 * after it ran or was cancelled so the page can say what happened.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('maintenance_switches')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('switch_to', 'varchar(3)', (c) => c.notNull().check(sql`switch_to in ('on', 'off')`))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'varchar(100)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('maintenance_switches_pending').on('maintenance_switches').columns(['state', 'due_at']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('maintenance_switches').ifExists().execute();
}
