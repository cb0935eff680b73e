import { sql, type Kysely } from 'kysely';

/** Game balance: energy, one versioned document (row id 1). The ranges match the contract's. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('energy_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('max_energy', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`max_energy between 1 and 1000`),
    )
    .addColumn('regeneration_interval_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(30)
        .check(sql`regeneration_interval_minutes between 1 and 1440`),
    )
    .addColumn('regeneration_amount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`regeneration_amount between 1 and 1000`),
    )
    .addColumn('cost_per_battle', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`cost_per_battle between 0 and 1000`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'varchar(254)')
    .addCheckConstraint('energy_settings_within_max', sql`cost_per_battle <= max_energy and regeneration_amount <= max_energy`)
    .execute();
  await sql`insert into energy_settings (id) values (1)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('energy_settings').ifExists().execute();
}
