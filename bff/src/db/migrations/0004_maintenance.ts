import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>) {
  // One document: a single row (id = 1) created here, only ever updated.
  await db.schema
    .createTable('maintenance')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('message', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('planned_start', 'timestamptz')
    .addColumn('planned_end', 'timestamptz')
    // A jsonb array of unique ascending player ids (100,000 fit easily; one value to lock and swap).
    .addColumn('allowed_player_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'varchar(254)')
    .addCheckConstraint('maintenance_allowed_player_ids_array_check', sql`jsonb_typeof(allowed_player_ids) = 'array'`)
    .execute();
  await sql`insert into maintenance (id, enabled, message) values (1, false, '')`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('maintenance').ifExists().execute();
}
