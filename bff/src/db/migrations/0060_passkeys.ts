import { sql, type Kysely } from 'kysely';

/**
 * Passkeys (WebAuthn) as a second factor beside TOTP. A passkey row holds the
 * credential's id (base64url, unique across admins: an authenticator answers with it), its COSE
 * public key and signature counter; it has no TOTP secret. A passkey is stored only once its
 * attestation is verified, so it is confirmed from the start. The challenge of each WebAuthn
 * ceremony is kept server-side (webauthn_challenges), bound to the session that enrols or steps
 * up, or to the sign-in challenge of the password step, and spent once.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table admin_factors drop constraint admin_factors_kind_check`.execute(db);
  await sql`alter table admin_factors add constraint admin_factors_kind_check check (kind in ('totp', 'passkey'))`.execute(db);
  await db.schema
    .alterTable('admin_factors')
    .alterColumn('secret', (c) => c.dropNotNull())
    .addColumn('credential_id', 'varchar(1024)', (c) => c.unique())
    .addColumn('public_key', 'bytea')
    .addColumn('sign_count', 'bigint')
    .addColumn('transports', 'varchar(200)')
    .execute();
  // What each kind needs: a TOTP factor its secret, a passkey its credential and key.
  await sql`alter table admin_factors add constraint admin_factors_kind_fields_check check (
    (kind = 'totp' and secret is not null) or
    (kind = 'passkey' and credential_id is not null and public_key is not null and sign_count is not null))`.execute(db);

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull().check(sql`purpose in ('enrol', 'signIn', 'stepUp')`))
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull().unique())
    /** Enrolment and step-up: the session that asked (only it may answer). */
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id').onDelete('cascade'))
    /** Sign-in: the password step's challenge. */
    .addColumn('sign_in_challenge_id', 'integer', (c) => c.references('sign_in_challenges.id').onDelete('cascade'))
    /** Enrolment: the name the new passkey gets. */
    .addColumn('label', 'varchar(60)')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webauthn_challenges_admin_idx').on('webauthn_challenges').column('admin_id').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('webauthn_challenges').ifExists().execute();
  await db.deleteFrom('admin_factors').where('kind', '=', 'passkey').execute();
  await sql`alter table admin_factors drop constraint admin_factors_kind_fields_check`.execute(db);
  await db.schema
    .alterTable('admin_factors')
    .dropColumn('credential_id')
    .dropColumn('public_key')
    .dropColumn('sign_count')
    .dropColumn('transports')
    .alterColumn('secret', (c) => c.setNotNull())
    .execute();
  await sql`alter table admin_factors drop constraint admin_factors_kind_check`.execute(db);
  await sql`alter table admin_factors add constraint admin_factors_kind_check check (kind in ('totp'))`.execute(db);
}
