import type { Kysely, Transaction } from 'kysely';
import { NEWS_SORTS, type NewsCreate, type NewsItem, type NewsQuery, type NewsStatus } from '@phoenix/contract';
import type { Database, NewsRow } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { likeEscape } from '../../http/validate';

export type NewsSort = (typeof NEWS_SORTS)[number];

const sortKeys = {
  title: sortKey('title', 'text'),
  category: sortKey('category', 'plain'),
  publishStart: sortKey('publish_start', 'plain'),
  publishEnd: sortKey('publish_end', 'plain'),
  pinned: sortKey('pinned', 'plain'),
  updatedAt: sortKey('updated_at', 'plain'),
} satisfies Record<NewsSort, unknown>;

/** The same rule as the SQL filter below. */
export function newsStatusAt(row: Pick<NewsRow, 'publish_start' | 'publish_end'>, now: Date): NewsStatus {
  if (now < row.publish_start) return 'scheduled';
  if (row.publish_end && row.publish_end <= now) return 'expired';
  return 'published';
}

/** Row → API shape (status as of `now`). Also what the action log stores as before/after. */
export function toNewsItem(row: NewsRow, now: Date): NewsItem {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    category: row.category,
    publishStart: row.publish_start.toISOString(),
    publishEnd: row.publish_end ? row.publish_end.toISOString() : null,
    pinned: row.pinned,
    status: newsStatusAt(row, now),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

function filtered(db: Kysely<Database>, query: NewsQuery, now: Date) {
  let qb = db.selectFrom('news');
  const q = query.q?.trim();
  if (q) {
    const like = `%${likeEscape(q)}%`;
    qb = qb.where((eb) => eb.or([eb('title', 'ilike', like), eb('body', 'ilike', like)]));
  }
  if (query.category) qb = qb.where('category', '=', query.category);
  switch (query.status) {
    case 'scheduled':
      qb = qb.where('publish_start', '>', now);
      break;
    case 'published':
      qb = qb
        .where('publish_start', '<=', now)
        .where((eb) => eb.or([eb('publish_end', 'is', null), eb('publish_end', '>', now)]));
      break;
    case 'expired':
      qb = qb.where('publish_end', '<=', now);
      break;
  }
  return qb;
}

/** Without a sort: pinned first, then the newest publish start. */
function ordered(db: Kysely<Database>, query: NewsQuery, sort: NewsSort | undefined, now: Date) {
  const qb = filtered(db, query, now).selectAll();
  if (!sort) return qb.orderBy('pinned', 'desc').orderBy('publish_start', 'desc').orderBy('id', 'desc');
  return qb.orderBy(sortKeys[sort], query.order).orderBy('id', query.order);
}

export async function listNews(
  db: Kysely<Database>,
  query: NewsQuery,
  sort: NewsSort | undefined,
  now: Date,
): Promise<{ items: NewsItem[]; total: number }> {
  const count = await filtered(db, query, now)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await ordered(db, query, sort, now)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { items: rows.map((row) => toNewsItem(row, now)), total: Number(count.total) };
}

export async function exportNews(
  db: Kysely<Database>,
  query: NewsQuery,
  sort: NewsSort | undefined,
  now: Date,
  maxRows: number,
): Promise<NewsItem[]> {
  const rows = await ordered(db, query, sort, now).limit(maxRows).execute();
  return rows.map((row) => toNewsItem(row, now));
}

export async function findNews(db: Kysely<Database>, id: number): Promise<NewsRow | undefined> {
  return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockNews(trx: Transaction<Database>, id: number): Promise<NewsRow | undefined> {
  return trx.selectFrom('news').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertNews(trx: Transaction<Database>, input: NewsCreate, by: string, now: Date): Promise<NewsRow> {
  return trx
    .insertInto('news')
    .values({
      title: input.title,
      body: input.body,
      category: input.category,
      publish_start: input.publishStart,
      publish_end: input.publishEnd,
      pinned: input.pinned,
      version: 1,
      created_at: now,
      updated_at: now,
      updated_by: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateNews(
  trx: Transaction<Database>,
  id: number,
  input: NewsCreate,
  by: string,
  now: Date,
): Promise<NewsRow> {
  return trx
    .updateTable('news')
    .set((eb) => ({
      title: input.title,
      body: input.body,
      category: input.category,
      publish_start: input.publishStart,
      publish_end: input.publishEnd,
      pinned: input.pinned,
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: by,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteNews(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('news').where('id', '=', id).execute();
}
