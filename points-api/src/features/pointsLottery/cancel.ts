import type { Transaction } from 'kysely';
import { keyedMessage, type LotteryRound, type LotteryRoundCancel } from '@phoenix/contract';
import type { Actor } from '../../context';
import type { Outcome } from '@phoenix/server/db';
import type { Database } from '../../db/database';
import { conflict } from '@phoenix/server/http';
import type { JobRunner } from '@phoenix/server/jobs';
import { LOTTERY_DRAW_QUEUE, lotteryRounds } from './rounds';
import { roundNotFound } from './tickets';

/** The ledger key of one ticket's refund: unique in the ledger, so a ticket is refunded once whatever happens. */
export const refundKeyOf = (roundId: number, ticketId: number) => `lottery-refund:${roundId}:${ticketId}`;

export interface LotteryRefund {
  tickets: number;
  players: number;
  points: number;
}

/**
 * Cancels a round before its draw, in the caller's transaction (`mutate`: the action log entry is
 * written with it): under the round's row lock (which the ticket trigger also takes, so no ticket
 * slips in), every ticket is refunded its price as one `lottery` ledger entry with its own
 * idempotency key, the round is marked cancelled and its draw job cancelled. A second cancel finds
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

  const tickets = await trx
    .selectFrom('points.lottery_tickets')
    .select(['id', 'player_id'])
    .where('round_id', '=', id)
    .orderBy('id')
    .execute();
  const refund = await refundTickets(trx, row, tickets, actor, now);

  const updated = await trx
    .updateTable('points.lottery_rounds')
    .set((eb) => ({
      cancelled_at: now,
      cancelled_by: actor.email,
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
    log: { action: 'pointsLotteryRound.cancel', targetType: 'pointsLotteryRound', targetId: id, before, after: { ...after, refund } },
  };
}

type TicketRow = { id: number; player_id: number };

/**
 * One ledger entry per ticket (kind `lottery`, + the ticket price; each entry moves the balance),
 * each player's row locked first, taken in player id order so two cancellations sharing players cannot
 * deadlock. A holder without a point account is refused (409): the refund would have nowhere to go.
 */
async function refundTickets(
  trx: Transaction<Database>,
  round: { id: number; name: string; ticket_price: number },
  tickets: TicketRow[],
  actor: Actor,
  now: Date,
): Promise<LotteryRefund> {
  const byPlayer = new Map<number, TicketRow[]>();
  for (const ticket of tickets) byPlayer.set(ticket.player_id, [...(byPlayer.get(ticket.player_id) ?? []), ticket]);
  const playerIds = [...byPlayer.keys()].sort((a, b) => a - b);
  if (playerIds.length === 0) return { tickets: 0, players: 0, points: 0 };
  const users = await trx.selectFrom('points.users').select(['id']).where('id', 'in', playerIds).orderBy('id').forUpdate().execute();
  const missing = playerIds.filter((p) => !users.some((u) => u.id === p));
  if (missing.length) {
    throw conflict(
      null,
      keyedMessage('players_have_no_point_account_tickets_cannot_be_refunded', { players: missing.slice(0, 20).join(', ') }),
    );
  }
  for (const user of users) {
    // Each entry moves the balance as it is inserted (migration 0032).
    const entries = byPlayer.get(user.id)!.map((ticket) => {
      return {
        player_id: user.id,
        kind: 'lottery' as const,
        amount: round.ticket_price,
        reason: `Refund of ticket ${ticket.id}: lottery round ${round.id} "${round.name}" was cancelled`.slice(0, 500),
        reverses_id: null,
        idempotency_key: refundKeyOf(round.id, Number(ticket.id)),
        created_at: now,
        created_by: actor.email,
      };
    });
    // In slices: a bind-parameter list stays far below PostgreSQL's 65,535.
    for (let i = 0; i < entries.length; i += 1_000)
      await trx
        .insertInto('points.ledger_entries')
        .values(entries.slice(i, i + 1_000))
        .execute();
    await trx
      .updateTable('points.users')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: now, updated_by: actor.email }))
      .where('id', '=', user.id)
      .execute();
  }
  return { tickets: tickets.length, players: playerIds.length, points: tickets.length * round.ticket_price };
}
