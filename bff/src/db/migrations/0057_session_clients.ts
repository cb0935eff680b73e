import { sql, type Kysely } from 'kysely';

/**
 * What an admin's Security page shows of each session: the browser (User-Agent, cut to 512
 * characters) and the client address it signed in from. Sessions from before stay blank.
 * The partial index keeps "open sessions of admin X" (the list, the per-admin limit) cheap.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').addColumn('client_address', 'varchar(64)').execute();
  await db.schema
    .createIndex('sessions_open_by_admin_idx')
    .on('sessions')
    .columns(['admin_id', 'created_at'])
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('sessions_open_by_admin_idx').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').dropColumn('client_address').execute();
}
