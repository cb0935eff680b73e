import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { idParamSchema, itemQuerySchema, itemSchema, ITEMS_PATH, type Item, type Page } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { notFound } from '@phoenix/server/http';
import { offsetOf, pageOf } from '@phoenix/server/http';
import { pageSchema } from '@phoenix/server/http';
import { likeEscape } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'economy';

/**
 * The item catalogue (seeded by migration 0030, owned by the game): read and searched by every
 * item picker of the present remote, never edited here.
 */
export default function registerItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    ITEMS_PATH,
    { schema: { querystring: itemQuerySchema, response: { 200: pageSchema(itemSchema) } } },
    async (request): Promise<Page<Item>> => {
      const query = request.query;
      let qb = ctx.db.selectFrom('items');
      const q = query.q?.trim();
      if (q) {
        const like = `%${likeEscape(q)}%`;
        qb = qb.where((eb) => eb.or([eb('name', 'ilike', like), eb('code', 'ilike', like)]));
      }
      if (query.kind) qb = qb.where('kind', '=', query.kind);
      const [{ total }, items] = await Promise.all([
        qb.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
        qb
          .selectAll()
          .orderBy(sql`lower(name)`)
          .orderBy('id')
          .limit(query.pageSize)
          .offset(offsetOf(query))
          .execute(),
      ]);
      return pageOf(query, { items, total: Number(total) });
    },
  );

  app.get(`${ITEMS_PATH}/:id`, { schema: { params: idParamSchema, response: { 200: itemSchema } } }, async (request): Promise<Item> => {
    const { id } = request.params;
    const item = await ctx.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
    if (!item) throw notFound('This item does not exist');
    return item;
  });
}
