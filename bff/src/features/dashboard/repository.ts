import type { Kysely } from 'kysely';
import {
  DASHBOARD_DISTRIBUTIONS,
  DASHBOARD_SERIES_DAYS,
  type ActionLog,
  type ActiveDistribution,
  type DashboardActivity,
  type DashboardDay,
} from '@phoenix/contract';
import { DOCUMENT_ROW_ID, toActionLog } from '@phoenix/server/db';
import { addDays, dayOf, startOfDay } from '@phoenix/server/jobs';
import type { Database } from '../../db/schema';
import { battlesStarted } from './rollup';

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

/** Battles in progress (the partial index of ongoing battles: as cheap at 1,000,000 battles as at 10). */
export async function liveBattles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('battles')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'ongoing')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Distributions scheduled or sending: their count and the next few by due time (the status index). */
export async function activeDistributions(db: Kysely<Database>): Promise<{ count: number; next: ActiveDistribution[] }> {
  const active = db.selectFrom('present_distributions').where('status', 'in', ['scheduled', 'running']);
  const [count, rows] = await Promise.all([
    active.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    active
      .select(['id', 'present_name', 'status', 'recipient_count', 'delivered_count', 'scheduled_at'])
      .orderBy('scheduled_at')
      .orderBy('id')
      .limit(DASHBOARD_DISTRIBUTIONS)
      .execute(),
  ]);
  return {
    count: Number(count?.n ?? 0),
    next: rows.map((r) => ({
      id: r.id,
      presentName: r.present_name,
      status: r.status,
      recipientCount: r.recipient_count,
      deliveredCount: r.delivered_count,
      scheduledAt: r.scheduled_at.toISOString(),
    })),
  };
}

const HOUR_MS = 3_600_000;

/**
 * Players seen in the last hour, 24 hours and 7 days: three ranges of the (last_seen_at) index
 * (migration 0002), counted in one statement; the 7-day range is the largest read.
 */
export async function playersActive(db: Kysely<Database>, now: Date): Promise<DashboardActivity['playersActive']> {
  const since = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const row = await db
    .selectFrom('players')
    .select((eb) => [
      eb.fn.countAll<string | number>().filterWhere('last_seen_at', '>=', since(1)).as('hour'),
      eb.fn.countAll<string | number>().filterWhere('last_seen_at', '>=', since(24)).as('day'),
      eb.fn.countAll<string | number>().as('week'),
    ])
    .where('last_seen_at', '>=', since(24 * 7))
    .executeTakeFirst();
  return { hour: Number(row?.hour ?? 0), day: Number(row?.day ?? 0), week: Number(row?.week ?? 0) };
}

/**
 * Battles started per day over the series' days: the rolled days (a primary-key range of
 * dashboard_days) and today so far (a range of the battles' started_at index). A day not rolled yet
 * (before the rollup's first run) is left out rather than counted from the battles table.
 */
export async function battlesPerDay(db: Kysely<Database>, now: Date): Promise<DashboardDay[]> {
  const today = dayOf(now);
  const rolled = await db
    .selectFrom('dashboard_days')
    .select(['day', 'battles'])
    .where('day', '>=', addDays(today, -(DASHBOARD_SERIES_DAYS - 1)))
    .where('day', '<', today)
    .where('rolled_at', 'is not', null)
    .orderBy('day')
    .execute();
  const sofar = await battlesStarted(db, startOfDay(today), new Date(now.getTime() + 1));
  return [...rolled.map((r) => ({ day: r.day, battles: Number(r.battles) })), { day: today, battles: sofar }];
}
