import type { Transaction } from 'kysely';
import { keyedMessage, type LotteryRefund, type LotteryRound, type LotteryRoundCancel } from '@phoenix/contract';
import type { Actor } from '../../context';
import { toJson, type Outcome } from '@phoenix/server/db';
import type { Database } from '../../db/database';
import { conflict } from '@phoenix/server/http';
import type { JobRunner } from '@phoenix/server/jobs';
import { LOTTERY_DRAW_QUEUE, lotteryRounds } from './rounds';
import { roundNotFound, ticketDebits } from './tickets';

/** The ledger key of one ticket's refund: unique in the ledger, so a ticket is refunded once whatever happens. */
export const refundKeyOf = (roundId: number, ticketId: number) => `lottery-refund:${roundId}:${ticketId}`;

/**
 * Cancels a round before its draw, in the caller's transaction (`mutate`: the action log entry is
 * written with it): under the round's row lock (which the ticket trigger also takes, so no ticket
 * slips in), every ticket's debit is reversed (one `reversal` entry each, with its own
 * idempotency key), the round is marked cancelled and its draw job cancelled. A second cancel finds
 * the round cancelled and is a 409 carrying the round; nothing is refunded twice.
 */
export async function cancelRound(
  trx: Transaction<Database>,
  jobs: JobRunner,
  id: number,
  input: LotteryRoundCancel,
  actor: Actor,
  now: Date,
): Promise<Outcome<LotteryRound>> {
  const row = await trx.selectFrom('points.lottery_rounds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw roundNotFound();
  const before = lotteryRounds.toApi(row, now);
  if (row.cancelled_at) throw conflict(before, 'This round has already been cancelled: its tickets were refunded then');
  const frozen = lotteryRounds.spec.frozen?.(row, now, 'cancel');
  if (frozen) throw conflict(before, frozen);
  if (row.version !== input.version) throw conflict(before);
  if (row.ticket_count !== input.ticketCount) {
    throw conflict(before, keyedMessage('this_round_now_has_n_tickets_not_m', { tickets: row.ticket_count, confirmed: input.ticketCount }));
  }

  const refund = await refundTickets(trx, row, actor, now);

  const updated = await trx
    .updateTable('points.lottery_rounds')
    .set((eb) => ({
      cancelled_at: now,
      cancelled_by: actor.email,
      cancelled_refund: toJson(refund),
      job_id: null,
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: actor.email,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (row.job_id) await jobs.cancel(trx, LOTTERY_DRAW_QUEUE, row.job_id);
  const after = lotteryRounds.toApi(updated, now);
  return {
    result: after,
    log: { action: 'pointsLotteryRound.cancel', targetType: 'pointsLotteryRound', targetId: id, before, after },
  };
}

/**
 * Each ticket's debit reversed (a `reversal` entry naming it, + what it took), taken in player id order
 * so two cancellations sharing players cannot deadlock. A ticket without a debit (sold before debits
 * existed) gets nothing: nothing was taken. A debit an admin already reversed by hand is not reversed twice.
 */
async function refundTickets(
  trx: Transaction<Database>,
  round: { id: number; name: string },
  actor: Actor,
  now: Date,
): Promise<LotteryRefund> {
  // The holders' accounts first, in id order: a reversal of one of these debits by an admin (which
  // locks its account) then either came before (seen below as reversed) or waits and finds it reversed.
  const holders = await trx.selectFrom('points.lottery_tickets').select('player_id').distinct().where('round_id', '=', round.id).execute();
  if (holders.length > 0) {
    await trx
      .selectFrom('points.accounts')
      .select('id')
      .where(
        'id',
        'in',
        holders.map((h) => h.player_id),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  const tickets = await ticketDebits(trx, round.id).orderBy('t.player_id').orderBy('t.id').execute();
  const due = tickets.filter((t) => t.entry_id !== null && t.reversed_by === null);
  const entries = due.map((ticket) => ({
    player_id: ticket.player_id,
    kind: 'reversal' as const,
    amount: -ticket.amount!,
    reason: `Refund of ticket ${ticket.id}: lottery round ${round.id} "${round.name}" was cancelled`.slice(0, 500),
    reverses_id: ticket.entry_id,
    idempotency_key: refundKeyOf(round.id, ticket.id),
    created_at: now,
    created_by: actor.email,
  }));
  // In slices: a bind-parameter list stays far below PostgreSQL's 65,535. Each entry moves its balance (migration 0032).
  for (let i = 0; i < entries.length; i += 1_000) {
    await trx
      .insertInto('points.ledger_entries')
      .values(entries.slice(i, i + 1_000))
      .execute();
  }
  const players = [...new Set(due.map((t) => t.player_id))];
  if (players.length > 0) {
    await trx
      .updateTable('points.accounts')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: now, updated_by: actor.email }))
      .where('id', 'in', players)
      .execute();
  }
  return {
    tickets: due.length,
    players: players.length,
    points: entries.reduce((sum, e) => sum + e.amount, 0),
    withoutDebit: tickets.filter((t) => t.entry_id === null).length,
    alreadyReversed: tickets.filter((t) => t.entry_id !== null && t.reversed_by !== null).length,
  };
}
