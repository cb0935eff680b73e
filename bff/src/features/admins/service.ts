import type { Transaction } from 'kysely';
import { ADMIN_ROLE, type AdminAccount, type AdminStatus, type AdminWithOneTimePassword, type ConsoleRole } from '@phoenix/contract';
import type { Actor } from '../../context';
import { isUniqueViolation, type Outcome } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { validationFailed } from '@phoenix/server/http';
import { revokeAdminSessions } from '@phoenix/server/auth';
import { admins, findAdminByEmail, insertAdmin, lockActiveAdministrators, toAdminAccount, type NewAdmin } from './repository';

export { MIN_PASSWORD_LENGTH } from '@phoenix/contract';

const duplicateEmail = () => validationFailed({ email: ['An admin with this email already exists'] });

/** Used by the create-admin CLI, the local seed and POST /admins (with a one-time password). */
export async function createAdmin(trx: Transaction<Database>, input: NewAdmin, now: Date): Promise<Outcome<AdminAccount>> {
  if (await findAdminByEmail(trx, input.email)) throw duplicateEmail();
  let row;
  try {
    row = await insertAdmin(trx, { ...input, now });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
  const after = toAdminAccount(row);
  return { result: after, log: { action: 'admin.create', targetType: 'admin', targetId: row.id, before: null, after } };
}

/** When a one-time password issued now stops opening anything (settings.oneTimePasswordTtlMs: ONE_TIME_PASSWORD_TTL_HOURS). */
export const oneTimePasswordExpiry = (now: Date, ttlMs: number) => new Date(now.getTime() + ttlMs);

/** Refuses a change that would leave no active owner (the lock serialises concurrent ones). */
async function keepOneActiveAdministrator(trx: Transaction<Database>, id: number, field: 'status' | 'role' | 'roles', message: string) {
  const active = await lockActiveAdministrators(trx);
  if (active.length === 1 && active[0] === id) throw validationFailed({ [field]: [message] }, message);
}

/** Enable or disable an account. Disabling ends all its sessions in the same transaction. */
export async function changeAdminStatus(
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  input: { status: AdminStatus; version: number },
  now: Date,
): Promise<Outcome<AdminAccount>> {
  const { status, version } = input;
  if (id === actor.id && status === 'disabled') {
    throw validationFailed({ status: ['You cannot disable your own account'] }, 'You cannot disable your own account');
  }
  if (status === 'disabled') await keepOneActiveAdministrator(trx, id, 'status', 'The last active administrator cannot be disabled');
  const verb = status === 'disabled' ? 'disable' : 'enable';
  const outcome = await admins.change(trx, id, version, verb, { status }, actor.email, now);
  if (status === 'disabled') await revokeAdminSessions(trx, id, now);
  return outcome;
}

/**
 * The role and console roles. An admin cannot demote itself nor change its own roles; the last
 * active owner keeps role 2 and the owner role.
 */
export async function changeAdminRole(
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  input: { role: number; roles?: readonly ConsoleRole[]; version: number },
  now: Date,
): Promise<Outcome<AdminAccount>> {
  if (input.role !== ADMIN_ROLE) {
    if (id === actor.id) throw validationFailed({ role: ['You cannot demote your own account'] }, 'You cannot demote your own account');
    await keepOneActiveAdministrator(trx, id, 'role', 'The last active administrator cannot be demoted');
  }
  if (input.roles) {
    const current = (await admins.get(trx, id, now)).roles;
    const changed = current.length !== input.roles.length || input.roles.some((role) => !current.includes(role));
    if (changed && id === actor.id)
      throw validationFailed({ roles: ['You cannot change your own roles'] }, 'You cannot change your own roles');
    if (current.includes('owner') && !input.roles.includes('owner')) {
      await keepOneActiveAdministrator(trx, id, 'roles', 'The last active owner keeps the owner role');
    }
  }
  const roles = input.roles ? { roles: [...input.roles] } : {};
  const outcome = await admins.change(trx, id, input.version, 'update', { role: input.role, ...roles }, actor.email, now);
  // A demoted account may not use the console: its sessions end now rather than at the next check.
  if (input.role !== ADMIN_ROLE) await revokeAdminSessions(trx, id, now);
  return outcome;
}

/**
 * A new one-time password (already hashed by the caller): the account must change it at its next
 * sign-in, and its sessions end now. The password itself is in the answer only, never in the log.
 */
export async function resetAdminPassword(
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  input: { version: number; oneTimePassword: string; passwordHash: string; oneTimePasswordTtlMs: number },
  now: Date,
): Promise<Outcome<AdminWithOneTimePassword>> {
  const expiresAt = oneTimePasswordExpiry(now, input.oneTimePasswordTtlMs);
  const outcome = await admins.change(
    trx,
    id,
    input.version,
    'resetPassword',
    { password_hash: input.passwordHash, must_change_password: true, one_time_password_expires_at: expiresAt },
    actor.email,
    now,
  );
  await revokeAdminSessions(trx, id, now);
  return {
    result: { account: outcome.result, oneTimePassword: input.oneTimePassword, expiresAt: expiresAt.toISOString() },
    log: outcome.log,
  };
}
