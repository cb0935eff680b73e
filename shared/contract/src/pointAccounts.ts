import { z } from 'zod';
import { wholeNumber } from './fields';
import { listQuerySchema, versionedRecordShape, noBodySchema } from './common';
import { defineResource } from './resource';
import { POINTS_MAX } from './pointsSettings';
import { lazy } from './lazy';

// Point accounts and their ledger (points API, `pointsApiBase`). A balance is never written from
// input: every change is a ledger entry, and the balance is the sum of them (kept beside the user
// in the same transaction, under the user's row lock). Entries are never deleted: a reversal is a
// counter-entry that names the entry it reverses.

/** Where a ledger entry comes from. Admins write only `adjustment` and `reversal`. */
export const LEDGER_ENTRY_KINDS = [
  'taskReward',
  'purchase',
  'checkin',
  'referral',
  'lootbox',
  'lottery',
  'spin',
  'adjustment',
  'reversal',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** The header every adjustment and reversal carries: one key per dialog, so a retry applies once. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = lazy(() =>
  z
    .string({ message: 'Send an idempotency-key header' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The idempotency key is 8 to 100 letters, digits, _ or -'),
);

export const pointAccountSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    /** The player's id in the game. */
    id: z.number().int(),
    wallet: z.string().nullable(),
    balance: z.number().int(),
    /** Staking booster on earned points, in percent (25 = +25 %). */
    boosterPercent: z.number().int(),
    lastActivityAt: z.string().nullable(),
  }),
);
export type PointAccount = z.infer<typeof pointAccountSchema>;

export const POINT_ACCOUNT_SORTS = ['id', 'balance', 'lastActivityAt'] as const;

/** `q`: a player id (digits) or a wallet address (0x…, any case), matched exactly. */
export const pointAccountQuerySchema = listQuerySchema;

/** Point accounts come from the game; admins change a balance only through the ledger. */
export const pointAccountsResource = defineResource({
  scope: 'economy',
  path: '/point-accounts',
  api: 'points',
  target: 'pointUser',
  noun: 'point account',
  schemas: { record: pointAccountSchema, create: noBodySchema, update: noBodySchema, query: pointAccountQuerySchema },
  sorts: POINT_ACCOUNT_SORTS,
  defaultSort: { sort: 'lastActivityAt', order: 'desc' },
  csv: { filename: 'point-accounts.csv', columns: ['id', 'wallet', 'balance', 'boosterPercent', 'lastActivityAt'] },
  writable: false,
  remove: false,
});

export const ledgerEntrySchema = lazy(() =>
  z.object({
    id: z.number().int(),
    playerId: z.number().int(),
    kind: z.enum(LEDGER_ENTRY_KINDS),
    amount: z.number().int(),
    /** The balance right after this entry (the running balance). */
    balanceAfter: z.number().int(),
    reason: z.string(),
    /** For a reversal: the entry it reverses. */
    reversesId: z.number().int().nullable(),
    /** For a reversed entry: its counter-entry. */
    reversedById: z.number().int().nullable(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  }),
);
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /users/:id/ledger: newest first. */
export const ledgerQuerySchema = lazy(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(20),
  }),
);

const reasonSchema = lazy(() =>
  z.string({ message: 'A reason is required' }).trim().min(1, 'A reason is required').max(500, 'The reason is at most 500 characters'),
);

/** POST /users/:id/adjustments (with the idempotency-key header). */
export const pointsAdjustmentSchema = lazy(() =>
  z.object({
    amount: z
      .number({ message: 'Enter a number of points' })
      .check(wholeNumber('Points are whole numbers'))
      .min(-POINTS_MAX, 'At most 1,000,000,000 points')
      .max(POINTS_MAX, 'At most 1,000,000,000 points')
      .refine((amount) => amount !== 0, 'An adjustment adds or removes at least 1 point'),
    reason: reasonSchema,
  }),
);
export type PointsAdjustment = z.infer<typeof pointsAdjustmentSchema>;

/** POST /users/:id/ledger/:entryId/reverse (with the idempotency-key header). */
export const pointsReversalSchema = lazy(() => z.object({ reason: reasonSchema }));
export type PointsReversal = z.infer<typeof pointsReversalSchema>;

/** What an adjustment or a reversal answers: the entry and the user after it; `replayed` when the key was seen before. */
export const ledgerChangeSchema = lazy(() => z.object({ entry: ledgerEntrySchema, user: pointAccountSchema, replayed: z.boolean() }));
export type LedgerChange = z.infer<typeof ledgerChangeSchema>;
