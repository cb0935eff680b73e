import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { idParamSchema, versionQuerySchema, type ListQuery, type Page } from '@phoenix/contract';
import type { Actor, AppContext } from '../context';
import type { Database } from '../db/schema';
import type { VersionedResource, VersionedTable } from '../db/versionedResource';
import { mutate, type Outcome } from '../features/actionLogs/write';
import { requireActor } from './auth';
import { csvChunks, EXPORT_BATCH_SIZE, sendCsvStream, type Cell } from './csv';
import { parseInput, parseSort } from './validate';

export interface ResourceRoutes<
  T extends VersionedTable,
  Api extends { id: number },
  Create,
  Update extends { version: number },
  Q extends ListQuery,
  Sorts extends readonly string[],
> {
  /** e.g. '/news': GET list, GET /export.csv, GET /:id, POST, PUT /:id, DELETE /:id?version= */
  path: string;
  resource: VersionedResource<T, Api, Create, Update, Q, Sorts>;
  /** The contract's schemas of the list query, the POST body and the PUT body. */
  schemas: { query: z.ZodType<Q>; create: z.ZodType<Create>; update: z.ZodType<Update> };
  /** The export: file name and columns (API field names, also the header). */
  csv: { filename: string; columns: readonly (keyof Api & string)[] };
  /** false: no DELETE route (e.g. world messages are cancelled, never deleted). */
  remove?: boolean;
}

/**
 * The standard routes of a versioned resource. Auth is not mentioned: the guard (http/auth.ts)
 * makes every route role-2-only by default. Every change runs in `mutate`: one transaction for
 * the change and its action-log row.
 */
export function registerResourceRoutes<
  T extends VersionedTable,
  Api extends { id: number },
  Create,
  Update extends { version: number },
  Q extends ListQuery,
  Sorts extends readonly string[],
>(app: FastifyInstance, ctx: AppContext, routes: ResourceRoutes<T, Api, Create, Update, Q, Sorts>): void {
  const { path, resource, schemas, csv } = routes;
  const parseListQuery = (raw: unknown) => {
    const query = parseInput(schemas.query, raw);
    return { query, sort: parseSort(query.sort, resource.sorts) };
  };

  app.get(path, async (request): Promise<Page<Api>> => {
    const { query, sort } = parseListQuery(request.query);
    const { items, total, totalCapped } = await resource.list(ctx.db, query, sort, ctx.now());
    return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
  });

  app.get(`${path}/export.csv`, async (request, reply) => {
    const { query, sort } = parseListQuery(request.query);
    const batches = resource.exportBatches(ctx.db, query, sort, ctx.now(), EXPORT_BATCH_SIZE);
    const chunks = csvChunks(csv.columns, batches, (row: Api) => csv.columns.map((column) => row[column] as Cell));
    return sendCsvStream(reply, csv.filename, chunks);
  });

  app.get(`${path}/:id`, async (request): Promise<Api> => {
    const { id } = parseInput(idParamSchema, request.params);
    return resource.get(ctx.db, id, ctx.now());
  });

  app.post(path, async (request, reply): Promise<Api> => {
    const input = parseInput(schemas.create, request.body);
    const actor = requireActor(request);
    const created = await mutate(ctx, actor, (trx, now) => resource.create(trx, input, actor.email, now));
    reply.status(201);
    return created;
  });

  app.put(
    `${path}/:id`,
    versionedChange(ctx, schemas.update, (trx, id, input, actor, now) => resource.update(trx, id, input, actor.email, now)),
  );

  if (routes.remove ?? true) {
    app.delete(`${path}/:id`, async (request): Promise<{ ok: true }> => {
      const { id } = parseInput(idParamSchema, request.params);
      const { version } = parseInput(versionQuerySchema, request.query);
      const actor = requireActor(request);
      return mutate(ctx, actor, (trx, now) => resource.remove(trx, id, version, now));
    });
  }
}

/**
 * Handler of a change to one record (`/:id` in the URL, a body with its `version`): parses the id
 * and the body, then runs `work` in `mutate`. For the extra routes of a feature (toggle, cancel...).
 */
export function versionedChange<B, R>(
  ctx: AppContext,
  bodySchema: z.ZodType<B>,
  work: (trx: Transaction<Database>, id: number, input: B, actor: Actor, now: Date) => Promise<Outcome<R>>,
) {
  return async (request: FastifyRequest): Promise<R> => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(bodySchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => work(trx, id, input, actor, now));
  };
}
