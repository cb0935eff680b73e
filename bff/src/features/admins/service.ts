import type { Transaction } from 'kysely';
import type { AdminAccount, AdminStatus } from '@phoenix/contract';
import type { Actor } from '../../context';
import { isUniqueViolation } from '../../db/connect';
import type { Database } from '../../db/schema';
import { notFound, validationFailed } from '../../http/errors';
import type { Outcome } from '../../db/mutate';
import { revokeAdminSessions } from '../auth/sessions';
import { findAdminByEmail, insertAdmin, lockAdmin, setAdminStatus, toAdminAccount } from './repository';

export const MIN_PASSWORD_LENGTH = 12;

/** Used by the create-admin CLI and the local seed (an API route can reuse it later). */
export async function createAdmin(
  trx: Transaction<Database>,
  input: { email: string; passwordHash: string; role: number },
  now: Date,
): Promise<Outcome<AdminAccount>> {
  if (await findAdminByEmail(trx, input.email)) throw validationFailed({ email: ['An admin with this email already exists'] });
  let row;
  try {
    row = await insertAdmin(trx, { ...input, now });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ email: ['An admin with this email already exists'] });
    throw error;
  }
  const after = toAdminAccount(row);
  return { result: after, log: { action: 'admin.create', targetType: 'admin', targetId: row.id, before: null, after } };
}

/** Enable or disable an account. Disabling ends all its sessions in the same transaction. */
export async function changeAdminStatus(
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  status: AdminStatus,
  now: Date,
): Promise<Outcome<AdminAccount>> {
  if (id === actor.id && status === 'disabled') {
    throw validationFailed({ status: ['You cannot disable your own account'] }, 'You cannot disable your own account');
  }
  const row = await lockAdmin(trx, id);
  if (!row) throw notFound('This admin account does not exist');
  const before = toAdminAccount(row);
  const after = toAdminAccount(await setAdminStatus(trx, id, status));
  if (status === 'disabled') await revokeAdminSessions(trx, id, now);
  return {
    result: after,
    log: { action: status === 'disabled' ? 'admin.disable' : 'admin.enable', targetType: 'admin', targetId: id, before, after },
  };
}
