import type { Kysely, Transaction } from 'kysely';
import type { MaintenanceStatus } from '@phoenix/contract';
import { toJson } from '../../db/json';
import type { Database, MaintenanceRow } from '../../db/schema';

/** The document's one row (migration 0004 creates it). */
export const MAINTENANCE_ID = 1;

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

export async function findMaintenance(db: Kysely<Database>): Promise<MaintenanceRow | undefined> {
  return db.selectFrom('maintenance').selectAll().where('id', '=', MAINTENANCE_ID).executeTakeFirst();
}

export async function lockMaintenance(trx: Transaction<Database>): Promise<MaintenanceRow | undefined> {
  return trx.selectFrom('maintenance').selectAll().where('id', '=', MAINTENANCE_ID).forUpdate().executeTakeFirst();
}

export async function updateMaintenance(
  trx: Transaction<Database>,
  input: {
    enabled: boolean;
    message: string;
    plannedStart: string | null;
    plannedEnd: string | null;
    allowedPlayerIds: number[];
  },
  by: string,
  now: Date,
): Promise<MaintenanceRow> {
  return trx
    .updateTable('maintenance')
    .set((eb) => ({
      enabled: input.enabled,
      message: input.message,
      planned_start: input.plannedStart,
      planned_end: input.plannedEnd,
      allowed_player_ids: toJson(input.allowedPlayerIds) ?? '[]',
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: by,
    }))
    .where('id', '=', MAINTENANCE_ID)
    .returningAll()
    .executeTakeFirstOrThrow();
}
