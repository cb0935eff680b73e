import type { FastifyInstance } from 'fastify';
import {
  CONSTANT_VARIABLE_SORTS,
  constantVariableCreateSchema,
  constantVariableUpdateSchema,
  idParamSchema,
  listQuerySchema,
  versionQuerySchema,
  type ConstantVariable,
  type Page,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { boundedExport, sendCsv, toCsv } from '../../http/csv';
import { notFound } from '../../http/errors';
import { requireActor } from '../../http/auth';
import { parseInput, parseSort } from '../../http/validate';
import { mutate } from '../actionLogs/write';
import { exportConstantVariables, findConstantVariable, listConstantVariables, toConstantVariable } from './repository';
import { createConstantVariable, removeConstantVariable, saveConstantVariable } from './service';

/**
 * The reference CRUD feature. A new feature copies this file, repository.ts and service.ts:
 * parse input with the contract's schema → run the change in `mutate` (transaction + action log)
 * → return the API shape. Auth is not mentioned here: the guard covers every route by default.
 */
export async function registerConstantVariableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const parseListQuery = (raw: unknown) => {
    const query = parseInput(listQuerySchema, raw);
    return { query, sort: parseSort(query.sort, CONSTANT_VARIABLE_SORTS) };
  };

  app.get('/constant-variables', async (request): Promise<Page<ConstantVariable>> => {
    const { query, sort } = parseListQuery(request.query);
    const { items, total } = await listConstantVariables(ctx.db, query, sort);
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  app.get('/constant-variables/export.csv', async (request, reply) => {
    const { query, sort } = parseListQuery(request.query);
    const { rows, truncated } = await boundedExport((limit) => exportConstantVariables(ctx.db, query, sort, limit));
    const csv = toCsv(
      ['id', 'key', 'type', 'value', 'description', 'version', 'updatedAt', 'updatedBy'],
      rows.map((r) => [r.id, r.key, r.type, r.value, r.description, r.version, r.updatedAt, r.updatedBy]),
    );
    return sendCsv(reply, 'constant-variables.csv', csv, truncated);
  });

  app.get('/constant-variables/:id', async (request): Promise<ConstantVariable> => {
    const { id } = parseInput(idParamSchema, request.params);
    const row = await findConstantVariable(ctx.db, id);
    if (!row) throw notFound('This constant variable does not exist');
    return toConstantVariable(row);
  });

  app.post('/constant-variables', async (request, reply): Promise<ConstantVariable> => {
    const input = parseInput(constantVariableCreateSchema, request.body);
    const actor = requireActor(request);
    const created = await mutate(ctx, actor, (trx, now) => createConstantVariable(trx, input, actor.email, now));
    reply.status(201);
    return created;
  });

  app.put('/constant-variables/:id', async (request): Promise<ConstantVariable> => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(constantVariableUpdateSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => saveConstantVariable(trx, id, input, actor.email, now));
  });

  app.delete('/constant-variables/:id', async (request): Promise<{ ok: true }> => {
    const { id } = parseInput(idParamSchema, request.params);
    const { version } = parseInput(versionQuerySchema, request.query);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx) => removeConstantVariable(trx, id, version));
  });
}
