import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('news')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    // Markdown as typed; never rendered to HTML by the BFF.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull().check(sql`category in ('update', 'event', 'maintenance', 'notice')`))
    .addColumn('publish_start', 'timestamptz', (c) => c.notNull())
    .addColumn('publish_end', 'timestamptz')
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(versionedColumns)
    .addCheckConstraint('news_publish_window_check', sql`publish_end is null or publish_end > publish_start`)
    .execute();
  await expressionIndex(db, 'news_title_lower_idx', 'news', sql`lower(title)`);
  await columnIndexes(db, 'news', ['category', 'publish_start', 'publish_end', 'updated_at']);
  // The default order (pinned first, newest start) and the pinned sort.
  await db.schema.createIndex('news_pinned_publish_start_idx').on('news').columns(['pinned', 'publish_start']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('news').ifExists().execute();
}
