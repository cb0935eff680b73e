import type { FastifyInstance } from 'fastify';
import {
  GLOBAL_SIGN_OUT_PATH,
  globalSignOutRunSchema,
  listQuerySchema,
  type GlobalSignOutRun,
  type GlobalSignOutSummary,
  type Page,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { mutate } from '@phoenix/server/db';
import { requireActor, pageOf, parseInput } from '@phoenix/server/http';
import { listRuns, run, summary } from './repository';

const runsQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

/** GET /global-sign-out (counts now), GET /global-sign-out/runs (newest first), POST /global-sign-out (one run). */
export default function registerGlobalSignOutRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(GLOBAL_SIGN_OUT_PATH, async (): Promise<GlobalSignOutSummary> => summary(ctx.db, ctx.now()));

  app.get(`${GLOBAL_SIGN_OUT_PATH}/runs`, async (request): Promise<Page<GlobalSignOutRun>> => {
    const query = parseInput(runsQuerySchema, request.query);
    return pageOf(query, await listRuns(ctx.db, query));
  });

  app.post(GLOBAL_SIGN_OUT_PATH, async (request): Promise<GlobalSignOutRun> => {
    const input = parseInput(globalSignOutRunSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => run(trx, input, actor.email, now));
  });
}
