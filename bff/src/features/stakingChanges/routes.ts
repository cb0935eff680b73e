import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  STAKING_INTENTS_PATH,
  stakingIntentInputSchema,
  stakingIntentQuerySchema,
  stakingIntentSchema,
  type StakingIntent,
  type StakingParameters,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { mutate, toJson } from '@phoenix/server/db';
import { requireActor, requireStepUp } from '@phoenix/server/http';
import type { Selectable } from 'kysely';
import type { StakingIntentsTable } from '../../db/schema';
import { registerRecordChangeRoute } from './recordChange';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'economy';

const toIntent = (row: Selectable<StakingIntentsTable>): StakingIntent => ({
  id: row.id,
  change: row.change as StakingIntent['change'],
  chainId: row.chain_id,
  contractAddress: row.contract_address,
  before: row.before as StakingParameters,
  after: row.after as StakingParameters,
  status: row.status,
  requestedBy: row.requested_by,
  createdAt: row.created_at.toISOString(),
  txHash: row.tx_hash,
});

/**
 * POST /staking-changes: the staking page reports each transaction it sent to the staking contract;
 * the server checks it on its own RPC before recording it (recordChange.ts, chainCheck.ts).
 *
 * POST /staking-changes/intents: the record of intent, before the owner's wallet signs (a global
 * operation: typed in "confirm", a second admin's change request in "approve"); GET lists the open
 * ones; a confirmed transaction reported with its intentId uses its intent up, once. Logged as
 * stakingIntent.<change> (apart from the sent transactions' staking.<change>).
 */
export default async function registerStakingChangeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const intentSchema = { body: stakingIntentInputSchema, response: { 201: stakingIntentSchema } };
  requireStepUp(app, `POST ${STAKING_INTENTS_PATH}`); // what the owner's wallet may send
  app.post(STAKING_INTENTS_PATH, { schema: intentSchema }, async (request, reply) => {
    const input = request.body;
    const intent = await mutate(ctx, requireActor(request), async (trx, now) => {
      const row = await trx
        .insertInto('staking_intents')
        .values({
          change: input.change,
          chain_id: input.chainId,
          contract_address: input.contractAddress.toLowerCase(),
          before: toJson(input.before)!,
          after: toJson(input.after)!,
          requested_by: requireActor(request).email,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const result = toIntent(row);
      const log = {
        action: `stakingIntent.${input.change}`,
        targetType: 'stakingContract',
        targetId: row.contract_address,
        before: input.before,
        after: { ...input.after, chainId: input.chainId, intentId: row.id },
      };
      return { result, log };
    });
    return reply.code(201).send(intent);
  });

  const listSchema = { querystring: stakingIntentQuerySchema, response: { 200: z.object({ items: z.array(stakingIntentSchema) }) } };
  app.get(STAKING_INTENTS_PATH, { schema: listSchema }, async (request) => {
    const { contractAddress, chainId } = request.query;
    const rows = await ctx.db
      .selectFrom('staking_intents')
      .selectAll()
      .where('contract_address', '=', contractAddress.toLowerCase())
      .where('chain_id', '=', chainId)
      .where('status', '=', 'open')
      .orderBy('id')
      .limit(50)
      .execute();
    return { items: rows.map(toIntent) };
  });

  registerRecordChangeRoute(app, ctx);
}
