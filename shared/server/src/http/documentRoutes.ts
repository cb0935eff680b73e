import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  listQuerySchema,
  versionSchema,
  type AnyDocument,
  type DocumentVersion,
  type Page,
  type RecordOf,
  type UpdateOf,
} from '@phoenix/contract';
import type { ServerContext } from '../context';
import { mutate } from '../db/mutate';
import type { AfterWrite, VersionedDocument } from '../db/versionedDocument';
import { requireActor, withPermissionScopeSync } from './auth';
import { pageOf } from './paging';
import { docOf, pageSchema } from './openapi';
import { derivedSchema } from './schemaNames';

const historyQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });
const versionParamSchema = z.object({ version: z.coerce.number().pipe(versionSchema) });
/** POST …/history/:version/restore: the version of the document the admin saw (409 when stale). */
const restoreBodySchema = z.object({ version: versionSchema });
/** One version of a document (the contract's DocumentVersion<T>) as a response schema. */
const documentVersionSchema = <T extends z.ZodType>(value: T) =>
  derivedSchema(versions, 'Version', value, () =>
    z.object({
      version: z.number().int(),
      savedAt: z.string(),
      savedBy: z.string().nullable(),
      restoredFrom: z.number().int().nullable(),
      value,
    }),
  );
const versions = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The routes of a versioned document at its contract path P: GET P, PUT P (409 when stale),
 * GET P/history?page=&pageSize= (newest first), GET P/history/:version, and
 * POST P/history/:version/restore { version } (a new version; 409 when stale). Role-2-only by the
 * guard; every change is logged in its transaction (`mutate`). `afterWrite` runs in the save's
 * and the restore's transaction.
 */
export async function registerDocumentRoutes<D extends AnyDocument>(
  app: FastifyInstance,
  ctx: ServerContext<any>,
  document: VersionedDocument<D, any, any>,
  options: { bodyLimit?: number; afterWrite?: AfterWrite<RecordOf<D>> } = {},
): Promise<void> {
  const { path, schemas, noun } = document.definition;
  await document.ensure(ctx.db);

  withPermissionScopeSync(app, document.definition.scope, () => {
    const versionRecord = documentVersionSchema(schemas.record);
    app.get(path, { schema: { response: { 200: schemas.record } }, config: docOf(`Get the ${noun}`) }, async (): Promise<RecordOf<D>> =>
      document.get(ctx.db),
    );

    const putSchema = { body: schemas.update, response: { 200: schemas.record } };
    app.put(
      path,
      {
        schema: putSchema,
        config: docOf(`Save the ${noun} (its version: 409 when stale)`),
        ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      },
      async (request): Promise<RecordOf<D>> => {
        const input = request.body as UpdateOf<D>;
        const actor = requireActor(request);
        return mutate(ctx, actor, (trx, now) => document.save(trx, input, actor.email, now, options.afterWrite));
      },
    );

    const historySchema = { querystring: historyQuerySchema, response: { 200: pageSchema(versionRecord) } };
    app.get(
      `${path}/history`,
      { schema: historySchema, config: docOf(`List the ${noun}'s versions (newest first)`) },
      async (request): Promise<Page<DocumentVersion<RecordOf<D>>>> => {
        const query = request.query;
        return pageOf(query, await document.history(ctx.db, query));
      },
    );

    const oneVersionSchema = { params: versionParamSchema, response: { 200: versionRecord } };
    app.get(
      `${path}/history/:version`,
      { schema: oneVersionSchema, config: docOf(`Get one version of the ${noun}`) },
      async (request): Promise<DocumentVersion<RecordOf<D>>> => {
        const { version } = request.params;
        return document.version(ctx.db, version);
      },
    );

    const restoreSchema = { params: versionParamSchema, body: restoreBodySchema, response: { 200: schemas.record } };
    app.post(
      `${path}/history/:version/restore`,
      { schema: restoreSchema, config: docOf(`Restore a version of the ${noun} (as a new version)`) },
      async (request): Promise<RecordOf<D>> => {
        const { version: from } = request.params;
        const { version } = request.body;
        const actor = requireActor(request);
        return mutate(ctx, actor, (trx, now) => document.restore(trx, from, version, actor.email, now, options.afterWrite));
      },
    );
  });
}
