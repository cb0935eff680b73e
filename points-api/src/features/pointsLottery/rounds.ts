import type { Transaction } from 'kysely';
import { lotteryRoundsResource, type LotteryRound, type LotteryRoundCreate, type LotteryStatus } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { toJson, writeActionLog, sortKey } from '@phoenix/server/db';
import type { Database } from '../../db/database';
import { versionedResource, type RowOf } from '../../db/versioned';
import { validationFailed } from '@phoenix/server/http';
import { drawWinners } from './draw';
import { payPrizes } from './prizes';
import '../../db/lotteryTables';

export const LOTTERY_DRAW_QUEUE = 'points-lottery-draw';
/** The job's data: `drawAt` tells a job left behind by a rescheduled round (it then does nothing). */
export interface LotteryDrawJob {
  roundId: number;
  drawAt: string;
}

type RoundRow = RowOf<'points.lottery_rounds'>;
/** The verb of a prize paid again (prizeRetry.ts): the one change a drawn round still takes. */
export const PAY_PRIZE = 'payPrize';

export function statusOf(row: Pick<RoundRow, 'drawn_at' | 'draw_at' | 'cancelled_at'>, now: Date): LotteryStatus {
  if (row.cancelled_at) return 'cancelled';
  if (row.drawn_at) return 'drawn';
  return row.draw_at <= now ? 'drawing' : 'open';
}

const byRank = <T extends { rank: number }>(prizes: readonly T[]) => [...prizes].sort((a, b) => a.rank - b.rank);

export const lotteryRounds = versionedResource(lotteryRoundsResource, {
  table: 'points.lottery_rounds',
  toApi: (row, now): LotteryRound => ({
    id: row.id,
    name: row.name,
    ticketPrice: row.ticket_price,
    prizes: row.prizes,
    drawAt: row.draw_at.toISOString(),
    status: statusOf(row, now),
    seedHash: row.seed_hash.trim(),
    // The secret stays secret until the draw is stored.
    seed: row.drawn_at ? row.seed.trim() : null,
    ticketCount: row.ticket_count,
    drawnAt: row.drawn_at ? row.drawn_at.toISOString() : null,
    winners: (row.winners ?? []).map((w) => ({
      ...w,
      entryId: w.entryId ?? null,
      // A round drawn before prizes were paid through the ledger (migration 0034) still owes them.
      unpaidReason: w.entryId ? null : (w.unpaidReason ?? 'drawnBeforePayment'),
    })),
    cancelledAt: row.cancelled_at ? row.cancelled_at.toISOString() : null,
    cancelledBy: row.cancelled_by,
    refund: row.cancelled_refund,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  toColumns: (input: LotteryRoundCreate) => {
    throw new Error(`A lottery round is created by createRound (${input.name})`);
  },
  toChanges: (input) => ({
    name: input.name,
    ticket_price: input.ticketPrice,
    prizes: toJson(byRank(input.prizes)) ?? '[]',
    draw_at: new Date(input.drawAt),
  }),
  sortKeys: {
    drawAt: sortKey('draw_at', 'plain'),
    name: sortKey('name', 'text'),
    ticketPrice: sortKey('ticket_price', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['name'],
  filters: [
    (qb, query, now) => {
      if (query.status === 'cancelled') return qb.where('cancelled_at', 'is not', null);
      if (query.status === 'drawn') return qb.where('drawn_at', 'is not', null);
      const pending = qb.where('drawn_at', 'is', null).where('cancelled_at', 'is', null);
      if (query.status === 'drawing') return pending.where('draw_at', '<=', now);
      if (query.status === 'open') return pending.where('draw_at', '>', now);
      return qb;
    },
  ],
  validate: (input, now) => {
    if (new Date(input.drawAt) <= now) throw validationFailed({ drawAt: ['Pick a draw time in the future'] });
  },
  frozen: (row, now, verb) => {
    if (verb === PAY_PRIZE) return null; // paying a drawn round's prize changes no term of the round
    if (row.cancelled_at) return 'This round has been cancelled: it can no longer change';
    if (row.drawn_at) return 'This round has been drawn: it can no longer change';
    if (row.draw_at <= now) return 'This round is being drawn: it can no longer change';
    return null;
  },
});

const SYSTEM = { id: null, email: 'system (lottery draw)' };

/**
 * Draws a round once: under the round's row lock, only while `drawn_at is null` and the draw time
 * is the one the job was sent for. A retried or duplicated job, one left by a rescheduled round,
 * or one of a cancelled round (should its job cancellation have been missed), changes nothing. Returns whether this call drew it.
 */
export async function drawRound(ctx: AppContext, job: LotteryDrawJob): Promise<boolean> {
  let drew = false;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('points.lottery_rounds')
      .selectAll()
      .where('id', '=', job.roundId)
      .where('drawn_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('draw_at', '=', new Date(job.drawAt))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    const now = ctx.now();
    const before = lotteryRounds.toApi(row, now);
    const tickets = await ticketsOf(trx, row.id);
    const winners = await payPrizes(trx, row, drawWinners(row.seed.trim(), tickets, row.prizes), SYSTEM, now);
    const drawn = await trx
      .updateTable('points.lottery_rounds')
      .set({ drawn_at: now, winners: toJson(winners) ?? '[]', ticket_count: tickets.length, job_id: null })
      .where('id', '=', row.id)
      .where('drawn_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!drawn) return;
    const after = lotteryRounds.toApi(drawn, now);
    await writeDrawLog(trx, { before, after, id: row.id }, now);
    const unpaid = after.winners.filter((w) => w.unpaidReason);
    // Never dropped silently: the log names each prize that could not be paid (the round's page offers the retry).
    if (unpaid.length > 0) {
      await writeActionLog(
        trx,
        SYSTEM,
        { action: 'pointsLotteryRound.prizeUnpaid', targetType: 'pointsLotteryRound', targetId: row.id, before: null, after: { unpaid } },
        now,
      );
    }
    drew = true;
  });
  return drew;
}

async function writeDrawLog(trx: Transaction<Database>, change: { id: number; before: LotteryRound; after: LotteryRound }, now: Date) {
  await writeActionLog(
    trx,
    SYSTEM,
    {
      action: 'pointsLotteryRound.draw',
      targetType: 'pointsLotteryRound',
      targetId: change.id,
      before: change.before,
      after: change.after,
    },
    now,
  );
}

/** Every ticket of a round (id, player): the list the draw and a verifier use. */
export async function ticketsOf(db: Transaction<Database> | AppContext['db'], roundId: number) {
  const rows = await db
    .selectFrom('points.lottery_tickets')
    .select(['id', 'player_id'])
    .where('round_id', '=', roundId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), playerId: r.player_id }));
}
