import { sql, type Transaction } from 'kysely';
import { ADMIN_ROLE, adminsResource, type AdminAccount, type ConsoleRole } from '@phoenix/contract';
import type { AdminRow, Database } from '../../db/schema';
import { sortKey } from '@phoenix/server/db';
import { versionedResource } from '../../db/versioned';
import { normaliseEmail } from '../../db/adminAccounts';

// The look-ups sign-in needs too live in db/adminAccounts.ts (features/auth uses them; no feature imports another).
export { findAdminByEmail, normaliseEmail, recordSignIn, replaceOneTimePassword } from '../../db/adminAccounts';

export function toAdminAccount(row: AdminRow): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    roles: row.roles as ConsoleRole[],
    status: row.status,
    mustChangePassword: row.must_change_password,
    lastSignInAt: row.last_sign_in_at ? row.last_sign_in_at.toISOString() : null,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/**
 * List, export, get and versioned changes of admin accounts. Creating one is not the generic
 * insert (it needs a hashed one-time password): see service.ts.
 */
export const admins = versionedResource(adminsResource, {
  table: 'admins',
  toApi: toAdminAccount,
  toColumns: () => {
    throw new Error('admins are created by createAdminAccount (service.ts), with a one-time password');
  },
  sortKeys: {
    // Stored lower-cased: the plain column sorts like lower(email) and uses its unique index.
    email: sortKey('email', 'plain'),
    role: sortKey('role', 'plain'),
    status: sortKey('status', 'plain'),
    lastSignInAt: sortKey('last_sign_in_at', 'plain'),
    createdAt: sortKey('created_at', 'plain'),
  },
  search: ['email'],
  filters: [
    (qb, query) => (query.status ? qb.where('status', '=', query.status) : qb),
    (qb, query) => (query.role !== undefined ? qb.where('role', '=', query.role) : qb),
    (qb, query) => (query.roles !== undefined ? qb.where(sql<boolean>`${query.roles} = any(roles)`) : qb),
  ],
});

/** A new account: its sign-in, its roles and, for a one-time password, the change it must make. */
export interface NewAdmin {
  email: string;
  passwordHash: string;
  role: number;
  /** Default: viewer (the database's default too). */
  roles?: readonly ConsoleRole[];
  mustChangePassword?: boolean;
  /** When the one-time password stops opening anything (with mustChangePassword). */
  oneTimePasswordExpiresAt?: Date | null;
  by?: string | null;
}

export async function insertAdmin(trx: Transaction<Database>, input: NewAdmin & { now: Date }): Promise<AdminRow> {
  return trx
    .insertInto('admins')
    .values({
      email: normaliseEmail(input.email),
      password_hash: input.passwordHash,
      role: input.role,
      roles: [...(input.roles ?? ['viewer'])],
      status: 'active',
      must_change_password: input.mustChangePassword ?? false,
      one_time_password_expires_at: input.mustChangePassword ? (input.oneTimePasswordExpiresAt ?? null) : null,
      version: 1,
      created_at: input.now,
      updated_at: input.now,
      updated_by: input.by ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Locks every active owner (role 2 holding the owner role) and lists them. Taking the locks first
 * serialises two owners who disable or demote each other at the same moment: the second sees the
 * first's change, so the console always keeps one active owner.
 */
export async function lockActiveAdministrators(trx: Transaction<Database>): Promise<number[]> {
  const rows = await trx
    .selectFrom('admins')
    .select('id')
    .where('role', '=', ADMIN_ROLE)
    .where((eb) => eb(eb.val('owner'), '=', eb.fn.any('roles')))
    .where('status', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}
