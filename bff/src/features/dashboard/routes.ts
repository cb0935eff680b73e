import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import type { DashboardSummary } from '@phoenix/contract';
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
 * GET /dashboard/summary: maintenance on/off and window, the 5 newest action-log entries, live
 * battles and active distributions, players active lately and battles per day (the daily rollup,
 * rollup.ts, whose durable job is declared here and first queued at start, app.ts).
 */
export default async function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.jobs) defineRollup(ctx, dashboardRollup);
  app.get('/dashboard/summary', async (): Promise<DashboardSummary> => {
    const now = ctx.now();
    const maintenance = await maintenanceSummary(ctx.db);
    return {
      maintenance: {
        enabled: maintenance?.enabled ?? false,
        plannedStart: maintenance?.planned_start ? maintenance.planned_start.toISOString() : null,
        plannedEnd: maintenance?.planned_end ? maintenance.planned_end.toISOString() : null,
      },
      nextMaintenanceSwitch: await nextMaintenanceSwitch(ctx.db),
      recentActions: await recentActions(ctx.db, 5),
      live: { battles: await liveBattles(ctx.db), distributions: await activeDistributions(ctx.db) },
      activity: { playersActive: await playersActive(ctx.db, now), battlesPerDay: await battlesPerDay(ctx.db, now) },
    };
  });
}
