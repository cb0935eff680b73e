import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import {
  idParamSchema,
  versionQuerySchema,
  type AnyResource,
  type CreateOf,
  type Page,
  type QueryOf,
  type RecordOf,
  type UpdateOf,
} from '@phoenix/contract';
import type { Actor, ServerContext } from '../context';
import type { ServerDatabase } from '../db/schema';
import type { VersionedResource } from '../db/versionedResource';
import { mutate, type Outcome } from '../db/mutate';
import { requireActor, withPermissionScopeSync } from './auth';
import { csvChunks, EXPORT_BATCH_SIZE, sendCsvStream, type Cell } from './csv';
import { pageOf } from './paging';
import { csvResponse, docOf, okSchema, pageSchema } from './openapi';
import { parseSort } from './validate';

/**
 * The standard routes of a resource, all read from its contract definition (path, schemas, csv,
 * remove): GET <path>, GET <path>/export.csv, GET <path>/:id, POST <path> and PUT <path>/:id (unless
 * `writable: false`) and,
 * unless `remove: false`, DELETE <path>/:id?version=. Auth is not mentioned: the guard
 * (http/auth.ts) makes every route role-2-only by default. Every change runs in `mutate`: one
 * transaction for the change and its action-log row.
 */
export function registerResourceRoutes<D extends AnyResource>(
  app: FastifyInstance,
  ctx: ServerContext<any>,
  resource: VersionedResource<D, any, any>,
): void {
  // Every route of the resource needs its scope (the contract's, which the console reads too).
  withPermissionScopeSync(app, resource.definition.scope, () => registerAllRoutes(app, ctx, resource));
}

function registerAllRoutes<D extends AnyResource>(
  app: FastifyInstance,
  ctx: ServerContext<any>,
  resource: VersionedResource<D, any, any>,
): void {
  const { path, schemas, noun } = resource.definition;
  registerReadRoutes(app, ctx, resource);

  if (resource.definition.writable) {
    app.post(
      path,
      { schema: { body: schemas.create, response: { 201: schemas.record } }, config: docOf(`Create a ${noun}`) },
      async (request, reply): Promise<RecordOf<D>> => {
        const input = request.body as CreateOf<D>;
        const actor = requireActor(request);
        const created = await mutate(ctx, actor, (trx, now) => resource.create(trx, input, actor.email, now));
        reply.status(201);
        return created;
      },
    );

    app.put(`${path}/:id`, {
      ...versionedChange(
        ctx,
        schemas.update as z.ZodType<UpdateOf<D>>,
        (trx, id, input, actor, now) => resource.update(trx, id, input, actor.email, now),
        schemas.record,
      ),
      config: docOf(`Update a ${noun} (its version: 409 when stale)`),
    });
  }

  if (resource.definition.remove) {
    const schema = { params: idParamSchema, querystring: versionQuerySchema, response: { 200: okSchema } };
    app.delete(
      `${path}/:id`,
      { schema, config: docOf(`Delete a ${noun} (its version: 409 when stale)`) },
      async (request): Promise<{ ok: true }> => {
        const { id } = request.params;
        const { version } = request.query;
        const actor = requireActor(request);
        return mutate(ctx, actor, (trx, now) => resource.remove(trx, id, version, now));
      },
    );
  }
}

/**
 * The read routes alone: GET <path> (list), GET <path>/export.csv, GET <path>/:id. For a resource
 * whose changes are not the generic create / update (admin accounts: a one-time password).
 */
export function registerReadRoutes<D extends AnyResource>(
  app: FastifyInstance,
  ctx: ServerContext<any>,
  resource: VersionedResource<D, any, any>,
): void {
  withPermissionScopeSync(app, resource.definition.scope, () => registerListRoutes(app, ctx, resource));
}

function registerListRoutes<D extends AnyResource>(
  app: FastifyInstance,
  ctx: ServerContext<any>,
  resource: VersionedResource<D, any, any>,
): void {
  const { path, schemas, csv, noun, plural } = resource.definition;
  const parseListQuery = (raw: unknown) => {
    const query = raw as QueryOf<D>;
    return { query, sort: parseSort(query.sort, resource.sorts) };
  };

  const listSchema = { querystring: schemas.query, response: { 200: pageSchema(schemas.record) } };
  app.get(path, { schema: listSchema, config: docOf(`List ${plural}`) }, async (request): Promise<Page<RecordOf<D>>> => {
    const { query, sort } = parseListQuery(request.query);
    return pageOf(query, await resource.list(ctx.db, query, sort, ctx.now()));
  });

  const exportSchema = { querystring: schemas.query, response: { 200: csvResponse } };
  app.get(
    `${path}/export.csv`,
    { schema: exportSchema, config: docOf(`Export ${plural} as CSV (the list's filters)`) },
    async (request, reply) => {
      const { query, sort } = parseListQuery(request.query);
      const columns: readonly string[] = csv.columns;
      const batches = resource.exportBatches(ctx.db, query, sort, ctx.now(), EXPORT_BATCH_SIZE);
      const chunks = csvChunks(columns, batches, (row) => columns.map((column) => (row as Record<string, Cell>)[column]));
      return sendCsvStream(reply, csv.filename, chunks);
    },
  );

  app.get(
    `${path}/:id`,
    { schema: { params: idParamSchema, response: { 200: schemas.record } }, config: docOf(`Get a ${noun}`) },
    async (request): Promise<RecordOf<D>> => {
      const { id } = request.params;
      return resource.get(ctx.db, id, ctx.now());
    },
  );
}

/**
 * Route of a change to one record (`/:id` in the URL, a body with its `version`): its schemas (the
 * id, the body, the answer when given) and a handler that runs `work` in `mutate`. For the extra
 * routes of a feature (toggle, cancel...): `app.post(url, versionedChange(...))`.
 */
export function versionedChange<B, R, DB extends ServerDatabase>(
  ctx: ServerContext<DB>,
  bodySchema: z.ZodType<B>,
  work: (trx: Transaction<DB>, id: number, input: B, actor: Actor, now: Date) => Promise<Outcome<R>>,
  response?: z.ZodType<R>,
) {
  return {
    schema: { params: idParamSchema, body: bodySchema, ...(response ? { response: { 200: response } } : {}) },
    handler: async (request: FastifyRequest): Promise<R> => {
      const { id } = request.params as z.output<typeof idParamSchema>;
      const input = request.body as B;
      const actor = requireActor(request);
      return mutate(ctx, actor, (trx, now) => work(trx, id, input, actor, now));
    },
  };
}
