import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { dashboardSummarySchema, type DashboardSummary } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { defineRollup } from '@phoenix/server/jobs';
import {
  activeDistributions,
  battlesPerDay,
  liveBattles,
  maintenanceSummary,
  nextMaintenanceSwitch,
  playersActive,
  recentActions,
} from './repository';
import { dashboardRollup } from './rollup';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'self';

/**
 * How long an instance reuses its count of players active: at 1,000,000 players the week's range of
 * the last-seen index is the summary's largest read, and a figure over hours and days moves little
 * in half a minute (the dashboard reads the summary again on every change it hears of).
 */
export const PLAYERS_ACTIVE_REUSE_MS = 30_000;

/**
 * GET /dashboard/summary: maintenance on/off and window, the 5 newest action-log entries, live
 * battles and active distributions, players active lately and battles per day (the daily rollup,
 * rollup.ts, whose durable job is declared here and first queued at start, app.ts). Its reads are
 * independent: they run at once (on PostgreSQL, on as many pooled connections).
 */
export default async function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.jobs) defineRollup(ctx, dashboardRollup);
  let players: { at: number; value: ReturnType<typeof playersActive> } | null = null;
  const playersActiveNow = (now: Date) => {
    const age = players ? now.getTime() - players.at : Infinity;
    if (!players || age < 0 || age >= PLAYERS_ACTIVE_REUSE_MS) {
      const value = playersActive(ctx.db, now);
      players = { at: now.getTime(), value };
      // A failed read is not kept: the next request reads again.
      value.catch(() => {
        if (players?.value === value) players = null;
      });
    }
    return players.value;
  };
  app.get('/dashboard/summary', { schema: { response: { 200: dashboardSummarySchema } } }, async (): Promise<DashboardSummary> => {
    const now = ctx.now();
    const [maintenance, nextSwitch, recent, battles, distributions, active, perDay] = await Promise.all([
      maintenanceSummary(ctx.db),
      nextMaintenanceSwitch(ctx.db),
      recentActions(ctx.db, 5),
      liveBattles(ctx.db),
      activeDistributions(ctx.db),
      playersActiveNow(now),
      battlesPerDay(ctx.db, now),
    ]);
    return {
      maintenance: {
        enabled: maintenance?.enabled ?? false,
        plannedStart: maintenance?.planned_start ? maintenance.planned_start.toISOString() : null,
        plannedEnd: maintenance?.planned_end ? maintenance.planned_end.toISOString() : null,
      },
      nextMaintenanceSwitch: nextSwitch,
      recentActions: recent,
      live: { battles, distributions },
      activity: { playersActive: active, battlesPerDay: perDay },
    };
  });
}
