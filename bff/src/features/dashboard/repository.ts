import type { Kysely } from 'kysely';
import type { ActionLog } from '@phoenix/contract';
import { DOCUMENT_ROW_ID, toActionLog } from '@phoenix/server/db';
import type { Database } from '../../db/schema';

/** The dashboard reads the maintenance row and the action log directly (small, read-only queries). */

/** Only the small columns of the maintenance document's row (not its id list). */
export async function maintenanceSummary(db: Kysely<Database>) {
  return db
    .selectFrom('maintenance')
    .select(['enabled', 'planned_start', 'planned_end'])
    .where('id', '=', DOCUMENT_ROW_ID)
    .executeTakeFirst();
}

/** The newest `count` action-log entries (newest first, ties by id). */
export async function recentActions(db: Kysely<Database>, count: number): Promise<ActionLog[]> {
  const rows = await db.selectFrom('action_logs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(count).execute();
  return rows.map(toActionLog);
}

/** The window's next pending automatic switch (features/maintenance/switches.ts), for the countdown. */
export async function nextMaintenanceSwitch(db: Kysely<Database>) {
  const row = await db
    .selectFrom('maintenance_switches')
    .select(['switch_to', 'due_at'])
    .where('state', '=', 'pending')
    .orderBy('due_at')
    .orderBy('id')
    .executeTakeFirst();
  return row ? { switchTo: row.switch_to, dueAt: row.due_at.toISOString() } : null;
}
