import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await versionedColumns(
    db.schema
      .createTable('seasons')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
      .addColumn('premium_price', 'integer', (c) => c.notNull().check(sql`premium_price >= 0`))
      // [{ level, xpRequired, freeReward, premiumReward }] in level order, read and written whole.
      .addColumn('tiers', 'jsonb', (c) => c.notNull())
      .addCheckConstraint('seasons_period_check', sql`ends_at > starts_at`),
  ).execute();
  await expressionIndex(db, 'seasons_name_lower_idx', 'seasons', sql`lower(name)`);
  await columnIndexes(db, 'seasons', ['starts_at', 'ends_at', 'updated_at']);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('seasons').ifExists().execute();
}
