import { sql, type Kysely } from 'kysely';

/** Every saved version of every versioned document (db/versionedDocument.ts), written with the save. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('document_versions')
    // The document's action-log target: 'maintenance', …
    .addColumn('document', 'varchar(100)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // The document as GET answered it at that version.
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .addColumn('saved_by', 'varchar(254)')
    .addColumn('restored_from', 'integer')
    .addPrimaryKeyConstraint('document_versions_pkey', ['document', 'version'])
    .addCheckConstraint('document_versions_version_check', sql`version > 0`)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('document_versions').ifExists().execute();
}
