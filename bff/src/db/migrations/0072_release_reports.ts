import { sql, type Kysely } from 'kysely';

/**
 * Shipping a remote safely (features/releases): what the console reports per remote version, the
 * QA overrides of a session, and the slots that keep the automatic-rollback checks to one per key
 * however many instances run.
 *
 * release_sessions: one row per (remote, version, session) — the session key is a hash of the
 * admin session's id, never its token — with the errors counted in detail (at most 50 per row; the
 * rest only bump `sampled`) and the last error. Sessions of a version = rows; errored = errors > 0.
 * Rows older than 30 days are pruned by the checks' job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('release_sessions')
    .addColumn('remote', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('session_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sampled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error_kind', 'varchar(32)')
    .addColumn('last_error_message', 'varchar(300)')
    .addColumn('last_error_page', 'varchar(200)')
    .addColumn('last_error_at', 'timestamptz')
    .addPrimaryKeyConstraint('release_sessions_pkey', ['remote', 'version', 'session_key'])
    .execute();
  await db.schema.createIndex('release_sessions_first_at_idx').on('release_sessions').columns(['remote', 'first_at']).execute();

  // A session's QA overrides: gone with the session row; an ended session's are never read.
  await db.schema
    .createTable('release_overrides')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('remote', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('integrity', 'varchar(120)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_overrides_pkey', ['session_id', 'remote'])
    .execute();

  // One queued check per key ('minute:<iso minute>', 'remote:<name>:<10-second slot>'): the primary key lets one instance of many queue it.
  await db.schema
    .createTable('release_check_slots')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('release_check_slots').execute();
  await db.schema.dropTable('release_overrides').execute();
  await db.schema.dropTable('release_sessions').execute();
}
