import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACTION_LOG_PATHS,
  ACTION_LOG_SORTS,
  actionLogVerificationSchema,
  type ActionLogVerification,
  actionLogQuerySchema,
  actionLogSchema,
  idParamSchema,
  type ActionLogQuery,
  type Page,
  type ActionLog,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { csvChunks, EXPORT_BATCH_SIZE, sendCsvStream } from '@phoenix/server/http';
import { notFound } from '@phoenix/server/http';
import { csvResponse, pageSchema } from '@phoenix/server/http';
import { parseSort } from '@phoenix/server/http';
import { serverTables } from '@phoenix/server';
import { verifyActionLog } from '@phoenix/server/db';
import { exportActionLogs, findActionLog, listActionLogs } from './repository';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'admins';

/** Read-only: the log is written by `mutate` / `writeActionLog`, never through the API. */
export async function registerActionLogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The schema fills in `order`'s default: whether the URL named one is read from the URL itself.
  const parseQuery = (request: FastifyRequest) => {
    const query = request.query as ActionLogQuery;
    const sort = parseSort(query.sort, ACTION_LOG_SORTS);
    const orderGiven = new URLSearchParams(request.url.split('?')[1] ?? '').has('order');
    return { query, sort, orderGiven };
  };

  const listSchema = { querystring: actionLogQuerySchema, response: { 200: pageSchema(actionLogSchema) } };
  app.get('/action-logs', { schema: listSchema }, async (request): Promise<Page<ActionLog>> => {
    const { query, sort, orderGiven } = parseQuery(request);
    const { items, total, totalCapped } = await listActionLogs(ctx.db, query, sort, orderGiven);
    return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
  });

  app.get(
    '/action-logs/export.csv',
    { schema: { querystring: actionLogQuerySchema, response: { 200: csvResponse } } },
    async (request, reply) => {
      const { query, sort, orderGiven } = parseQuery(request);
      const header = ['id', 'createdAt', 'adminEmail', 'action', 'targetType', 'targetId', 'before', 'after'];
      const batches = exportActionLogs(ctx.db, query, sort, orderGiven, EXPORT_BATCH_SIZE);
      const chunks = csvChunks(header, batches, (r: ActionLog) => [
        r.id,
        r.createdAt,
        r.adminEmail,
        r.action,
        r.targetType,
        r.targetId,
        r.before === null ? '' : JSON.stringify(r.before),
        r.after === null ? '' : JSON.stringify(r.after),
      ]);
      return sendCsvStream(reply, 'action-logs.csv', chunks);
    },
  );

  // Reads only, but a pass over the whole table: a POST (never cached, never crawled), allowed to readers.
  app.post(
    ACTION_LOG_PATHS.verification,
    { schema: { response: { 200: actionLogVerificationSchema } }, config: { action: 'read' } },
    async (): Promise<ActionLogVerification> => ({
      chains: await verifyActionLog(serverTables(ctx.db)),
      checkedAt: ctx.now().toISOString(),
    }),
  );

  app.get(
    '/action-logs/:id',
    { schema: { params: idParamSchema, response: { 200: actionLogSchema } } },
    async (request): Promise<ActionLog> => {
      const { id } = request.params;
      const log = await findActionLog(ctx.db, id);
      if (!log) throw notFound('This action log entry does not exist');
      return log;
    },
  );
}

export default registerActionLogRoutes;
