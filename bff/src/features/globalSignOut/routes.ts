import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import {
  GLOBAL_SIGN_OUT_PATH,
  globalSignOutRunRecordSchema,
  globalSignOutRunSchema,
  globalSignOutSummarySchema,
  listQuerySchema,
  type GlobalSignOutRun,
  type GlobalSignOutSummary,
  type Page,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { mutate } from '@phoenix/server/db';
import { requireActor } from '@phoenix/server/http';
import { pageOf } from '@phoenix/server/http';
import { pageSchema } from '@phoenix/server/http';
import { listRuns, run, summary } from './repository';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'operations';

const runsQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

/** GET /global-sign-out (counts now), GET /global-sign-out/runs (newest first), POST /global-sign-out (one run). */
export default function registerGlobalSignOutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const summarySchema = { response: { 200: globalSignOutSummarySchema } };
  app.get(GLOBAL_SIGN_OUT_PATH, { schema: summarySchema }, async (): Promise<GlobalSignOutSummary> => summary(ctx.db, ctx.now()));

  const runsSchema = { querystring: runsQuerySchema, response: { 200: pageSchema(globalSignOutRunRecordSchema) } };
  app.get(`${GLOBAL_SIGN_OUT_PATH}/runs`, { schema: runsSchema }, async (request): Promise<Page<GlobalSignOutRun>> => {
    const query = request.query;
    return pageOf(query, await listRuns(ctx.db, query));
  });

  const runSchema = { body: globalSignOutRunSchema, response: { 200: globalSignOutRunRecordSchema } };
  app.post(GLOBAL_SIGN_OUT_PATH, { schema: runSchema }, async (request): Promise<GlobalSignOutRun> => {
    const input = request.body;
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => run(trx, input, actor.email, now));
  });
}
