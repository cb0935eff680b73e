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
import { requireActor } from './auth';
import { pageOf } from './paging';
import { parseInput } from './validate';

const historyQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });
const versionParamSchema = z.object({ version: z.coerce.number().pipe(versionSchema) });
/** POST …/history/:version/restore: the version of the document the admin saw (409 when stale). */
const restoreBodySchema = z.object({ version: versionSchema });

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
  const { path, schemas } = document.definition;
  await document.ensure(ctx.db);

  app.get(path, async (): Promise<RecordOf<D>> => document.get(ctx.db));

  app.put(path, { ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}) }, async (request): Promise<RecordOf<D>> => {
    const input: UpdateOf<D> = parseInput(schemas.update, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => document.save(trx, input, actor.email, now, options.afterWrite));
  });

  app.get(`${path}/history`, async (request): Promise<Page<DocumentVersion<RecordOf<D>>>> => {
    const query = parseInput(historyQuerySchema, request.query);
    return pageOf(query, await document.history(ctx.db, query));
  });

  app.get(`${path}/history/:version`, async (request): Promise<DocumentVersion<RecordOf<D>>> => {
    const { version } = parseInput(versionParamSchema, request.params);
    return document.version(ctx.db, version);
  });

  app.post(`${path}/history/:version/restore`, async (request): Promise<RecordOf<D>> => {
    const { version: from } = parseInput(versionParamSchema, request.params);
    const { version } = parseInput(restoreBodySchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => document.restore(trx, from, version, actor.email, now, options.afterWrite));
  });
}
