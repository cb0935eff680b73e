import { sql, type Kysely } from 'kysely';
import { versionedColumns } from '@phoenix/server/db';

/** Tasks players complete for points; the status is derived from the window, never stored. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('points')
    .createTable('tasks')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull().check(sql`type in ('social', 'daily', 'onChain')`))
    .addColumn('reward_points', 'integer', (c) => c.notNull().check(sql`reward_points > 0`))
    .addColumn('link', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reset_time', 'varchar(5)')
    .$call(versionedColumns)
    .addCheckConstraint('tasks_window_check', sql`ends_at > starts_at`)
    .addCheckConstraint('tasks_recurrence_check', sql`(type = 'daily') = (reset_time is not null)`)
    .execute();
  for (const column of ['starts_at', 'ends_at', 'type', 'reward_points', 'updated_at']) {
    await db.schema.withSchema('points').createIndex(`tasks_${column}_idx`).on('tasks').column(column).execute();
  }
  await db.schema
    .withSchema('points')
    .createIndex('tasks_title_lower_idx')
    .on('tasks')
    .expression(sql`lower(title)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema('points').dropTable('tasks').ifExists().execute();
}
