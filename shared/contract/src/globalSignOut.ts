import { z } from 'zod';
import { PG_INT_MAX } from './common';
import { forceEndReasonSchema } from './battleForceEnd';
import { lazy } from './lazy';

/**
 * Logout & battle force end (logoutAndBattleForceEnd): every player signed out (every open game
 * session ended as 'global_sign_out') and every ongoing battle force-ended, in one transaction,
 * one action-log row (globalSignOut.run), one row in the runs list. Never two at once: a run in
 * progress refuses the second (409), and so does a run made since the admin looked (the
 * confirmed `lastRunId` is no longer the latest), so nobody confirms counts that are stale. More
 * open sessions or ongoing battles than confirmed is refused too (409, the new summary as `current`).
 */
export const GLOBAL_SIGN_OUT_PATH = '/global-sign-out';

/** GET /global-sign-out: what a run would touch now, and the latest run the admin has seen. */
export const globalSignOutSummarySchema = lazy(() =>
  z.object({
    openSessions: z.number().int(),
    ongoingBattles: z.number().int(),
    lastRunId: z.number().int().nullable(),
    checkedAt: z.string(),
  }),
);
export type GlobalSignOutSummary = z.infer<typeof globalSignOutSummarySchema>;

const count = lazy(() => z.number({ message: 'Send the count you confirmed' }).int().min(0).max(PG_INT_MAX));

/** POST /global-sign-out. */
export const globalSignOutRunSchema = lazy(() =>
  z.object({
    /** The latest run the admin saw (null: none yet). */
    lastRunId: z.number().int().min(1).max(PG_INT_MAX).nullable(),
    confirmedSessions: count,
    confirmedBattles: count,
    reason: forceEndReasonSchema,
  }),
);
export type GlobalSignOutRunInput = z.infer<typeof globalSignOutRunSchema>;

/** One run, as the list shows it and POST answers it. */
export const globalSignOutRunRecordSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    ranAt: z.string(),
    adminEmail: z.string(),
    reason: z.string(),
    confirmedSessions: z.number().int(),
    confirmedBattles: z.number().int(),
    sessionsEnded: z.number().int(),
    battlesEnded: z.number().int(),
  }),
);
export type GlobalSignOutRun = z.infer<typeof globalSignOutRunRecordSchema>;
