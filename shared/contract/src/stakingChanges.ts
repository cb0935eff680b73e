import { z } from 'zod';
import { lazy } from './lazy';

/** The owner-only calls the staking page sends to the point-booster staking contract. */
export const STAKING_CHANGES = ['setTiers', 'setLockPeriod', 'pause', 'unpause', 'transferOwnership'] as const;
export type StakingChangeKind = (typeof STAKING_CHANGES)[number];
/** How a sent transaction ended: mined and succeeded, mined and reverted, or replaced in the mempool. */
export const STAKING_OUTCOMES = ['confirmed', 'failed', 'replaced'] as const;
export type StakingOutcome = (typeof STAKING_OUTCOMES)[number];

const address = lazy(() => z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'An address is 0x and 40 hex digits'));
const txHash = lazy(() => z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x and 64 hex digits'));
/** uint256 values travel as decimal strings (JSON has no bigint). */
const uint = lazy(() => z.string().regex(/^\d{1,78}$/, 'A whole number of at most 78 digits'));

export const stakingTierSchema = lazy(() => z.object({ minStake: uint, boosterBps: z.number().int().min(0).max(4_294_967_295) }));
export type StakingTier = z.infer<typeof stakingTierSchema>;

/** The contract parameters a change touches, before or after it (only the ones it touches). */
export const stakingParametersSchema = lazy(() =>
  z
    .object({
      tiers: z.array(stakingTierSchema).max(10).optional(),
      lockPeriod: uint.optional(),
      paused: z.boolean().optional(),
      pendingOwner: address.optional(),
    })
    .strict(),
);
export type StakingParameters = z.infer<typeof stakingParametersSchema>;

/** POST /staking-changes: a change the console sent, recorded in the action log once it has an outcome. */
export const stakingChangeInputSchema = lazy(() =>
  z
    .object({
      change: z.enum(STAKING_CHANGES),
      chainId: z.number().int().positive(),
      contractAddress: address,
      txHash,
      outcome: z.enum(STAKING_OUTCOMES),
      /** The replacing transaction, when the outcome is 'replaced'. */
      replacedBy: txHash.optional(),
      before: stakingParametersSchema,
      after: stakingParametersSchema,
      /** The recorded intent this transaction carries out (used up when it is confirmed). */
      intentId: z.number().int().positive().max(2_147_483_647).optional(),
    })
    .strict(),
);
export type StakingChangeInput = z.infer<typeof stakingChangeInputSchema>;

/**
 * The record of intent: before the owner's wallet signs a change, the console records
 * what it will send (POST STAKING_INTENTS_PATH, a global operation: typed in "confirm", a change
 * request in "approve"). Open intents are listed on the staking page; a confirmed transaction
 * reported with its intentId uses the intent up.
 */
export const STAKING_INTENTS_PATH = '/staking-changes/intents';

export const stakingIntentInputSchema = lazy(() =>
  z
    .object({
      change: z.enum(STAKING_CHANGES),
      chainId: z.number().int().positive(),
      contractAddress: address,
      before: stakingParametersSchema,
      after: stakingParametersSchema,
    })
    .strict(),
);
export type StakingIntentInput = z.infer<typeof stakingIntentInputSchema>;

export const stakingIntentSchema = lazy(() =>
  stakingIntentInputSchema.extend({
    id: z.number().int(),
    status: z.enum(['open', 'sent']),
    requestedBy: z.string(),
    createdAt: z.string(),
    txHash: z.string().nullable(),
  }),
);
export type StakingIntent = z.infer<typeof stakingIntentSchema>;

export const stakingIntentQuerySchema = lazy(() => z.object({ contractAddress: address, chainId: z.coerce.number().int().positive() }));

/**
 * POST /staking-changes is checked on the chain by the BFF (docs/staking.md): a report that does not
 * match what the chain holds is refused (422 STAKING_ERROR_CODES.mismatch, `current.reason` one of
 * these), logged as `staking.mismatch` and counted for an alert.
 */
export const STAKING_MISMATCH_REASONS = {
  wrong_chain: 'This transaction is reported for another chain than the one the server checks',
  wrong_contract: 'This transaction is not a call to the staking contract the server checks',
  unknown_transaction: 'The chain has no such transaction',
  not_mined: 'This transaction is not mined yet',
  different_call: 'This transaction calls another function than the change reported',
  different_arguments: 'This transaction does not send the values that were approved',
  outcome_differs: 'The chain shows another outcome for this transaction than the one reported',
  events_differ: 'The contract did not emit the events of this change',
  intent_required: 'A staking change needs its recorded intent in this environment',
  intent_not_open: 'No open intent matches this staking change',
  replaced_by_staking_call: 'This transaction was replaced by another call to the staking contract',
} as const;
export type StakingMismatchReason = keyof typeof STAKING_MISMATCH_REASONS;

export const STAKING_ERROR_CODES = {
  /** 422: the chain does not show what was reported (`current`: { reason, txHash }). */
  mismatch: 'staking_mismatch',
  /** 503: the server has no chain to check on (STAKING_RPC_URL, STAKING_CONTRACT_ADDRESS unset). */
  chainNotConfigured: 'staking_chain_not_configured',
  /** 503: the server's RPC did not answer; nothing was recorded, report again later. */
  chainUnavailable: 'staking_chain_unavailable',
} as const;
