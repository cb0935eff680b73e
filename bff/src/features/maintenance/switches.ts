import type { Kysely, Selectable, Transaction } from 'kysely';
import { MAINTENANCE_SYSTEM_ACTOR, type MaintenanceSchedule, type MaintenanceStatus, type MaintenanceSwitch } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { writeActionLog, type AfterWrite, type LogActor } from '@phoenix/server/db';
import { validationFailed } from '@phoenix/server/http';
import type { JobRunner } from '@phoenix/server/jobs';
import type { Database, MaintenanceSwitchesTable } from '../../db/schema';
import { maintenance } from './repository';

/** The rules are written once, on MAINTENANCE_SYSTEM_ACTOR in the contract. */
export const MAINTENANCE_SWITCH_QUEUE = 'maintenance-switch';
export interface MaintenanceSwitchJob {
  switchId: number;
}
const SYSTEM: LogActor = { id: null, email: MAINTENANCE_SYSTEM_ACTOR };

const toApi = (row: Selectable<MaintenanceSwitchesTable>): MaintenanceSwitch => ({
  id: row.id,
  switchTo: row.switch_to,
  dueAt: row.due_at.toISOString(),
  state: row.state,
  reason: row.reason,
  settledAt: row.settled_at ? row.settled_at.toISOString() : null,
});

async function cancelPending(trx: Transaction<Database>, jobs: JobRunner, reason: string, now: Date): Promise<void> {
  // Locked: a switch whose job is starting waits, then finds itself cancelled (runSwitch).
  const pending = await trx
    .selectFrom('maintenance_switches')
    .select(['id', 'job_id'])
    .where('state', '=', 'pending')
    .forUpdate()
    .execute();
  if (pending.length === 0) return;
  for (const { job_id } of pending) if (job_id) await jobs.cancel(trx, MAINTENANCE_SWITCH_QUEUE, job_id);
  await trx
    .updateTable('maintenance_switches')
    .set({ state: 'cancelled', reason, settled_at: now })
    .where(
      'id',
      'in',
      pending.map((p) => p.id),
    )
    .execute();
}

async function schedule(trx: Transaction<Database>, jobs: JobRunner, switchTo: 'on' | 'off', at: Date, now: Date): Promise<void> {
  const row = await trx
    .insertInto('maintenance_switches')
    .values({ switch_to: switchTo, due_at: at, state: 'pending', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const jobId = await jobs.send<MaintenanceSwitchJob>(
    trx,
    MAINTENANCE_SWITCH_QUEUE,
    { switchId: row.id },
    (at.getTime() - now.getTime()) / 1000,
  );
  await trx.updateTable('maintenance_switches').set({ job_id: jobId }).where('id', '=', row.id).execute();
}

/** Runs in every save and restore of the maintenance document: moves or cancels the window's switches. */
export function moveSwitches(jobs: JobRunner): AfterWrite<MaintenanceStatus> {
  return async (trx, before, after, now) => {
    const windowMoved = before.plannedStart !== after.plannedStart || before.plannedEnd !== after.plannedEnd;
    if (windowMoved) {
      await cancelPending(trx, jobs, 'window moved', now);
      const start = after.plannedStart ? new Date(after.plannedStart) : null;
      const end = after.plannedEnd ? new Date(after.plannedEnd) : null;
      // A window that is over before it is saved would switch nothing: a typo (a past date) to say.
      if (end && end <= now) throw validationFailed({ plannedEnd: ['The window has already ended: pick an end in the future'] });
      if (start && start > now) {
        // The automatic switch-on shows this message to players: it cannot be empty.
        if (after.message.trim() === '') throw validationFailed({ message: ['Tell players why'] });
        await schedule(trx, jobs, 'on', start, now);
      }
      if (end && end > now) await schedule(trx, jobs, 'off', end, now);
      return;
    }
    const windowStarted = after.plannedStart === null || new Date(after.plannedStart) <= now;
    if (before.enabled !== after.enabled && windowStarted) await cancelPending(trx, jobs, 'manual switch', now);
  };
}

/**
 * The job: switches maintenance if its row is still pending (locked, so a cancel in flight wins and
 * a second attempt or another instance's run finds it settled), as a save logged by the system.
 */
export async function runSwitch(ctx: AppContext, switchId: number, jobId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('maintenance_switches').selectAll().where('id', '=', switchId).forUpdate().executeTakeFirst();
    if (!row || row.state !== 'pending' || row.job_id !== jobId) return;
    const now = ctx.now();
    const current = await maintenance.get(trx);
    const enabled = row.switch_to === 'on';
    if (current.enabled === enabled) {
      await trx.updateTable('maintenance_switches').set({ state: 'skipped', settled_at: now }).where('id', '=', row.id).execute();
      return;
    }
    const { plannedStart, plannedEnd, message, version } = current;
    const outcome = await maintenance.save(trx, { enabled, message, plannedStart, plannedEnd, version }, SYSTEM.email, now);
    await trx.updateTable('maintenance_switches').set({ state: 'done', settled_at: now }).where('id', '=', row.id).execute();
    await writeActionLog(trx, SYSTEM, outcome.log, now);
  });
}

/** GET /maintenance/switches. */
export async function readSchedule(db: Kysely<Database>): Promise<MaintenanceSchedule> {
  const pending = await db
    .selectFrom('maintenance_switches')
    .selectAll()
    .where('state', '=', 'pending')
    .orderBy('due_at')
    .orderBy('id')
    .execute();
  const recent = await db
    .selectFrom('maintenance_switches')
    .selectAll()
    .where('state', '!=', 'pending')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  return { next: pending[0] ? toApi(pending[0]) : null, pending: pending.map(toApi), recent: recent.map(toApi) };
}
