import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('terms_of_service_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'varchar(160)', (c) => c.notNull())
    // Markdown as typed; never rendered to HTML by the BFF.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('effective_at', 'timestamptz', (c) => c.notNull())
    // null while a draft.
    .addColumn('published_at', 'timestamptz')
    .addColumn('published_by', 'varchar(254)')
    // Set when a later version is published: the instant that version takes effect (a fixed
    // time, so the status stays derived from the clock with no job).
    .addColumn('superseded_at', 'timestamptz')
    .$call(versionedColumns)
    .addCheckConstraint('terms_superseded_after_effective_check', sql`superseded_at is null or superseded_at > effective_at`)
    .addCheckConstraint('terms_superseded_only_published_check', sql`superseded_at is null or published_at is not null`)
    .execute();
  await expressionIndex(db, 'terms_of_service_versions_title_lower_idx', 'terms_of_service_versions', sql`lower(title)`);
  await columnIndexes(db, 'terms_of_service_versions', ['effective_at', 'published_at', 'superseded_at', 'updated_at']);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('terms_of_service_versions').ifExists().execute();
}
