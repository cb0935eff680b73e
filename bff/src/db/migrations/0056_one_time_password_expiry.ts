import { sql, type Kysely } from 'kysely';

/**
 * A one-time password (admin create, reset) expires (ONE_TIME_PASSWORD_TTL_HOURS, default 24): its
 * deadline is stored when it is issued. One pending before this migration expires a day after the
 * account's last change (when it was issued, unless changed since), so none stays valid for ever.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('admins').addColumn('one_time_password_expires_at', 'timestamptz').execute();
  await sql`update admins set one_time_password_expires_at = updated_at + interval '24 hours' where must_change_password`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('admins').dropColumn('one_time_password_expires_at').execute();
}
