import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's daily rollup (features/dashboard/rollup.ts): one row per UTC day with the battles
 * started that day, written once by a durable job, so the per-day chart reads a few rows and never
 * the battles table. The row is inserted when the day's job is queued (the primary key lets one
 * instance of many queue it); `rolled_at` is set when its figures are in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dashboard_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey().check(sql`day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('job_id', 'varchar(64)')
    .addColumn('rolled_at', 'timestamptz')
    .addColumn('battles', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dashboard_days').execute();
}
