import type { Transaction } from 'kysely';
import type { ConstantVariable, ConstantVariableCreate, ConstantVariableUpdate } from '@phoenix/contract';
import { isUniqueViolation } from '../../db/connect';
import type { Database } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../http/errors';
import type { ActionLogEntry } from '../actionLogs/write';
import {
  deleteConstantVariable,
  insertConstantVariable,
  keyTaken,
  lockConstantVariable,
  toConstantVariable,
  updateConstantVariable,
} from './repository';

/**
 * The mutations, each run inside `mutate` (one transaction with its action-log row). Shared by the
 * routes and the local seed so seeded rows go through the same checks.
 */
type Outcome<T> = { result: T; log: ActionLogEntry };

const TARGET = 'constantVariable';
const duplicateKey = () => validationFailed({ key: ['This key already exists'] });
const gone = () => notFound('This constant variable no longer exists');

async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKey(); // lost a race with another insert
    throw error;
  }
}

export async function createConstantVariable(
  trx: Transaction<Database>,
  input: ConstantVariableCreate,
  by: string,
  now: Date,
): Promise<Outcome<ConstantVariable>> {
  if (await keyTaken(trx, input.key)) throw duplicateKey();
  const after = toConstantVariable(await guardUnique(() => insertConstantVariable(trx, input, by, now)));
  return { result: after, log: { action: `${TARGET}.create`, targetType: TARGET, targetId: after.id, before: null, after } };
}

export async function saveConstantVariable(
  trx: Transaction<Database>,
  id: number,
  input: ConstantVariableUpdate,
  by: string,
  now: Date,
): Promise<Outcome<ConstantVariable>> {
  const row = await lockConstantVariable(trx, id);
  if (!row) throw gone();
  const before = toConstantVariable(row);
  if (row.version !== input.version) throw conflict(before);
  if (input.key !== row.key && (await keyTaken(trx, input.key, id))) throw duplicateKey();
  const after = toConstantVariable(await guardUnique(() => updateConstantVariable(trx, id, input, by, now)));
  return { result: after, log: { action: `${TARGET}.update`, targetType: TARGET, targetId: id, before, after } };
}

export async function removeConstantVariable(
  trx: Transaction<Database>,
  id: number,
  version: number,
): Promise<Outcome<{ ok: true }>> {
  const row = await lockConstantVariable(trx, id);
  if (!row) throw gone();
  const before = toConstantVariable(row);
  if (row.version !== version) throw conflict(before);
  await deleteConstantVariable(trx, id);
  return { result: { ok: true }, log: { action: `${TARGET}.delete`, targetType: TARGET, targetId: id, before, after: null } };
}
