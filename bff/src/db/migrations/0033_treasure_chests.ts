import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await versionedColumns(
    db.schema
      .createTable('treasure_chests')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('rarity', 'varchar(16)', (c) => c.notNull().check(sql`rarity in ('common', 'rare', 'epic', 'legendary')`))
      .addColumn('open_cost', 'integer', (c) => c.notNull().check(sql`open_cost >= 0`))
      .addColumn('cost_currency', 'varchar(8)', (c) => c.notNull().check(sql`cost_currency in ('coin', 'gem', 'points')`))
      // [{ itemId, quantity, weight }]: the drop table, read and written whole.
      .addColumn('drops', 'jsonb', (c) => c.notNull()),
  ).execute();
  await expressionIndex(db, 'treasure_chests_name_lower_idx', 'treasure_chests', sql`lower(name)`);
  await columnIndexes(db, 'treasure_chests', ['rarity', 'open_cost', 'updated_at']);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('treasure_chests').ifExists().execute();
}
