import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import {
  idParamSchema,
  playerRestrictionCreateSchema,
  playerRestrictionParamsSchema,
  playerRestrictionSchema,
  playerRestrictionsSchema,
  type PlayerRestriction,
  type PlayerRestrictions,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { mutate } from '@phoenix/server/db';
import { requireActor } from '@phoenix/server/http';
import { okSchema } from '@phoenix/server/http';
import { playerRestrictions, restrictApi, unrestrictApi } from './repository';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'players';

/** user/restrictApis: a player's direct restrictions (add, lift) and its effective ones. */
export default function registerRestrictionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/players/:id/restrictions',
    { schema: { params: idParamSchema, response: { 200: playerRestrictionsSchema } } },
    async (request): Promise<PlayerRestrictions> => {
      const { id } = request.params;
      return playerRestrictions(ctx.db, id, ctx.now());
    },
  );

  app.post(
    '/players/:id/restrictions',
    { schema: { params: idParamSchema, body: playerRestrictionCreateSchema, response: { 201: playerRestrictionSchema } } },
    async (request, reply): Promise<PlayerRestriction> => {
      const { id } = request.params;
      const input = request.body;
      const actor = requireActor(request);
      const created = await mutate(ctx, actor, (trx, now) => restrictApi(trx, id, input, actor.email, now));
      reply.status(201);
      return created;
    },
  );

  const removeSchema = { params: playerRestrictionParamsSchema, response: { 200: okSchema } };
  app.delete('/players/:id/restrictions/:apiId', { schema: removeSchema }, async (request): Promise<{ ok: true }> => {
    const { id, apiId } = request.params;
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => unrestrictApi(trx, id, apiId, now));
  });
}
