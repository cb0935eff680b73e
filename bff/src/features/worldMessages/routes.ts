import type { FastifyInstance } from 'fastify';
import {
  WORLD_MESSAGE_SORTS,
  idParamSchema,
  worldMessageCancelSchema,
  worldMessageCreateSchema,
  worldMessageQuerySchema,
  worldMessageUpdateSchema,
  type Page,
  type WorldMessage,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { boundedExport, sendCsv, toCsv } from '../../http/csv';
import { notFound } from '../../http/errors';
import { requireActor } from '../../http/auth';
import { parseInput, parseSort } from '../../http/validate';
import { mutate } from '../actionLogs/write';
import { exportWorldMessages, findWorldMessage, listWorldMessages, toWorldMessage } from './repository';
import { cancelScheduledWorldMessage, createWorldMessage, saveWorldMessage } from './service';

/** World messages: broadcasts with a display window; the state is derived from it. */
export async function registerWorldMessageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const parseListQuery = (raw: unknown) => {
    const query = parseInput(worldMessageQuerySchema, raw);
    return { query, sort: parseSort(query.sort, WORLD_MESSAGE_SORTS) };
  };

  app.get('/world-messages', async (request): Promise<Page<WorldMessage>> => {
    const { query, sort } = parseListQuery(request.query);
    const { items, total } = await listWorldMessages(ctx.db, query, sort, ctx.now());
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  app.get('/world-messages/export.csv', async (request, reply) => {
    const { query, sort } = parseListQuery(request.query);
    const now = ctx.now();
    const { rows, truncated } = await boundedExport((limit) => exportWorldMessages(ctx.db, query, sort, now, limit));
    const csv = toCsv(
      ['id', 'message', 'severity', 'state', 'displayStart', 'displayEnd', 'cancelledAt', 'cancelledBy', 'createdAt', 'updatedBy'],
      rows.map((r) => [
        r.id,
        r.message,
        r.severity,
        r.state,
        r.displayStart,
        r.displayEnd,
        r.cancelledAt,
        r.cancelledBy,
        r.createdAt,
        r.updatedBy,
      ]),
    );
    return sendCsv(reply, 'world-messages.csv', csv, truncated);
  });

  app.get('/world-messages/:id', async (request): Promise<WorldMessage> => {
    const { id } = parseInput(idParamSchema, request.params);
    const row = await findWorldMessage(ctx.db, id);
    if (!row) throw notFound('This world message does not exist');
    return toWorldMessage(row, ctx.now());
  });

  app.post('/world-messages', async (request, reply): Promise<WorldMessage> => {
    const input = parseInput(worldMessageCreateSchema, request.body);
    const actor = requireActor(request);
    const created = await mutate(ctx, actor, (trx, now) => createWorldMessage(trx, input, actor.email, now));
    reply.status(201);
    return created;
  });

  app.put('/world-messages/:id', async (request): Promise<WorldMessage> => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(worldMessageUpdateSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => saveWorldMessage(trx, id, input, actor.email, now));
  });

  app.post('/world-messages/:id/cancel', async (request): Promise<WorldMessage> => {
    const { id } = parseInput(idParamSchema, request.params);
    const { version } = parseInput(worldMessageCancelSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => cancelScheduledWorldMessage(trx, id, version, actor.email, now));
  });
}
