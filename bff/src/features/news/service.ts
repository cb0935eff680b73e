import type { Transaction } from 'kysely';
import type { NewsCreate, NewsItem, NewsUpdate } from '@phoenix/contract';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { ActionLogEntry } from '../actionLogs/write';
import { deleteNews, insertNews, lockNews, toNewsItem, updateNews } from './repository';

/** Mutations, each run inside `mutate` (one transaction with its action-log row). */
type Outcome<T> = { result: T; log: ActionLogEntry };

const TARGET = 'news';
const gone = () => notFound('This news item no longer exists');

export async function createNews(
  trx: Transaction<Database>,
  input: NewsCreate,
  by: string,
  now: Date,
): Promise<Outcome<NewsItem>> {
  const after = toNewsItem(await insertNews(trx, input, by, now), now);
  return { result: after, log: { action: `${TARGET}.create`, targetType: TARGET, targetId: after.id, before: null, after } };
}

export async function saveNews(
  trx: Transaction<Database>,
  id: number,
  input: NewsUpdate,
  by: string,
  now: Date,
): Promise<Outcome<NewsItem>> {
  const row = await lockNews(trx, id);
  if (!row) throw gone();
  const before = toNewsItem(row, now);
  if (row.version !== input.version) throw conflict(before);
  const after = toNewsItem(await updateNews(trx, id, input, by, now), now);
  return { result: after, log: { action: `${TARGET}.update`, targetType: TARGET, targetId: id, before, after } };
}

export async function removeNews(
  trx: Transaction<Database>,
  id: number,
  version: number,
  now: Date,
): Promise<Outcome<{ ok: true }>> {
  const row = await lockNews(trx, id);
  if (!row) throw gone();
  const before = toNewsItem(row, now);
  if (row.version !== version) throw conflict(before);
  await deleteNews(trx, id);
  return { result: { ok: true }, log: { action: `${TARGET}.delete`, targetType: TARGET, targetId: id, before, after: null } };
}
