import type { FastifyInstance } from 'fastify';
import {
  searchMatchRank,
  searchQuerySchema,
  searchResponseSchema,
  type SearchHit,
  type SearchResponse,
  type PermissionScope,
} from '@phoenix/contract';
import { idOrName, searchTerms } from '@phoenix/server/db';
import type { AppContext } from '../../context';

/** The permission scope of this feature's routes (shared/contract permissions.ts): every admin's; a route may name its own. */
export const scope: PermissionScope = 'self';

/**
 * GET /search?q=: the points API's part of "Find anything" (the console asks it beside the BFF's
 * GET /search, so either may be down alone): tasks by id or title (prefix, word, substring), lottery
 * rounds by id or name (the same), ledger entries by id (primary key), each shown on its account's
 * page (the `pointAccounts` area's record is the player). Tasks and rounds are hundreds to a few
 * thousand rows; their trigram indexes (migration 0038) keep the substring branch flat as they grow.
 */
export default function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request): Promise<SearchResponse> => {
      const { q } = request.query;
      const terms = searchTerms(q);
      const [tasks, rounds, entries] = await Promise.all([
        idOrName(ctx.db, 'points.tasks', 'title', terms),
        idOrName(ctx.db, 'points.lottery_rounds', 'name', terms),
        terms.id === null
          ? []
          : ctx.db
              .selectFrom('points.ledger_entries')
              .select(['id', 'player_id', 'kind', 'amount', 'created_at'])
              .where('id', '=', terms.id)
              .execute(),
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
        ...entries.map((row): SearchHit => ({
          area: 'pointAccounts',
          id: String(row.player_id),
          kind: 'ledgerEntry',
          label: `#${row.id} · ${row.amount > 0 ? '+' : ''}${row.amount} (${row.kind})`,
          detail: `player #${row.player_id} · ${new Date(row.created_at).toISOString().slice(0, 10)}`,
          match: 'id',
        })),
      ].sort((a, b) => searchMatchRank(a.match) - searchMatchRank(b.match));
      return { items, unavailable: [] };
    },
  );
}
