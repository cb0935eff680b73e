import { sql, type Kysely } from 'kysely';
import { versionedColumns } from '@phoenix/server/db';

/** Lootboxes (a versioned resource) and the spin wheel (a versioned document, one row). */
export async function up(db: Kysely<any>): Promise<void> {
  await versionedColumns(
    db.schema
      .withSchema('points')
      .createTable('lootboxes')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
      // [{ kind, itemId, amount, probability }]: probabilities in basis points, read and written whole.
      .addColumn('rewards', 'jsonb', (c) => c.notNull()),
  ).execute();
  await db.schema
    .withSchema('points')
    .createIndex('lootboxes_name_lower_idx')
    .on('lootboxes')
    .expression(sql`lower(name)`)
    .execute();

  await db.schema
    .withSchema('points')
    .createTable('spin_wheel')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    // [{ kind, itemId, amount, weight }]; the default wheel: 100 points 3 in 4, 1000 points 1 in 4.
    .addColumn('segments', 'jsonb', (c) =>
      c
        .notNull()
        .defaultTo(
          sql`'[{"kind":"points","itemId":null,"amount":100,"weight":3},{"kind":"points","itemId":null,"amount":1000,"weight":1}]'::jsonb`,
        ),
    )
    .addColumn('free_spins_per_day', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`free_spins_per_day >= 0`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'varchar(254)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['spin_wheel', 'lootboxes']) await db.schema.withSchema('points').dropTable(table).execute();
}
