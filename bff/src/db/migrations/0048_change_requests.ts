import { sql, type Kysely } from 'kysely';

/** Change requests (db/changeRequests.ts): a global operation waiting for a second admin, or its outcome. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('change_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('operation', 'varchar(100)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'jsonb')
    .addColumn('scope', 'varchar(300)', (c) => c.notNull())
    .addColumn('preview', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('prepared_version', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('requested_by_id', 'integer')
    .addColumn('requested_by_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('decided_by_id', 'integer')
    .addColumn('decided_by_email', 'varchar(254)')
    .addColumn('decision_comment', 'varchar(500)')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('applied_at', 'timestamptz')
    .addColumn('result', 'jsonb')
    .addColumn('error', 'jsonb')
    .addColumn('job_id', 'varchar(64)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`alter table change_requests add constraint change_requests_status_check check (status in ('pending','scheduled','applied','rejected','failed','expired','cancelled'))`.execute(
    db,
  );
  // The pending list, the navbar's count and the expiry sweep read by status.
  await db.schema.createIndex('change_requests_status_idx').on('change_requests').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('change_requests').ifExists().execute();
}
