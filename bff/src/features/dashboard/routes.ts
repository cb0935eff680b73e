import type { FastifyInstance } from 'fastify';
import type { DashboardSummary } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { listActionLogs } from '../actionLogs/repository';
import { findMaintenanceSummary } from '../maintenance/repository';

/** GET /dashboard/summary: maintenance on/off and window, and the 5 newest action-log entries. */
export async function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/dashboard/summary', async (): Promise<DashboardSummary> => {
    const maintenance = await findMaintenanceSummary(ctx.db);
    const recent = await listActionLogs(ctx.db, { page: 1, pageSize: 5, order: 'desc' }, undefined, true);
    return {
      maintenance: {
        enabled: maintenance?.enabled ?? false,
        plannedStart: maintenance?.planned_start ? maintenance.planned_start.toISOString() : null,
        plannedEnd: maintenance?.planned_end ? maintenance.planned_end.toISOString() : null,
      },
      recentActions: recent.items,
    };
  });
}
