import type { Transaction } from 'kysely';
import {
  WORLD_MESSAGE_ONLY_SCHEDULED,
  type WorldMessage,
  type WorldMessageCreate,
  type WorldMessageUpdate,
} from '@phoenix/contract';
import type { Database, WorldMessageRow } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../http/errors';
import type { ActionLogEntry } from '../actionLogs/write';
import {
  cancelWorldMessage,
  insertWorldMessage,
  lockWorldMessage,
  toWorldMessage,
  updateWorldMessage,
  worldMessageStateAt,
} from './repository';

/** Mutations, each run inside `mutate` (one transaction with its action-log row). */
type Outcome<T> = { result: T; log: ActionLogEntry };

const TARGET = 'worldMessage';
const gone = () => notFound('This world message no longer exists');

/** A broadcast whose window is already over would never be shown: refuse it. */
function checkNotOver(input: WorldMessageCreate, now: Date): void {
  if (Date.parse(input.displayEnd) <= now.getTime()) {
    throw validationFailed({ displayEnd: ['Display end must be in the future'] });
  }
}

/** Locks the row, checks the version, then that it is still scheduled (409 `conflict` otherwise). */
async function lockScheduled(
  trx: Transaction<Database>,
  id: number,
  version: number,
  now: Date,
  onlyScheduledMessage: string,
): Promise<{ row: WorldMessageRow; before: WorldMessage }> {
  const row = await lockWorldMessage(trx, id);
  if (!row) throw gone();
  const before = toWorldMessage(row, now);
  if (row.version !== version) throw conflict(before);
  if (worldMessageStateAt(row, now) !== 'scheduled') throw conflict(before, onlyScheduledMessage);
  return { row, before };
}

export async function createWorldMessage(
  trx: Transaction<Database>,
  input: WorldMessageCreate,
  by: string,
  now: Date,
): Promise<Outcome<WorldMessage>> {
  checkNotOver(input, now);
  const after = toWorldMessage(await insertWorldMessage(trx, input, by, now), now);
  return { result: after, log: { action: `${TARGET}.create`, targetType: TARGET, targetId: after.id, before: null, after } };
}

/** PUT: only a scheduled message (a showing or ended one is read-only). */
export async function saveWorldMessage(
  trx: Transaction<Database>,
  id: number,
  input: WorldMessageUpdate,
  by: string,
  now: Date,
): Promise<Outcome<WorldMessage>> {
  const { before } = await lockScheduled(trx, id, input.version, now, WORLD_MESSAGE_ONLY_SCHEDULED.edit);
  checkNotOver(input, now);
  const after = toWorldMessage(await updateWorldMessage(trx, id, input, by, now), now);
  return { result: after, log: { action: `${TARGET}.update`, targetType: TARGET, targetId: id, before, after } };
}

export async function cancelScheduledWorldMessage(
  trx: Transaction<Database>,
  id: number,
  version: number,
  by: string,
  now: Date,
): Promise<Outcome<WorldMessage>> {
  const { before } = await lockScheduled(trx, id, version, now, WORLD_MESSAGE_ONLY_SCHEDULED.cancel);
  const after = toWorldMessage(await cancelWorldMessage(trx, id, by, now), now);
  return { result: after, log: { action: `${TARGET}.cancel`, targetType: TARGET, targetId: id, before, after } };
}
