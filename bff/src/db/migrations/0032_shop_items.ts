import { sql, type Kysely } from 'kysely';
import { columnIndexes, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await versionedColumns(
    db.schema
      .createTable('shop_items')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('price', 'integer', (c) => c.notNull().check(sql`price > 0`))
      .addColumn('currency', 'varchar(8)', (c) => c.notNull().check(sql`currency in ('coin', 'gem', 'points')`))
      .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
      .addColumn('sale_start', 'timestamptz', (c) => c.notNull())
      .addColumn('sale_end', 'timestamptz')
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('sort_order', 'integer', (c) => c.notNull()),
  ).execute();
  await columnIndexes(db, 'shop_items', ['sort_order', 'price', 'sale_start', 'currency', 'enabled', 'updated_at']);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('shop_items').ifExists().execute();
}
