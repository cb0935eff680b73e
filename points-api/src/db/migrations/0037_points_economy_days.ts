import { sql, type Kysely } from 'kysely';

/**
 * The economy's daily rollup (features/pointsEconomy/rollup.ts): one row per UTC day with the points
 * issued by source and spent by sink, the reversals and the number of entries, written once by a
 * durable job from the (created_at) index range (migration 0035). The dashboard's charts read these
 * rows (a primary-key range) and only today's entries. The row is inserted when the day's job is
 * queued (the primary key lets one instance of many queue it); `rolled_at` is set with its figures.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('points')
    .createTable('economy_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey().check(sql`day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('job_id', 'varchar(64)')
    .addColumn('rolled_at', 'timestamptz')
    .addColumn('issued', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('spent', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reversed_away', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema('points').dropTable('economy_days').execute();
}
