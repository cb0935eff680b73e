import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  STAKING_INTENTS_PATH,
  stakingChangeInputSchema,
  stakingIntentInputSchema,
  stakingIntentQuerySchema,
  stakingIntentSchema,
  type StakingIntent,
  type StakingParameters,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { mutate, toJson, writeActionLog } from '@phoenix/server/db';
import { conflict, requireActor, requireStepUp } from '@phoenix/server/http';
import type { Selectable } from 'kysely';
import type { StakingIntentsTable } from '../../db/schema';

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
 * POST /staking-changes: the staking page reports each transaction it sent to the staking contract
 * (the chain is the source of truth for the parameters; the action log says which admin sent what).
 * The admin comes from the token, never from the body.
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

  const schema = { body: stakingChangeInputSchema, response: { 204: z.void().describe('Recorded in the action log') } };
  app.post('/staking-changes', { schema }, async (request, reply) => {
    const input = request.body;
    const admin = request.auth!.admin;
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      // Only a confirmed transaction carries its intent out; a failed or replaced one leaves it open.
      if (input.intentId !== undefined && input.outcome === 'confirmed') {
        const used = await trx
          .updateTable('staking_intents')
          .set({ status: 'sent', tx_hash: input.txHash, updated_at: now })
          .where('id', '=', input.intentId)
          .where('status', '=', 'open')
          .where('change', '=', input.change)
          .where('contract_address', '=', input.contractAddress.toLowerCase())
          .returning('id')
          .executeTakeFirst();
        if (!used) throw conflict(null, 'This staking change was not recorded as intended, or it was already sent');
      }
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
            ...(input.intentId !== undefined ? { intentId: input.intentId } : {}),
          },
        },
        now,
      );
    });
    return reply.code(204).send();
  });
}
