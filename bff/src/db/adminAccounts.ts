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
 * A new password hash for an account, the version bumped (the record changed), only while the hash
 * checked is still the account's and the account is in the state the change expects (a reset or
 * another change meanwhile): false when not.
 */
async function swapPasswordHash(
  trx: Transaction<Database>,
  admin: { id: number; email: string; password_hash: string },
  passwordHash: string,
  now: Date,
  oneTimePending: boolean,
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
    .where('must_change_password', '=', oneTimePending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The forced change after a one-time password: the flag and its deadline cleared with it. */
export const replaceOneTimePassword = (
  trx: Transaction<Database>,
  admin: { id: number; email: string; password_hash: string },
  passwordHash: string,
  now: Date,
) => swapPasswordHash(trx, admin, passwordHash, now, true);

/** An admin's own password change (the Security page), with no one-time password pending. */
export const replacePassword = (
  trx: Transaction<Database>,
  admin: { id: number; email: string; password_hash: string },
  passwordHash: string,
  now: Date,
) => swapPasswordHash(trx, admin, passwordHash, now, false);

export async function findAdminById(db: Kysely<Database>, id: number): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}
