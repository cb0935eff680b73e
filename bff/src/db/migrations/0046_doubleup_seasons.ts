import { sql, type Kysely } from 'kysely';
import { versionedColumns } from '@phoenix/server/db';

/**
 * Double-up seasons (read-only history written by the game). The house result is stored (a
 * generated column) so it sorts on an index like the other totals; every sort has its (key, id)
 * index, and the period filter uses the starts_at one.
 */
export async function up(db: Kysely<any>) {
  await versionedColumns(
    db.schema
      .createTable('doubleup_seasons')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
      .addColumn('participants', 'integer', (c) => c.notNull().check(sql`participants >= 0`))
      .addColumn('total_wagered', 'bigint', (c) => c.notNull().check(sql`total_wagered >= 0`))
      .addColumn('paid_out', 'bigint', (c) => c.notNull().check(sql`paid_out >= 0`))
      .addColumn('house_result', 'bigint', (c) => c.generatedAlwaysAs(sql`total_wagered - paid_out`).stored()),
  )
    .addCheckConstraint('doubleup_seasons_period_check', sql`ends_at > starts_at`)
    .execute();
  for (const column of ['starts_at', 'participants', 'total_wagered', 'paid_out', 'house_result']) {
    await sql`create index ${sql.id(`doubleup_seasons_${column}_id_idx`)} on doubleup_seasons (${sql.ref(column)}, id)`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('doubleup_seasons').ifExists().execute();
}
