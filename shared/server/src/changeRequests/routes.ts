import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  CHANGE_REQUESTS_PATH,
  changeRequestCreateSchema,
  changeRequestDecisionSchema,
  changeRequestCountSchema,
  changeRequestQuerySchema,
  changeRequestSchema,
  changeControlSettingsSchema,
  idParamSchema,
  type ChangeControlSettings,
  type ChangeRequest,
  type Page,
} from '@phoenix/contract';
import type { ServerContext } from '../context';
import {
  approveChange,
  cancelChange,
  CHANGE_REQUEST_QUEUE,
  getChangeRequest,
  listChangeRequests,
  pendingCount,
  rejectChange,
  requestChange,
  runScheduled,
  type ChangeRequestDeps,
  type ChangeRequestJob,
} from './store';
import { requireActor } from '../http/auth';
import type { GlobalOperation } from '../http/changeControl';
import { pageOf } from '../http/paging';
import { pageSchema } from '../http/openapi';

/**
 * /change-requests of a service: file one of its global operations for a second admin, list them
 * (every service's: one table, one Requests page), the navbar's count, approve / reject / cancel
 * its own; the job that applies its scheduled ones (in its own pg-boss schema).
 */
export function registerChangeRequestRoutes(
  app: FastifyInstance,
  // Any service's context (changeRequests/store.ts).
  ctx: ServerContext<any>,
  options: { service: string; operations: readonly GlobalOperation[] },
): void {
  const control = ctx.changeControl;
  const jobs = ctx.jobs;
  if (!control || !jobs) throw new Error('changeRequests: needs ctx.changeControl and ctx.jobs');
  control.declare(...options.operations);
  const deps: ChangeRequestDeps = { app, ctx, control, service: options.service };
  // Retries only for a crash (a refusal is recorded on the request); the status guard makes a rerun harmless.
  jobs.define<ChangeRequestJob>(CHANGE_REQUEST_QUEUE, async ({ changeRequestId }) => runScheduled(deps, changeRequestId));

  const path = CHANGE_REQUESTS_PATH;
  app.get(`${path}/settings`, { schema: { response: { 200: changeControlSettingsSchema } } }, async (): Promise<ChangeControlSettings> => ({
    mode: control.settings.mode,
    ttlHours: control.settings.ttlHours,
    bulkIdsAbove: control.settings.bulkIdsAbove,
    adjustmentPointsAbove: control.settings.adjustmentPointsAbove,
    adjustmentPointsPerDay: control.settings.adjustmentPointsPerDay,
    idsPerDay: control.settings.idsPerDay,
    bulkBanAbove: control.settings.bulkBanAbove,
    // A scope that does not depend on the call is said here: the console's own confirm asks it.
    operations: control.operations().map(({ name, method, url, scope }) => ({
      name,
      method,
      url,
      ...(typeof scope === 'string' ? { scope } : {}),
    })),
  }));

  app.get(`${path}/count`, { schema: { response: { 200: changeRequestCountSchema } } }, async () => pendingCount(ctx));

  app.get(
    path,
    { schema: { querystring: changeRequestQuerySchema, response: { 200: pageSchema(changeRequestSchema) } } },
    async (request): Promise<Page<ChangeRequest>> => {
      const query = request.query;
      return pageOf(query, await listChangeRequests(ctx, query));
    },
  );

  app.get(
    `${path}/:id`,
    { schema: { params: idParamSchema, response: { 200: changeRequestSchema } } },
    async (request): Promise<ChangeRequest> => {
      const { id } = request.params;
      return getChangeRequest(ctx, id);
    },
  );

  app.post(
    path,
    { schema: { body: changeRequestCreateSchema, response: { 201: changeRequestSchema } } },
    async (request, reply): Promise<ChangeRequest> => {
      const input = request.body;
      const created = await requestChange(deps, requireActor(request), input);
      reply.status(201);
      return created;
    },
  );

  const decisionSchema = { schema: { params: idParamSchema, body: changeRequestDecisionSchema, response: { 200: changeRequestSchema } } };
  const decision = (request: { params: { id: number }; body: z.output<typeof changeRequestDecisionSchema> }) => ({
    id: request.params.id,
    input: request.body,
  });
  app.post(`${path}/:id/approve`, decisionSchema, async (request): Promise<ChangeRequest> => {
    const { id, input } = decision(request);
    return approveChange(deps, requireActor(request), id, input);
  });
  app.post(`${path}/:id/reject`, decisionSchema, async (request): Promise<ChangeRequest> => {
    const { id, input } = decision(request);
    return rejectChange(deps, requireActor(request), id, input);
  });
  app.post(`${path}/:id/cancel`, decisionSchema, async (request): Promise<ChangeRequest> => {
    const { id, input } = decision(request);
    return cancelChange(deps, requireActor(request), id, input);
  });
}
