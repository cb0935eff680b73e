import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import {
  keyedMessage,
  BATTLE_FORCE_END_PATH,
  apiErrorSchema,
  battleForceEndAllResultSchema,
  battleForceEndAllSchema,
  battleForceEndSummarySchema,
  type BattleForceEndAllResult,
  type BattleForceEndSummary,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { countOngoingBattles, forceEndOngoingBattles } from '../../db/gameOperations';
import { mutate } from '@phoenix/server/db';
import { requireActor } from '@phoenix/server/http';
import { conflict } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'operations';

/**
 * battle/forceEnd: GET the live count of ongoing battles; POST ends all of them in one
 * transaction (one UPDATE … WHERE status = 'ongoing': a battle that finished meanwhile is left as
 * it is) with one action-log row, battle.forceEndAll, holding the confirmed and the ended counts.
 * The server holds to the confirmed count: the UPDATE counts the rows it locked, and if that is
 * more than the figure the admin typed (a battle started since they read it) the whole transaction
 * rolls back with 409 and the new figure, so nothing is ended beyond what was confirmed. Fewer
 * (battles that finished on their own) is within what was confirmed and goes through.
 */
export default function registerBattleForceEndRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    BATTLE_FORCE_END_PATH,
    { schema: { response: { 200: battleForceEndSummarySchema } } },
    async (): Promise<BattleForceEndSummary> => {
      const ongoing = await countOngoingBattles(ctx.db);
      return { ongoing, checkedAt: ctx.now().toISOString() };
    },
  );

  const endAllSchema = { body: battleForceEndAllSchema, response: { 200: battleForceEndAllResultSchema, 409: apiErrorSchema } };
  app.post(BATTLE_FORCE_END_PATH, { schema: endAllSchema }, async (request): Promise<BattleForceEndAllResult> => {
    const input = request.body;
    const actor = requireActor(request);
    return mutate(ctx, actor, async (trx, now) => {
      const ended = await forceEndOngoingBattles(trx, actor.email, input.reason, now);
      if (ended > input.confirmedCount) {
        const current: BattleForceEndSummary = { ongoing: ended, checkedAt: now.toISOString() };
        throw conflict(current, keyedMessage('the_count_changed_now_n', { count: ended }));
      }
      const result = { ended, confirmedCount: input.confirmedCount, endedAt: now.toISOString() };
      return {
        result,
        log: {
          action: 'battle.forceEndAll',
          targetType: 'battle',
          targetId: null,
          before: { ongoing: input.confirmedCount },
          after: { ended, reason: input.reason },
        },
      };
    });
  });
}
