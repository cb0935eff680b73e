import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { searchMatchRank, searchQuerySchema, searchResponseSchema, type SearchHit, type SearchResponse } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { searchTerms } from '../../db/search';
import { searchProviders } from '../../discoverFeatures';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'self';

/**
 * GET /search?q=: "Find anything" (Ctrl/Cmd+K). Every area that has a `search.ts` answers with a
 * few hits from its own indexes, all at once; a provider that fails is named in `unavailable` and
 * the others still answer. Admins only (the default guard); each provider gets the admin's roles and
 * leaves out what they may not read (admin accounts). The points API answers its own areas
 * (tasks, lottery rounds) on its own GET /search: the console asks both.
 */
export async function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const providers = searchProviders();
  app.get(
    '/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request): Promise<SearchResponse> => {
      const { q } = request.query;
      const terms = searchTerms(q);
      const now = ctx.now();
      const viewer = { roles: request.auth?.admin.roles ?? [] };
      const answers = await Promise.allSettled(providers.map(([, provider]) => provider(ctx.db, terms, now, viewer)));
      const items: SearchHit[] = [];
      const unavailable: string[] = [];
      answers.forEach((answer, i) => {
        if (answer.status === 'fulfilled') items.push(...answer.value);
        else {
          unavailable.push(providers[i][0]);
          request.log.error({ err: answer.reason, area: providers[i][0] }, 'search provider failed');
        }
      });
      // Stable: exact matches first, then prefixes, words, substrings, each area's own order kept; among
      // equals a player first (the record admins look up most: "42" is player 42 before battle 42).
      const playersFirst = (hit: SearchHit) => (hit.area === 'players' ? 0 : 1);
      items.sort((a, b) => searchMatchRank(a.match) - searchMatchRank(b.match) || playersFirst(a) - playersFirst(b));
      return { items, unavailable };
    },
  );
}

export default registerSearchRoutes;
