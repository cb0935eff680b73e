import type { FastifyInstance } from 'fastify';
import {
  FLAG_SORTS,
  flagCreateSchema,
  flagQuerySchema,
  flagToggleSchema,
  flagUpdateSchema,
  idParamSchema,
  versionQuerySchema,
  type ActiveFlag,
  type Page,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { boundedExport, sendCsv, toCsv } from '../../http/csv';
import { notFound } from '../../http/errors';
import { requireActor } from '../../http/auth';
import { parseInput, parseSort } from '../../http/validate';
import { mutate } from '../actionLogs/write';
import { exportActiveFlags, findActiveFlag, listActiveFlags, toActiveFlag } from './repository';
import { createActiveFlag, removeActiveFlag, saveActiveFlag, toggleActiveFlag } from './service';

/** Active flags (feature flags). */
export async function registerActiveFlagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const parseListQuery = (raw: unknown) => {
    const query = parseInput(flagQuerySchema, raw);
    return { query, sort: parseSort(query.sort, FLAG_SORTS) };
  };

  app.get('/active-flags', async (request): Promise<Page<ActiveFlag>> => {
    const { query, sort } = parseListQuery(request.query);
    const { items, total } = await listActiveFlags(ctx.db, query, sort);
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  app.get('/active-flags/export.csv', async (request, reply) => {
    const { query, sort } = parseListQuery(request.query);
    const { rows, truncated } = await boundedExport((limit) => exportActiveFlags(ctx.db, query, sort, limit));
    const csv = toCsv(
      ['id', 'key', 'enabled', 'description', 'version', 'updatedAt', 'updatedBy'],
      rows.map((r) => [r.id, r.key, r.enabled, r.description, r.version, r.updatedAt, r.updatedBy]),
    );
    return sendCsv(reply, 'active-flags.csv', csv, truncated);
  });

  app.get('/active-flags/:id', async (request): Promise<ActiveFlag> => {
    const { id } = parseInput(idParamSchema, request.params);
    const row = await findActiveFlag(ctx.db, id);
    if (!row) throw notFound('This flag does not exist');
    return toActiveFlag(row);
  });

  app.post('/active-flags', async (request, reply): Promise<ActiveFlag> => {
    const input = parseInput(flagCreateSchema, request.body);
    const actor = requireActor(request);
    const created = await mutate(ctx, actor, (trx, now) => createActiveFlag(trx, input, actor.email, now));
    reply.status(201);
    return created;
  });

  app.put('/active-flags/:id', async (request): Promise<ActiveFlag> => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(flagUpdateSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => saveActiveFlag(trx, id, input, actor.email, now));
  });

  app.patch('/active-flags/:id/enabled', async (request): Promise<ActiveFlag> => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(flagToggleSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => toggleActiveFlag(trx, id, input, actor.email, now));
  });

  app.delete('/active-flags/:id', async (request): Promise<{ ok: true }> => {
    const { id } = parseInput(idParamSchema, request.params);
    const { version } = parseInput(versionQuerySchema, request.query);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx) => removeActiveFlag(trx, id, version));
  });
}
