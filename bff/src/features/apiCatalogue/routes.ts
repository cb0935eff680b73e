import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { GAME_APIS_PATH, gameApiQuerySchema, gameApiSchema, idParamSchema, type GameApi, type Page } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { notFound } from '@phoenix/server/http';
import { offsetOf, pageOf } from '@phoenix/server/http';
import { pageSchema } from '@phoenix/server/http';
import { likeEscape } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'players';

/**
 * The game API catalogue (seeded by migration 0023, owned by the game): read and searched by the
 * pickers of policies/restrictApis and user/restrictApis, never edited here.
 */
export default function registerGameApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  const listSchema = { querystring: gameApiQuerySchema, response: { 200: pageSchema(gameApiSchema) } };
  app.get(GAME_APIS_PATH, { schema: listSchema }, async (request): Promise<Page<GameApi>> => {
    const query = request.query;
    let qb = ctx.db.selectFrom('game_apis');
    const q = query.q?.trim();
    if (q) {
      const like = `%${likeEscape(q)}%`;
      qb = qb.where((eb) => eb.or([eb('name', 'ilike', like), eb('code', 'ilike', like)]));
    }
    const [{ total }, items] = await Promise.all([
      qb.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      qb
        .selectAll()
        .orderBy(sql`lower(code)`)
        .orderBy('id')
        .limit(query.pageSize)
        .offset(offsetOf(query))
        .execute(),
    ]);
    return pageOf(query, { items, total: Number(total) });
  });

  app.get(
    `${GAME_APIS_PATH}/:id`,
    { schema: { params: idParamSchema, response: { 200: gameApiSchema } } },
    async (request): Promise<GameApi> => {
      const { id } = request.params;
      const api = await ctx.db.selectFrom('game_apis').selectAll().where('id', '=', id).executeTakeFirst();
      if (!api) throw notFound('This API does not exist');
      return api;
    },
  );
}
