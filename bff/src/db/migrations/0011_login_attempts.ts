import type { Kysely } from 'kysely';

/**
 * Login throttle v2: one counter row per key ('account:<hash of email + client>' or
 * 'client:<hash of client>'), reserved atomically (insert ... on conflict do update ... returning)
 * before the password is checked (features/auth/throttle.ts). Replaces login_failures, which was
 * counted before and written after the hash.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_window_started_at_idx').on('login_attempts').column('window_started_at').execute();
  await db.schema.dropTable('login_failures').ifExists().execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('login_attempts').ifExists().execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
