import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_SWITCHES_PATH, maintenanceScheduleSchema, type MaintenanceSchedule } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerDocumentRoutes, BULK_ID_BODY_LIMIT } from '@phoenix/server/http';
import { maintenance } from './repository';
import { MAINTENANCE_SWITCH_QUEUE, moveSwitches, readSchedule, runSwitch, type MaintenanceSwitchJob } from './switches';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'operations';

/**
 * GET/PUT /maintenance and its history; the PUT may carry 100,000 player ids. Every save moves the
 * planned window's automatic switches (switches.ts); GET /maintenance/switches says what is next.
 */
export default function registerMaintenanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('maintenance: needs the job runner (ctx.jobs)');
  jobs.define<MaintenanceSwitchJob>(MAINTENANCE_SWITCH_QUEUE, ({ switchId }, job) => runSwitch(ctx, switchId, job.id));
  app.get(MAINTENANCE_SWITCHES_PATH, { schema: { response: { 200: maintenanceScheduleSchema } } }, async (): Promise<MaintenanceSchedule> =>
    readSchedule(ctx.db),
  );
  return registerDocumentRoutes(app, ctx, maintenance, { bodyLimit: BULK_ID_BODY_LIMIT, afterWrite: moveSwitches(jobs) });
}
