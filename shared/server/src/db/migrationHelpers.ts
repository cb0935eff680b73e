import type { CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

// Helpers used by migrations that have shipped: they must keep emitting exactly the same
// statements (a new shape gets a new helper), or a fresh database would differ from a migrated one.

/** The versioned-record columns, last in the table (see db/versionedResource.ts). */
export function versionedColumns<T extends CreateTableBuilder<any, any>>(table: T): T {
  return table
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(254)') as T;
}

/** One plain index per column, named `<table>_<column>_idx`. */
export async function columnIndexes(db: Kysely<any>, table: string, columns: readonly string[]) {
  for (const column of columns) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}

export async function expressionIndex(db: Kysely<any>, name: string, table: string, expression: RawBuilder<unknown>) {
  await db.schema.createIndex(name).on(table).expression(expression).execute();
}
