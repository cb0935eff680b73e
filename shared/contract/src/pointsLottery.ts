import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, optionalQueryEnum, wholeNumber } from './fields';
import { lazy } from './lazy';

// Points lottery rounds (served by the points API, `pointsApiBase`). A round publishes the SHA-256
// of a secret seed when it is created; at its draw time a durable job draws the winners once and
// reveals the seed, so anyone can recompute the winners from the seed and the ticket list.

// A round cancelled before its draw refunds every ticket through the ledger and is never drawn.
export const LOTTERY_STATUSES = ['open', 'drawing', 'drawn', 'cancelled'] as const;
export type LotteryStatus = (typeof LOTTERY_STATUSES)[number];
export const LOTTERY_PRIZES_MAX = 20;
/** Why a drawn prize is unpaid: the winner has no point account (yet), or it was drawn before prizes were paid (migration 0034). */
export const LOTTERY_UNPAID_REASONS = ['noPointAccount', 'drawnBeforePayment'] as const;
export type LotteryUnpaidReason = (typeof LOTTERY_UNPAID_REASONS)[number];

/** What a cancellation refunded: each ticket's debit reversed; tickets without one (sold before debits existed) are counted, not minted. */
export const lotteryRefundSchema = lazy(() =>
  z.object({
    tickets: z.number().int(),
    players: z.number().int(),
    points: z.number().int(),
    /** Tickets with no debit to reverse: nothing was taken, so nothing is given back. */
    withoutDebit: z.number().int(),
    /** Tickets whose debit an admin had already reversed by hand. */
    alreadyReversed: z.number().int(),
  }),
);
export type LotteryRefund = z.infer<typeof lotteryRefundSchema>;
export const LOTTERY_PRIZE_COUNT_MAX = 1000;

const wholePoints = (what: string, min: number) =>
  z.coerce
    .number({ message: `Enter ${what}` })
    .check(wholeNumber(`${what[0]!.toUpperCase()}${what.slice(1)} is a whole number`))
    .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} is at least ${min}`)
    .max(100_000_000, `${what[0]!.toUpperCase()}${what.slice(1)} is at most 100,000,000`);

const prizeSchema = lazy(() =>
  z.object({
    rank: z.coerce
      .number({ message: 'Enter a rank' })
      .check(wholeNumber('The rank is a whole number'))
      .min(1, 'The rank is at least 1')
      .max(100, 'The rank is at most 100'),
    /** Points each winner of this prize receives. */
    reward: wholePoints('a reward', 1),
    /** How many tickets win this prize. */
    count: z.coerce
      .number({ message: 'Enter a count' })
      .check(wholeNumber('The count is a whole number'))
      .min(1, 'The count is at least 1')
      .max(LOTTERY_PRIZE_COUNT_MAX, `The count is at most ${LOTTERY_PRIZE_COUNT_MAX}`),
  }),
);
export type LotteryPrize = z.infer<typeof prizeSchema>;

const roundFields = lazy(() =>
  z.object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
    ticketPrice: wholePoints('a ticket price', 1),
    prizes: z
      .array(prizeSchema, { message: 'Add at least one prize' })
      .min(1, 'Add at least one prize')
      .max(LOTTERY_PRIZES_MAX, `At most ${LOTTERY_PRIZES_MAX} prizes`),
    /** Entered in the admin's time zone, sent as ISO; must be in the future (checked on the server's clock). */
    drawAt: isoDateTimeSchema,
  }),
);

function distinctRanks(input: { prizes: { rank: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  input.prizes.forEach((prize, index) => {
    if (seen.has(prize.rank)) ctx.addIssue({ code: 'custom', path: ['prizes', index, 'rank'], message: 'Each rank appears once' });
    seen.add(prize.rank);
  });
}

export const lotteryRoundCreateSchema = lazy(() => roundFields.superRefine(distinctRanks));
export type LotteryRoundCreate = z.infer<typeof lotteryRoundCreateSchema>;
export const lotteryRoundUpdateSchema = lazy(() => roundFields.extend({ version: versionSchema }).superRefine(distinctRanks));
export type LotteryRoundUpdate = z.infer<typeof lotteryRoundUpdateSchema>;

export const lotteryWinnerSchema = lazy(() =>
  z.object({
    /** Prize slots in draw order: rank 1's slots first, then rank 2's, ... */
    slot: z.number().int(),
    rank: z.number().int(),
    reward: z.number().int(),
    ticketId: z.number().int(),
    playerId: z.number().int(),
    /** The ledger entry that paid this prize; null while it is unpaid. */
    entryId: z.number().int().nullable(),
    /** Why the prize could not be paid (the admin retries it once the cause is fixed); null once paid. */
    unpaidReason: z.enum(LOTTERY_UNPAID_REASONS).nullable(),
  }),
);
export type LotteryWinner = z.infer<typeof lotteryWinnerSchema>;

export const lotteryRoundSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    ticketPrice: z.number().int(),
    prizes: z.array(prizeSchema),
    drawAt: z.string(),
    status: z.enum(LOTTERY_STATUSES),
    /** SHA-256 (hex) of the secret seed, published when the round is created. */
    seedHash: z.string(),
    /** The seed (hex), revealed once the round is drawn; null before. */
    seed: z.string().nullable(),
    ticketCount: z.number().int(),
    drawnAt: z.string().nullable(),
    /** Empty until drawn (and when no ticket was sold). */
    winners: z.array(lotteryWinnerSchema),
    /** Set when the round was cancelled (its tickets refunded); never drawn then. */
    cancelledAt: z.string().nullable(),
    cancelledBy: z.string().nullable(),
    /** What the cancellation refunded; null for an uncancelled round (and one cancelled before this was kept). */
    refund: lotteryRefundSchema.nullable(),
  }),
);
export type LotteryRound = z.infer<typeof lotteryRoundSchema>;

export const lotteryRoundQuerySchema = lazy(() =>
  listQuerySchema.extend({
    status: optionalQueryEnum(LOTTERY_STATUSES, 'Pick a status'),
  }),
);
export const LOTTERY_SORTS = ['drawAt', 'name', 'ticketPrice', 'updatedAt'] as const;

export const lotteryRoundsResource = defineResource({
  scope: 'economy',
  api: 'points',
  path: '/lottery/rounds',
  target: 'pointsLotteryRound',
  noun: 'lottery round',
  schemas: {
    record: lotteryRoundSchema,
    create: lotteryRoundCreateSchema,
    update: lotteryRoundUpdateSchema,
    query: lotteryRoundQuerySchema,
  },
  sorts: LOTTERY_SORTS,
  defaultSort: { sort: 'drawAt', order: 'desc' },
  csv: {
    filename: 'lottery-rounds.csv',
    columns: [
      'id',
      'name',
      'ticketPrice',
      'drawAt',
      'status',
      'ticketCount',
      'seedHash',
      'seed',
      'drawnAt',
      'version',
      'updatedAt',
      'updatedBy',
    ],
  },
  remove: false,
});

/** One ticket of a round, as the draw sees it (id order is the draw's order). */
export const lotteryTicketSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    playerId: z.number().int(),
    /** The debit that paid for it; null for a ticket sold before tickets were paid through the ledger. */
    entryId: z.number().int().nullable(),
    createdAt: z.string(),
  }),
);
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;

export const lotteryTicketQuerySchema = lazy(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
);

/** GET /lottery/rounds/:id/tickets's answer (LotteryTicketPage). */
export const lotteryTicketPageSchema = lazy(() =>
  z.object({
    items: z.array(lotteryTicketSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    players: z.number().int(),
    refundPoints: z.number(),
    withoutDebit: z.number().int(),
  }),
);

/** A page of tickets, with what a cancellation would touch: distinct players, points refunded, tickets with nothing to refund. */
export interface LotteryTicketPage {
  items: LotteryTicket[];
  total: number;
  page: number;
  pageSize: number;
  players: number;
  /** The sum of the debits a cancellation would reverse. */
  refundPoints: number;
  /** Tickets without a debit: a cancellation refunds them nothing (nothing was taken). */
  withoutDebit: number;
}

/**
 * The ticket CSV: one row per ticket, ticket id ascending, each row carrying the round's published
 * seed hash and prizes (JSON), so the file alone plus the revealed seed re-runs the draw
 * (scripts/lottery-verify.mjs).
 */
export const LOTTERY_TICKET_CSV_COLUMNS = ['roundId', 'ticketId', 'playerId', 'seedHash', 'prizes'] as const;

/** Cancel a round before its draw: the admin confirms the ticket count they were shown (409 if it moved). */
export const lotteryRoundCancelSchema = lazy(() =>
  z.object({
    version: versionSchema,
    ticketCount: z.coerce.number().int().min(0).max(2_147_483_647),
  }),
);
export type LotteryRoundCancel = z.infer<typeof lotteryRoundCancelSchema>;

/** The game server's routes (the points API): called with GAME_SERVER_TOKEN, never by the console. */
export const GAME_SERVER_PREFIX = '/game';

/**
 * A ticket bought on the player side, sent by the game's server (its own credential, not an admin
 * session). `purchaseId` is the game's id of the purchase: sent again, it answers the same ticket.
 * `ticketPrice` is the price the player was shown: a round whose price differs refuses it.
 */
export const lotteryPurchaseSchema = lazy(() =>
  z.object({
    purchaseId: z
      .string({ message: 'Send the purchase id' })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The purchase id is 8 to 100 letters, digits, - or _'),
    playerId: z.number({ message: 'Send the player id' }).check(wholeNumber('The player id is a whole number')).min(1).max(2_147_483_647),
    ticketPrice: z
      .number({ message: 'Send the ticket price' })
      .check(wholeNumber('The ticket price is a whole number'))
      .min(1)
      .max(100_000_000),
  }),
);
export type LotteryPurchase = z.infer<typeof lotteryPurchaseSchema>;

export const lotteryPurchaseResultSchema = lazy(() =>
  z.object({
    ticketId: z.number().int(),
    roundId: z.number().int(),
    playerId: z.number().int(),
    /** The `lottery` debit that paid for the ticket. */
    entryId: z.number().int(),
    /** The player's balance after the purchase (now, for a replay). */
    balance: z.number().int(),
    /** True when this purchase id had already bought this ticket. */
    replayed: z.boolean(),
  }),
);
export type LotteryPurchaseResult = z.infer<typeof lotteryPurchaseResultSchema>;

/** Pay a drawn prize again after its cause was fixed (e.g. the winner's point account now exists). */
export const lotteryPrizePaySchema = lazy(() =>
  z.object({
    version: versionSchema,
    slot: z.coerce
      .number()
      .int()
      .min(0)
      .max(LOTTERY_PRIZES_MAX * LOTTERY_PRIZE_COUNT_MAX),
  }),
);
export type LotteryPrizePay = z.infer<typeof lotteryPrizePaySchema>;
