import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  distributionRecipientParamsSchema,
  distributionRecipientSchema,
  playerPresentDeliveriesSchema,
  idParamSchema,
  playerPresentsQuerySchema,
  type DistributionRecipient,
  type PlayerPresentDelivery,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { notFound } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'players';

/**
 * The present area's part of the player view. present_deliveries has no player_id index on
 * purpose (migration 0035: a distribution to every player inserts a million rows, each index paid
 * per row), so a player's deliveries are read distribution by distribution through the primary key
 * (distribution_id, player_id): one index probe per distribution, never a scan of the deliveries.
 */
export async function registerPlayerPresentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const presentsSchema = {
    params: idParamSchema,
    querystring: playerPresentsQuerySchema,
    response: { 200: playerPresentDeliveriesSchema },
  };
  app.get('/players/:id/presents', { schema: presentsSchema }, async (request): Promise<{ items: PlayerPresentDelivery[] }> => {
    const { id } = request.params;
    const { limit } = request.query;
    const { rows } = await sql<{
      distribution_id: number;
      present_id: number;
      present_name: string;
      delivered_at: Date;
      claimed_at: Date | null;
    }>`
      select d.id as distribution_id, d.present_id, d.present_name, pd.delivered_at, pd.claimed_at
      from present_distributions d
      cross join lateral (
        select delivered_at, claimed_at from present_deliveries where distribution_id = d.id and player_id = ${id}
      ) pd
      order by pd.delivered_at desc, d.id desc
      limit ${limit}`.execute(ctx.db);
    return {
      items: rows.map((row) => ({
        distributionId: row.distribution_id,
        presentId: row.present_id,
        presentName: row.present_name,
        deliveredAt: new Date(row.delivered_at).toISOString(),
        claimedAt: row.claimed_at ? new Date(row.claimed_at).toISOString() : null,
      })),
    };
  });

  const recipientSchema = { params: distributionRecipientParamsSchema, response: { 200: distributionRecipientSchema } };
  app.get(
    '/present-distributions/:id/recipients/:playerId',
    { schema: recipientSchema },
    async (request): Promise<DistributionRecipient> => {
      const { id, playerId } = request.params;
      const distribution = await ctx.db
        .selectFrom('present_distributions')
        .select(['id', 'present_name', 'status', 'target', 'player_ids'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!distribution) throw notFound('This distribution does not exist');
      const delivery = await ctx.db
        .selectFrom('present_deliveries')
        .select('delivered_at')
        .where('distribution_id', '=', id)
        .where('player_id', '=', playerId)
        .executeTakeFirst();
      const listed = distribution.target === 'all' || distribution.player_ids.map(Number).includes(playerId);
      const answer = delivery
        ? 'delivered'
        : !listed
          ? 'notListed'
          : distribution.status === 'scheduled' || distribution.status === 'running'
            ? 'pending'
            : 'notDelivered';
      return {
        distributionId: id,
        playerId,
        presentName: distribution.present_name,
        status: distribution.status,
        included: answer === 'delivered' || answer === 'pending',
        answer,
        deliveredAt: delivery ? new Date(delivery.delivered_at).toISOString() : null,
      };
    },
  );
}

export default registerPlayerPresentRoutes;
