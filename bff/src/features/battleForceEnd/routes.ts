import type { FastifyInstance } from 'fastify';
import {
  BATTLE_FORCE_END_PATH,
  battleForceEndAllSchema,
  type BattleForceEndAllResult,
  type BattleForceEndSummary,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { countOngoingBattles, forceEndOngoingBattles } from '../../db/gameOperations';
import { mutate } from '../../db/mutate';
import { requireActor } from '../../http/auth';
import { parseInput } from '../../http/validate';

/**
 * battle/forceEnd: GET the live count of ongoing battles; POST ends all of them in one
 * transaction (one UPDATE … WHERE status = 'ongoing': a battle that finished meanwhile is left as
 * it is) with one action-log row, battle.forceEndAll, holding the confirmed and the ended counts.
 */
export default function registerBattleForceEndRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(BATTLE_FORCE_END_PATH, async (): Promise<BattleForceEndSummary> => {
    const ongoing = await countOngoingBattles(ctx.db);
    return { ongoing, checkedAt: ctx.now().toISOString() };
  });

  app.post(BATTLE_FORCE_END_PATH, async (request): Promise<BattleForceEndAllResult> => {
    const input = parseInput(battleForceEndAllSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, async (trx, now) => {
      const ended = await forceEndOngoingBattles(trx, actor.email, input.reason, now);
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
