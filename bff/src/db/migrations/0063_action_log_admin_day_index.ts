import { sql, type Kysely } from 'kysely';

/**
 * Daily budgets sum one admin's rows of a few actions since midnight UTC before every
 * adjustment or id-list call: an index on (admin_id, action, created_at) keeps that to the admin's
 * own rows of the day, whatever the size of the log.
 */
export async function up(db: Kysely<any>) {
  await sql`create index if not exists action_logs_admin_action_created_at_idx on action_logs (admin_id, action, created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists action_logs_admin_action_created_at_idx`.execute(db);
}
