import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { newsResource, type NewsItem, type NewsStatus } from '@phoenix/contract';
import type { AppContext } from '../../context';
import type { NewsRow } from '../../db/schema';
import { sortKey } from '@phoenix/server/db';
import { versionedResource } from '../../db/versioned';
import { registerResourceRoutes } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'content';

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

/**
 * News (route information). `status` (scheduled/published/expired) is derived from the window
 * and the clock, and filtered in SQL by the same rule as newsStatusAt. Without a sort: pinned
 * first, then the newest publish start. The body is markdown, stored and returned as typed.
 */
export const news = versionedResource(newsResource, {
  table: 'news',
  toApi: toNewsItem,
  toColumns: (input) => ({
    title: input.title,
    body: input.body,
    category: input.category,
    publish_start: input.publishStart,
    publish_end: input.publishEnd,
    pinned: input.pinned,
  }),
  sortKeys: {
    title: sortKey('title', 'text'),
    category: sortKey('category', 'plain'),
    publishStart: sortKey('publish_start', 'plain'),
    publishEnd: sortKey('publish_end', 'plain'),
    pinned: sortKey('pinned', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  defaultOrder: [
    ['pinned', 'desc'],
    ['publish_start', 'desc'],
    ['id', 'desc'],
  ],
  search: ['title', 'body'],
  filters: [
    (qb, query) => (query.category ? qb.where('category', '=', query.category) : qb),
    (qb, query, now) => {
      switch (query.status) {
        case 'scheduled':
          return qb.where('publish_start', '>', now);
        case 'published':
          return qb.where('publish_start', '<=', now).where((eb) => eb.or([eb('publish_end', 'is', null), eb('publish_end', '>', now)]));
        case 'expired':
          return qb.where('publish_end', '<=', now);
        default:
          return qb;
      }
    },
  ],
});

export default (app: FastifyInstance, ctx: AppContext) => registerResourceRoutes(app, ctx, news);
