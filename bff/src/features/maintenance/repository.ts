import { maintenanceDocument, MAINTENANCE_LOG_ID_SAMPLE, type MaintenanceLogSnapshot, type MaintenanceStatus } from '@phoenix/contract';
import { toJson } from '@phoenix/server/db';
import type { MaintenanceRow } from '../../db/schema';
import { versionedDocument } from '../../db/versioned';

function idsOf(value: unknown): number[] {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value; // drivers return jsonb parsed; be safe
  return Array.isArray(parsed) ? parsed.map(Number) : [];
}

export function toMaintenanceStatus(row: MaintenanceRow): MaintenanceStatus {
  return {
    enabled: row.enabled,
    message: row.message,
    plannedStart: row.planned_start ? row.planned_start.toISOString() : null,
    plannedEnd: row.planned_end ? row.planned_end.toISOString() : null,
    allowedPlayerIds: idsOf(row.allowed_player_ids),
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** Unique, ascending. */
export function normaliseIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * The action log keeps the document without its id list (which may hold 100,000 ids and would
 * make every log page heavy): the list's size, and on `after` the ids added / removed (a sample
 * of at most MAINTENANCE_LOG_ID_SAMPLE each, with exact counts, for the diff). Every added and
 * removed id is in action_log_targets (`targets`), so a player's history finds the change.
 */
function snapshot({ allowedPlayerIds, ...rest }: MaintenanceStatus): MaintenanceLogSnapshot {
  return { ...rest, allowedPlayerCount: allowedPlayerIds.length };
}

function logged(before: MaintenanceStatus, after: MaintenanceStatus) {
  const had = new Set(before.allowedPlayerIds);
  const has = new Set(after.allowedPlayerIds);
  const added = after.allowedPlayerIds.filter((id) => !had.has(id));
  const removed = before.allowedPlayerIds.filter((id) => !has.has(id));
  const diff: MaintenanceLogSnapshot = {
    ...snapshot(after),
    allowedPlayerIdsAdded: added.slice(0, MAINTENANCE_LOG_ID_SAMPLE),
    allowedPlayerIdsAddedCount: added.length,
    allowedPlayerIdsRemoved: removed.slice(0, MAINTENANCE_LOG_ID_SAMPLE),
    allowedPlayerIdsRemovedCount: removed.length,
  };
  return { before: snapshot(before), after: diff, targets: { type: 'player', ids: [...added, ...removed] } };
}

/**
 * Maintenance status: one versioned document (row 1 of `maintenance`). `allowedPlayerIds`
 * omitted = keep the current list. Saves are logged as maintenance.enable / .disable / .update,
 * restores as maintenance.restore. The history keeps each version whole, id list included, so a
 * restore brings the list back too.
 */
export const maintenance = versionedDocument(maintenanceDocument, {
  table: 'maintenance',
  toApi: toMaintenanceStatus,
  toColumns: (input, current) => ({
    enabled: input.enabled,
    message: input.message,
    planned_start: input.plannedStart,
    planned_end: input.plannedEnd,
    allowed_player_ids: toJson(input.allowedPlayerIds ? normaliseIds(input.allowedPlayerIds) : current.allowedPlayerIds) ?? '[]',
  }),
  verb: (before, after) => (before.enabled === after.enabled ? 'update' : after.enabled ? 'enable' : 'disable'),
  logged,
});
