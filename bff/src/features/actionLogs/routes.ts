import type { FastifyInstance } from 'fastify';
import { ACTION_LOG_SORTS, actionLogQuerySchema, idParamSchema, type Page, type ActionLog } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { csvChunks, EXPORT_BATCH_SIZE, sendCsvStream, notFound, parseInput, parseSort } from '@phoenix/server/http';
import { exportActionLogs, findActionLog, listActionLogs } from './repository';

/** Read-only: the log is written by `mutate` / `writeActionLog`, never through the API. */
export async function registerActionLogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const parseQuery = (raw: unknown) => {
    const query = parseInput(actionLogQuerySchema, raw);
    const sort = parseSort(query.sort, ACTION_LOG_SORTS);
    const orderGiven = typeof raw === 'object' && raw !== null && 'order' in raw;
    return { query, sort, orderGiven };
  };

  app.get('/action-logs', async (request): Promise<Page<ActionLog>> => {
    const { query, sort, orderGiven } = parseQuery(request.query);
    const { items, total, totalCapped } = await listActionLogs(ctx.db, query, sort, orderGiven);
    return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
  });

  app.get('/action-logs/export.csv', async (request, reply) => {
    const { query, sort, orderGiven } = parseQuery(request.query);
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
  });

  app.get('/action-logs/:id', async (request): Promise<ActionLog> => {
    const { id } = parseInput(idParamSchema, request.params);
    const log = await findActionLog(ctx.db, id);
    if (!log) throw notFound('This action log entry does not exist');
    return log;
  });
}

export default registerActionLogRoutes;
