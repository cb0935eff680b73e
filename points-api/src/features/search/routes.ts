import type { FastifyInstance } from 'fastify';
import { searchQuerySchema, type SearchHit, type SearchResponse, type PermissionScope } from '@phoenix/contract';
import { idOrNamePrefix, searchTerms } from '@phoenix/server/db';
import type { AppContext } from '../../context';

/** The permission scope of this feature's routes (shared/contract permissions.ts): every admin's; a route may name its own. */
export const scope: PermissionScope = 'self';

/**
 * GET /search?q=: the points API's part of "Find anything" (the console asks it beside the BFF's
 * GET /search, so either may be down alone): tasks by id or title prefix, lottery rounds by id or
 * name prefix. Both tables hold hundreds to a few thousand rows: no index of their own is needed.
 */
export default function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/search', { schema: { querystring: searchQuerySchema } }, async (request): Promise<SearchResponse> => {
    const { q } = request.query;
    const terms = searchTerms(q);
    const [tasks, rounds] = await Promise.all([
      idOrNamePrefix(ctx.db, 'points.tasks', 'title', terms),
      idOrNamePrefix(ctx.db, 'points.lottery_rounds', 'name', terms),
    ]);
    const items: SearchHit[] = [
      ...tasks.map((row): SearchHit => ({
        area: 'pointsTasks',
        id: String(row.id),
        label: row.label,
        match: row.match,
      })),
      ...rounds.map((row): SearchHit => ({
        area: 'pointsLottery',
        id: String(row.id),
        label: row.label,
        match: row.match,
      })),
    ].sort((a, b) => (a.match === 'id' ? 0 : 1) - (b.match === 'id' ? 0 : 1));
    return { items, unavailable: [] };
  });
}
