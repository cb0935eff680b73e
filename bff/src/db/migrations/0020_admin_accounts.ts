import { sql, type Kysely } from 'kysely';

/**
 * Admin accounts managed from the console: a one-time password forces a change at the
 * next sign-in (must_change_password), edits carry a version (409 on a stale one), and every
 * sort / filter of the list has an index. Existing rows start at version 1, stamped now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('admins')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('admins')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('admins').addColumn('updated_by', 'varchar(254)').execute();
  // email is stored lower-cased and unique: its unique index serves the email sort and search by prefix.
  for (const column of ['role', 'status', 'last_sign_in_at', 'created_at']) {
    await db.schema.createIndex(`admins_${column}_id_idx`).on('admins').columns([column, 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['role', 'status', 'last_sign_in_at', 'created_at']) {
    await db.schema.dropIndex(`admins_${column}_id_idx`).ifExists().execute();
  }
  for (const column of ['updated_by', 'updated_at', 'version', 'must_change_password']) {
    await db.schema.alterTable('admins').dropColumn(column).execute();
  }
}
