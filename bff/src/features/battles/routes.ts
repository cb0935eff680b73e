import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { battleForceEndSchema, battleParticipantSchema, battleSchema, idParamSchema, type BattleParticipant } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes, versionedChange } from '@phoenix/server/http';
import { battles, participantsOf } from './repository';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'players';

/**
 * GET /battles (filters, sorts, CSV), GET /battles/:id, GET /battles/:id/participants, and
 * POST /battles/:id/force-end { reason, version }: ends one ongoing battle (409 when it has ended
 * meanwhile or the version is stale), logged as battle.forceEnd with the reason and its players listed.
 */
export default function registerBattleRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, battles);

  const participantsSchema = { params: idParamSchema, response: { 200: z.object({ items: z.array(battleParticipantSchema) }) } };
  app.get('/battles/:id/participants', { schema: participantsSchema }, async (request): Promise<{ items: BattleParticipant[] }> => {
    const { id } = request.params;
    await battles.get(ctx.db, id, ctx.now()); // 404 for an unknown battle
    return { items: await participantsOf(ctx.db, id) };
  });

  app.post(
    '/battles/:id/force-end',
    versionedChange(
      ctx,
      battleForceEndSchema,
      async (trx, id, input, actor, now) => {
        const outcome = await battles.change(
          trx,
          id,
          input.version,
          'forceEnd',
          { status: 'force_ended', ended_at: now, force_ended_by: actor.email, force_end_reason: input.reason, winner_player_id: null },
          actor.email,
          now,
        );
        // Every player of the battle is listed with the entry: each player's history shows the force end.
        return { ...outcome, log: { ...outcome.log, targets: { type: 'player', ids: outcome.result.playerIds } } };
      },
      battleSchema,
    ),
  );
}
