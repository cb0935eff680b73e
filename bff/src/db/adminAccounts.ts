import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminRow, Database } from './schema';

// The admin accounts as sign-in reads and updates them (features/auth) and the admins area
// manages them (features/admins): here, so that neither feature imports the other.

/** Emails are compared and stored trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findAdminByEmail(db: Kysely<Database>, email: string): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function recordSignIn(trx: Transaction<Database>, id: number, now: Date): Promise<void> {
  await trx.updateTable('admins').set({ last_sign_in_at: now }).where('id', '=', id).execute();
}

/**
 * The forced change done: the new hash, the flag cleared, the version bumped (the record changed).
 * Only while the one-time password checked is still the account's (a reset meanwhile replaced it):
 * false when it was not.
 */
export async function replaceOneTimePassword(
  trx: Transaction<Database>,
  admin: { id: number; email: string; password_hash: string },
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('admins')
    .set({
      password_hash: passwordHash,
      must_change_password: false,
      one_time_password_expires_at: null,
      updated_at: now,
      updated_by: admin.email,
      version: sql`version + 1`,
    })
    .where('id', '=', admin.id)
    .where('password_hash', '=', admin.password_hash)
    .where('must_change_password', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * An admin's own password change (the Security page): the new hash, the version bumped. Only while
 * the hash checked is still the account's (a reset or another change meanwhile): false when not.
 */
export async function replacePassword(
  trx: Transaction<Database>,
  admin: { id: number; email: string; password_hash: string },
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('admins')
    .set({ password_hash: passwordHash, updated_at: now, updated_by: admin.email, version: sql`version + 1` })
    .where('id', '=', admin.id)
    .where('password_hash', '=', admin.password_hash)
    .where('must_change_password', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findAdminById(db: Kysely<Database>, id: number): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}
