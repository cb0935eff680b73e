import { z } from 'zod';
import { FORCE_END_REASON_MAX } from './battles';
import { lazy } from './lazy';

/**
 * The maintenance force end (battle/forceEnd): GET the live count of ongoing battles, POST to end
 * every battle ongoing at that moment in one transaction, logged once (battle.forceEndAll) with
 * the count the admin confirmed and the count ended.
 */
export const BATTLE_FORCE_END_PATH = '/battle-force-end';

/** GET /battle-force-end. */
export const battleForceEndSummarySchema = lazy(() => z.object({ ongoing: z.number().int(), checkedAt: z.string() }));
export type BattleForceEndSummary = z.infer<typeof battleForceEndSummarySchema>;

export const forceEndReasonSchema = lazy(() =>
  z
    .string({ message: 'Say why the battles are ended' })
    .trim()
    .min(1, 'Say why the battles are ended')
    .max(FORCE_END_REASON_MAX, 'Reason is at most 500 characters'),
);

/**
 * POST /battle-force-end: the count the admin typed to confirm, and the reason kept on each battle.
 * The server holds to it: if more battles are ongoing than confirmed, 409 with the new summary as
 * `current`, and nothing is ended.
 */
export const battleForceEndAllSchema = lazy(() =>
  z.object({
    confirmedCount: z.number({ message: 'Type the number of battles' }).int().min(0).max(100_000_000),
    reason: forceEndReasonSchema,
  }),
);
export type BattleForceEndAll = z.infer<typeof battleForceEndAllSchema>;

/** What the operation did: `ended` may be lower than `confirmedCount` (battles that finished meanwhile). */
export const battleForceEndAllResultSchema = lazy(() =>
  z.object({ ended: z.number().int(), confirmedCount: z.number().int(), endedAt: z.string() }),
);
export type BattleForceEndAllResult = z.infer<typeof battleForceEndAllResultSchema>;
