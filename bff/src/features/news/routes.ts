import type { FastifyInstance } from 'fastify';
import {
  NEWS_SORTS,
  idParamSchema,
  newsCreateSchema,
  newsQuerySchema,
  newsUpdateSchema,
  versionQuerySchema,
  type NewsItem,
  type Page,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { boundedExport, sendCsv, toCsv } from '../../http/csv';
import { notFound } from '../../http/errors';
import { requireActor } from '../../http/auth';
import { parseInput, parseSort } from '../../http/validate';
import { mutate } from '../actionLogs/write';
import { exportNews, findNews, listNews, toNewsItem } from './repository';
import { createNews, removeNews, saveNews } from './service';

/** Information (in-game news). The body is markdown, stored and returned as typed. */
export async function registerNewsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const parseListQuery = (raw: unknown) => {
    const query = parseInput(newsQuerySchema, raw);
    return { query, sort: parseSort(query.sort, NEWS_SORTS) };
  };

  app.get('/news', async (request): Promise<Page<NewsItem>> => {
    const { query, sort } = parseListQuery(request.query);
    const { items, total } = await listNews(ctx.db, query, sort, ctx.now());
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  app.get('/news/export.csv', async (request, reply) => {
    const { query, sort } = parseListQuery(request.query);
    const now = ctx.now();
    const { rows, truncated } = await boundedExport((limit) => exportNews(ctx.db, query, sort, now, limit));
    const csv = toCsv(
      ['id', 'title', 'category', 'status', 'publishStart', 'publishEnd', 'pinned', 'body', 'version', 'updatedAt', 'updatedBy'],
      rows.map((r) => [
        r.id,
        r.title,
        r.category,
        r.status,
        r.publishStart,
        r.publishEnd,
        r.pinned,
        r.body,
        r.version,
        r.updatedAt,
        r.updatedBy,
      ]),
    );
    return sendCsv(reply, 'news.csv', csv, truncated);
  });

  app.get('/news/:id', async (request): Promise<NewsItem> => {
    const { id } = parseInput(idParamSchema, request.params);
    const row = await findNews(ctx.db, id);
    if (!row) throw notFound('This news item does not exist');
    return toNewsItem(row, ctx.now());
  });

  app.post('/news', async (request, reply): Promise<NewsItem> => {
    const input = parseInput(newsCreateSchema, request.body);
    const actor = requireActor(request);
    const created = await mutate(ctx, actor, (trx, now) => createNews(trx, input, actor.email, now));
    reply.status(201);
    return created;
  });

  app.put('/news/:id', async (request): Promise<NewsItem> => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(newsUpdateSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => saveNews(trx, id, input, actor.email, now));
  });

  app.delete('/news/:id', async (request): Promise<{ ok: true }> => {
    const { id } = parseInput(idParamSchema, request.params);
    const { version } = parseInput(versionQuerySchema, request.query);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => removeNews(trx, id, version, now));
  });
}
