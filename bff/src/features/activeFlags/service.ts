import type { Transaction } from 'kysely';
import type { ActiveFlag, FlagCreate, FlagToggle, FlagUpdate } from '@phoenix/contract';
import { isUniqueViolation } from '../../db/connect';
import type { Database } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../http/errors';
import type { ActionLogEntry } from '../actionLogs/write';
import {
  deleteActiveFlag,
  flagKeyTaken,
  insertActiveFlag,
  lockActiveFlag,
  toActiveFlag,
  updateActiveFlag,
} from './repository';

/** Mutations, each run inside `mutate` (one transaction with its action-log row). */
type Outcome<T> = { result: T; log: ActionLogEntry };

const TARGET = 'activeFlag';
const duplicateKey = () => validationFailed({ key: ['This key already exists'] });
const gone = () => notFound('This flag no longer exists');

export async function createActiveFlag(
  trx: Transaction<Database>,
  input: FlagCreate,
  by: string,
  now: Date,
): Promise<Outcome<ActiveFlag>> {
  if (await flagKeyTaken(trx, input.key)) throw duplicateKey();
  let row;
  try {
    row = await insertActiveFlag(trx, input, by, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKey(); // lost a race with another insert
    throw error;
  }
  const after = toActiveFlag(row);
  return { result: after, log: { action: `${TARGET}.create`, targetType: TARGET, targetId: after.id, before: null, after } };
}

/** PUT: description and enabled (the key never changes). */
export async function saveActiveFlag(
  trx: Transaction<Database>,
  id: number,
  input: FlagUpdate,
  by: string,
  now: Date,
): Promise<Outcome<ActiveFlag>> {
  const row = await lockActiveFlag(trx, id);
  if (!row) throw gone();
  const before = toActiveFlag(row);
  if (row.version !== input.version) throw conflict(before);
  const after = toActiveFlag(await updateActiveFlag(trx, id, input, by, now));
  return { result: after, log: { action: `${TARGET}.update`, targetType: TARGET, targetId: id, before, after } };
}

/** PATCH /:id/enabled: logged as activeFlag.enable / activeFlag.disable. */
export async function toggleActiveFlag(
  trx: Transaction<Database>,
  id: number,
  input: FlagToggle,
  by: string,
  now: Date,
): Promise<Outcome<ActiveFlag>> {
  const row = await lockActiveFlag(trx, id);
  if (!row) throw gone();
  const before = toActiveFlag(row);
  if (row.version !== input.version) throw conflict(before);
  const after = toActiveFlag(await updateActiveFlag(trx, id, { enabled: input.enabled }, by, now));
  const action = `${TARGET}.${input.enabled ? 'enable' : 'disable'}`;
  return { result: after, log: { action, targetType: TARGET, targetId: id, before, after } };
}

export async function removeActiveFlag(
  trx: Transaction<Database>,
  id: number,
  version: number,
): Promise<Outcome<{ ok: true }>> {
  const row = await lockActiveFlag(trx, id);
  if (!row) throw gone();
  const before = toActiveFlag(row);
  if (row.version !== version) throw conflict(before);
  await deleteActiveFlag(trx, id);
  return { result: { ok: true }, log: { action: `${TARGET}.delete`, targetType: TARGET, targetId: id, before, after: null } };
}
