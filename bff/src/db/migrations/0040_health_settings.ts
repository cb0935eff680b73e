import { sql, type Kysely } from 'kysely';

/** Game balance: health, one versioned document (row id 1). The ranges match the contract's. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('health_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('max_health', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1000)
        .check(sql`max_health between 1 and 100000`),
    )
    .addColumn('regeneration_per_minute', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`regeneration_per_minute between 0 and 10000`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'varchar(254)')
    .addCheckConstraint('health_settings_regeneration_within_max', sql`regeneration_per_minute <= max_health`)
    .execute();
  await sql`insert into health_settings (id) values (1)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('health_settings').ifExists().execute();
}
