import { sql, type Kysely } from 'kysely';

/**
 * A second factor per admin: authenticator apps (TOTP) now, passkeys to come (kind).
 * A factor is pending until its first code is checked, and only the session that started the
 * enrolment may finish it. Recovery codes are stored as sha-256 hashes and used once. A sign-in
 * whose password was right but whose factor is still to come holds a short-lived challenge.
 * A session opened without a factor where one is required may only enrol one (enrolment_only);
 * factor_verified_at is when this session last proved a factor (step-up).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('admin_factors')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('totp')`))
    .addColumn('label', 'varchar(60)', (c) => c.notNull())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    /** The last TOTP time step accepted: a code is never accepted twice. */
    .addColumn('last_used_step', 'bigint')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('enrolled_by_session_id', 'integer')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_factors_admin_idx').on('admin_factors').column('admin_id').execute();

  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_recovery_codes_admin_idx').on('admin_recovery_codes').columns(['admin_id', 'code_hash']).execute();

  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('enrolment_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('factor_verified_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('sessions').dropColumn('enrolment_only').dropColumn('factor_verified_at').execute();
  await db.schema.dropTable('sign_in_challenges').ifExists().execute();
  await db.schema.dropTable('admin_recovery_codes').ifExists().execute();
  await db.schema.dropTable('admin_factors').ifExists().execute();
}
