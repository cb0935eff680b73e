import { z } from 'zod';

/** The owner-only calls the staking page sends to the point-booster staking contract. */
export const STAKING_CHANGES = ['setTiers', 'setLockPeriod', 'pause', 'unpause', 'transferOwnership'] as const;
export type StakingChangeKind = (typeof STAKING_CHANGES)[number];
/** How a sent transaction ended: mined and succeeded, mined and reverted, or replaced in the mempool. */
export const STAKING_OUTCOMES = ['confirmed', 'failed', 'replaced'] as const;
export type StakingOutcome = (typeof STAKING_OUTCOMES)[number];

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'An address is 0x and 40 hex digits');
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x and 64 hex digits');
/** uint256 values travel as decimal strings (JSON has no bigint). */
const uint = z.string().regex(/^\d{1,78}$/, 'A whole number of at most 78 digits');

export const stakingTierSchema = z.object({ minStake: uint, boosterBps: z.number().int().min(0).max(4_294_967_295) });
export type StakingTier = z.infer<typeof stakingTierSchema>;

/** The contract parameters a change touches, before or after it (only the ones it touches). */
export const stakingParametersSchema = z
  .object({
    tiers: z.array(stakingTierSchema).max(10).optional(),
    lockPeriod: uint.optional(),
    paused: z.boolean().optional(),
    pendingOwner: address.optional(),
  })
  .strict();
export type StakingParameters = z.infer<typeof stakingParametersSchema>;

/** POST /staking-changes: a change the console sent, recorded in the action log once it has an outcome. */
export const stakingChangeInputSchema = z
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
  })
  .strict();
export type StakingChangeInput = z.infer<typeof stakingChangeInputSchema>;
