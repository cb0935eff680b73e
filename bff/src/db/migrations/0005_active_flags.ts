import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('active_flags')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(versionedColumns)
    .execute();
  // The key sort is lower(key) like every text sort (see db/ordering.ts).
  await expressionIndex(db, 'active_flags_key_lower_idx', 'active_flags', sql`lower(key)`);
  await columnIndexes(db, 'active_flags', ['enabled', 'updated_at']);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('active_flags').ifExists().execute();
}
