import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { stakingChangeInputSchema } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { writeActionLog } from '@phoenix/server/db';

/**
 * POST /staking-changes: the staking page reports each transaction it sent to the staking contract
 * (the chain is the source of truth for the parameters; the action log says which admin sent what).
 * The admin comes from the token, never from the body.
 */
export default async function registerStakingChangeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const schema = { body: stakingChangeInputSchema, response: { 204: z.void().describe('Recorded in the action log') } };
  app.post('/staking-changes', { schema }, async (request, reply) => {
    const input = request.body;
    const admin = request.auth!.admin;
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      await writeActionLog(
        trx,
        admin,
        {
          action: `staking.${input.change}`,
          targetType: 'stakingContract',
          targetId: input.contractAddress.toLowerCase(),
          before: input.before,
          after: {
            ...input.after,
            chainId: input.chainId,
            txHash: input.txHash,
            outcome: input.outcome,
            ...(input.replacedBy ? { replacedBy: input.replacedBy } : {}),
          },
        },
        now,
      );
    });
    return reply.code(204).send();
  });
}
