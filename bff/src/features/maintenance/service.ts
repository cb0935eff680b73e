import type { Transaction } from 'kysely';
import {
  MAINTENANCE_LOG_ID_SAMPLE,
  type MaintenanceLogSnapshot,
  type MaintenanceStatus,
  type MaintenanceUpdate,
} from '@phoenix/contract';
import type { Database } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import type { Outcome } from '../../db/mutate';
import { lockMaintenance, MAINTENANCE_ID, toMaintenanceStatus, updateMaintenance } from './repository';

const TARGET = 'maintenance';

/** Unique, ascending. */
export function normaliseIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * The action log keeps the document without its id list (which may hold 100,000 ids and would
 * make every log page heavy): the list's size, and on `after` the ids added / removed (a sample
 * of at most MAINTENANCE_LOG_ID_SAMPLE each, with exact counts).
 */
function snapshot({ allowedPlayerIds, ...rest }: MaintenanceStatus): MaintenanceLogSnapshot {
  return { ...rest, allowedPlayerCount: allowedPlayerIds.length };
}

function withDiff(after: MaintenanceStatus, before: MaintenanceStatus): MaintenanceLogSnapshot {
  const had = new Set(before.allowedPlayerIds);
  const has = new Set(after.allowedPlayerIds);
  const added = after.allowedPlayerIds.filter((id) => !had.has(id));
  const removed = before.allowedPlayerIds.filter((id) => !has.has(id));
  return {
    ...snapshot(after),
    allowedPlayerIdsAdded: added.slice(0, MAINTENANCE_LOG_ID_SAMPLE),
    allowedPlayerIdsAddedCount: added.length,
    allowedPlayerIdsRemoved: removed.slice(0, MAINTENANCE_LOG_ID_SAMPLE),
    allowedPlayerIdsRemovedCount: removed.length,
  };
}

/** PUT /maintenance: logged as maintenance.enable / maintenance.disable / maintenance.update. */
export async function saveMaintenance(
  trx: Transaction<Database>,
  input: MaintenanceUpdate,
  by: string,
  now: Date,
): Promise<Outcome<MaintenanceStatus>> {
  const row = await lockMaintenance(trx);
  if (!row) throw new HttpError(500, 'internal_error', 'The maintenance document is missing: run the migrations');
  const before = toMaintenanceStatus(row);
  if (row.version !== input.version) throw conflict(before);
  const allowedPlayerIds = input.allowedPlayerIds ? normaliseIds(input.allowedPlayerIds) : before.allowedPlayerIds;
  const after = toMaintenanceStatus(
    await updateMaintenance(
      trx,
      {
        enabled: input.enabled,
        message: input.message,
        plannedStart: input.plannedStart,
        plannedEnd: input.plannedEnd,
        allowedPlayerIds,
      },
      by,
      now,
    ),
  );
  const verb = before.enabled === after.enabled ? 'update' : after.enabled ? 'enable' : 'disable';
  return {
    result: after,
    log: {
      action: `${TARGET}.${verb}`,
      targetType: TARGET,
      targetId: MAINTENANCE_ID,
      before: snapshot(before),
      after: withDiff(after, before),
    },
  };
}
