import type { FastifyInstance } from 'fastify';
import { battleForceEndSchema, idParamSchema, type BattleParticipant } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes, versionedChange, parseInput } from '@phoenix/server/http';
import { battles, participantsOf } from './repository';

/**
 * GET /battles (filters, sorts, CSV), GET /battles/:id, GET /battles/:id/participants, and
 * POST /battles/:id/force-end { reason, version }: ends one ongoing battle (409 when it has ended
 * meanwhile or the version is stale), logged as battle.forceEnd with the reason.
 */
export default function registerBattleRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, battles);

  app.get('/battles/:id/participants', async (request): Promise<{ items: BattleParticipant[] }> => {
    const { id } = parseInput(idParamSchema, request.params);
    await battles.get(ctx.db, id, ctx.now()); // 404 for an unknown battle
    return { items: await participantsOf(ctx.db, id) };
  });

  app.post(
    '/battles/:id/force-end',
    versionedChange(ctx, battleForceEndSchema, (trx, id, input, actor, now) =>
      battles.change(
        trx,
        id,
        input.version,
        'forceEnd',
        { status: 'force_ended', ended_at: now, force_ended_by: actor.email, force_end_reason: input.reason, winner_player_id: null },
        actor.email,
        now,
      ),
    ),
  );
}
