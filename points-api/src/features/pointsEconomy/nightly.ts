import type { FastifyBaseLogger } from 'fastify';
import type { EconomyReconciliation } from '@phoenix/contract';
import { toJson } from '@phoenix/server/db';
import type { AppContext } from '../../context';
import { reconcile } from './figures';

export const ECONOMY_RECONCILE_QUEUE = 'points-economy-reconcile';
/** The nightly run's hour (UTC): after the day's traffic, before the operators' morning in Asia and Europe. */
const NIGHTLY_HOUR_UTC = 3;

export interface EconomyReconcileJob {
  night: string;
}

/** The next 03:00 UTC strictly after `now`. */
export function nextNightlyRun(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC));
  return at > now ? at : new Date(at.getTime() + 86_400_000);
}

/**
 * Queues the next night's reconciliation once, whatever the number of instances: the night's row
 * is inserted with the job in one transaction, and only the instance whose insert landed sends it.
 * Called at start and by each run for the night after.
 */
export async function scheduleNextReconciliation(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('economy: needs the started job runner');
  const now = ctx.now();
  const at = nextNightlyRun(now);
  const night = at.toISOString().slice(0, 10);
  await ctx.db.transaction().execute(async (trx) => {
    const queued = await trx
      .insertInto('points.economy_reconciliations')
      .values({ night })
      .onConflict((oc) => oc.column('night').doNothing())
      .returning('night')
      .executeTakeFirst();
    if (!queued) return;
    const jobId = await jobs.send<EconomyReconcileJob>(trx, ECONOMY_RECONCILE_QUEUE, { night }, (at.getTime() - now.getTime()) / 1000);
    await trx.updateTable('points.economy_reconciliations').set({ job_id: jobId }).where('night', '=', night).execute();
  });
}

/**
 * A night's run: the figures computed and stored once (a retried or duplicated job finds them
 * stored and stores nothing), logged (a warning naming each mismatch), then the next night queued.
 */
export async function runNightlyReconciliation(ctx: AppContext, job: EconomyReconcileJob, log: FastifyBaseLogger): Promise<boolean> {
  const figures = await reconcile(ctx.db, ctx.now());
  const stored = await ctx.db
    .updateTable('points.economy_reconciliations')
    .set({ ran_at: ctx.now(), figures: toJson(figures)! })
    .where('night', '=', job.night)
    .where('ran_at', 'is', null)
    .returning('night')
    .executeTakeFirst();
  if (stored) {
    const line = { reconciliation: figures, night: job.night };
    if (figures.mismatches.length > 0) log.warn(line, `points economy: the books do not balance (${figures.mismatches.join(', ')})`);
    else log.info(line, 'points economy: the books balance');
  }
  await scheduleNextReconciliation(ctx);
  return Boolean(stored);
}

/** The last stored night's figures, or null before the first. */
export async function lastNightly(ctx: AppContext): Promise<EconomyReconciliation | null> {
  const row = await ctx.db
    .selectFrom('points.economy_reconciliations')
    .select('figures')
    .where('ran_at', 'is not', null)
    .orderBy('night', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.figures ?? null;
}
