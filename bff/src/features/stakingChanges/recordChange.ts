import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  STAKING_ERROR_CODES,
  stakingChangeInputSchema,
  type StakingChangeInput,
  type StakingMismatchReason,
  type StakingParameters,
} from '@phoenix/contract';
import { writeActionLog } from '@phoenix/server/db';
import { appCounter, conflict, HttpError, requireActor } from '@phoenix/server/http';
import type { AppContext } from '../../context';
import { chainCheckFor, chainNotConfigured, checkOnChain, StakingMismatch, type CheckedTransaction } from './chainCheck';

/**
 * POST /staking-changes: the staking page reports each transaction it sent to the staking contract.
 * The server records it only once its own RPC shows it (chainCheck.ts): the action log's `after`
 * holds the decoded call and events, not the browser's word. Where change control is on (confirm,
 * approve) the transaction must carry out an open intent (recorded, typed or approved before the
 * wallet signed) with the same values; a confirmed one uses the intent up. Anything else is a
 * mismatch: refused (422), logged as staking.mismatch, counted and logged at error level.
 */
export function registerRecordChangeRoute(app: FastifyInstance, ctx: AppContext): void {
  const chain = ctx.settings.stakingChain ? chainCheckFor(ctx.settings.stakingChain) : null;
  // The alert: Prometheus scrapes /metrics (docs/staking.md names the rule); the error line is for the log search.
  const mismatches = appCounter(app, {
    name: 'phoenix_staking_mismatches_total',
    help: 'Staking transactions reported to the BFF that the chain does not show as approved, by reason',
    labelNames: ['reason'] as const,
  });

  const schema = {
    body: stakingChangeInputSchema,
    response: { 204: z.void().describe('Checked on the chain and recorded in the action log') },
  };
  app.post('/staking-changes', { schema }, async (request, reply) => {
    // Never an unchecked hash in the log: without a chain of its own the server records nothing.
    if (!chain) throw chainNotConfigured();
    const input = request.body;
    try {
      await checkAndRecord(ctx, chain, request, input);
    } catch (error) {
      if (!(error instanceof StakingMismatch)) throw error;
      mismatches.inc({ reason: error.reason });
      request.log.error(
        { reason: error.reason, txHash: input.txHash, change: input.change, intentId: input.intentId, detail: error.detail },
        `staking mismatch (${error.reason}): a reported staking transaction does not match the chain or its approval; nothing was recorded`,
      );
      await recordMismatch(ctx, request, input, error);
      throw new HttpError(422, STAKING_ERROR_CODES.mismatch, error.message, { current: { reason: error.reason, txHash: input.txHash } });
    }
    return reply.code(204).send();
  });
}

async function checkAndRecord(
  ctx: AppContext,
  chain: ReturnType<typeof chainCheckFor>,
  request: FastifyRequest,
  input: StakingChangeInput,
): Promise<void> {
  const contract = chain.settings.contractAddress.toLowerCase();
  if (input.chainId !== chain.settings.chainId) throw new StakingMismatch('wrong_chain', { chainId: input.chainId });
  if (input.contractAddress.toLowerCase() !== contract) {
    throw new StakingMismatch('wrong_contract', { contractAddress: input.contractAddress.toLowerCase() });
  }
  if (await alreadyRecorded(ctx, contract, input.txHash)) throw conflict(null, 'This staking transaction is already recorded');
  const intent = await openIntent(ctx, contract, input);
  const expected: StakingParameters[] = [input.after, ...(intent ? [intent.after as StakingParameters] : [])];
  const checked = await checkOnChain(chain, input, expected);

  await ctx.db.transaction().execute(async (trx) => {
    // Only a confirmed transaction carries its intent out; a failed or replaced one leaves it open.
    if (intent && input.outcome === 'confirmed') {
      const used = await trx
        .updateTable('staking_intents')
        .set({ status: 'sent', tx_hash: checked.hash, updated_at: ctx.now() })
        .where('id', '=', intent.id)
        .where('status', '=', 'open')
        .returning('id')
        .executeTakeFirst();
      if (!used) throw conflict(null, 'This staking change was not recorded as intended, or it was already sent');
    }
    await writeActionLog(
      trx,
      requireActor(request),
      {
        action: `staking.${input.change}`,
        targetType: 'stakingContract',
        targetId: contract,
        before: input.before,
        after: { ...(checked.parameters ?? {}), ...recordOf(input, checked, chain.settings.chainId, intent?.id) },
      },
      ctx.now(),
    );
  });
}

/** What the action log keeps of a checked transaction: the chain's values, with the report's hashes. */
const recordOf = (input: StakingChangeInput, checked: CheckedTransaction, chainId: number, intentId: number | undefined) => ({
  chainId,
  txHash: input.txHash,
  outcome: input.outcome,
  ...(input.replacedBy ? { replacedBy: input.replacedBy } : {}),
  ...(intentId !== undefined ? { intentId } : {}),
  blockNumber: checked.blockNumber,
  from: checked.from,
  status: checked.status,
  call: checked.call,
  events: checked.events,
});

/** The same transaction reported twice (a retried request): recorded once. */
async function alreadyRecorded(ctx: AppContext, contract: string, txHash: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('action_logs')
    .select('id')
    .where('target_type', '=', 'stakingContract')
    .where('target_id', '=', contract)
    .where('action', 'like', 'staking.%')
    .where('action', '!=', 'staking.mismatch')
    .where(sql<string>`after->>'txHash'`, '=', txHash)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The intent this transaction carries out: required where change control is on; when named, it must
 * be open and for the same change, contract and chain. A retried report of the transaction that
 * already used it is a 409, not a mismatch.
 */
async function openIntent(ctx: AppContext, contract: string, input: StakingChangeInput) {
  const mode = ctx.changeControl?.settings.mode ?? 'off';
  if (input.intentId === undefined) {
    if (mode !== 'off') throw new StakingMismatch('intent_required', { mode });
    return null;
  }
  const intent = await ctx.db.selectFrom('staking_intents').selectAll().where('id', '=', input.intentId).executeTakeFirst();
  if (intent?.status === 'sent' && intent.tx_hash?.toLowerCase() === (input.replacedBy ?? input.txHash).toLowerCase()) {
    throw conflict(null, 'This staking change was not recorded as intended, or it was already sent');
  }
  const matches =
    intent &&
    intent.status === 'open' &&
    intent.change === input.change &&
    intent.contract_address === contract &&
    intent.chain_id === input.chainId;
  if (!matches) throw new StakingMismatch('intent_not_open', { intentId: input.intentId, status: intent?.status ?? null });
  return intent;
}

/** The refusal, in the action log where operators look (its own transaction: nothing else is written). */
async function recordMismatch(
  ctx: AppContext,
  request: FastifyRequest,
  input: StakingChangeInput,
  mismatch: StakingMismatch,
): Promise<void> {
  const reason: StakingMismatchReason = mismatch.reason;
  await ctx.db.transaction().execute((trx) =>
    writeActionLog(
      trx,
      requireActor(request),
      {
        action: 'staking.mismatch',
        targetType: 'stakingContract',
        targetId: (ctx.settings.stakingChain?.contractAddress ?? input.contractAddress).toLowerCase(),
        before: null,
        after: {
          reason,
          change: input.change,
          chainId: input.chainId,
          contractAddress: input.contractAddress.toLowerCase(),
          txHash: input.txHash,
          outcome: input.outcome,
          ...(input.replacedBy ? { replacedBy: input.replacedBy } : {}),
          ...(input.intentId !== undefined ? { intentId: input.intentId } : {}),
          detail: mismatch.detail,
        },
      },
      ctx.now(),
    ),
  );
}
