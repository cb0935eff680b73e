import { sql, type Kysely } from 'kysely';

/**
 * The admin filter and the action filter together: each is an equality on a few values
 * (their substrings are resolved to values first, see features/actionLogs/repository.ts), but no
 * index held both columns, so the capped count read every row of one side from the table to test
 * the other (bob's 120,000 rows for his 8,000 news edits). With both in one index the count is an
 * index-only scan of just the matching ranges, and one admin's one action is a range in list order.
 */
const NAME = 'action_logs_admin_email_action_created_at_id_idx';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists ${sql.id(NAME)} on action_logs (admin_email, action, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists ${sql.id(NAME)}`.execute(db);
}
