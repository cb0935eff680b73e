import type { Transaction } from 'kysely';
import type { LotteryWinner } from '@phoenix/contract';
import type { LogActor } from '@phoenix/server/db';
import type { Database } from '../../db/database';
import type { DrawnWinner } from './draw';

/** The ledger key of one prize slot's payment: unique in the ledger, so a slot is paid once whatever runs it. */
export const prizeKeyOf = (roundId: number, slot: number) => `lottery-prize:${roundId}:${slot}`;

/**
 * Credits each winner its prize (a `lottery` entry keyed by round and slot) in the caller's
 * transaction, the round's row already locked. Winners are taken in player id order, so two
 * transactions locking several accounts (another draw, a cancellation) cannot deadlock. A winner
 * without a point account is kept with its reason, never dropped: the round shows it unpaid.
 */
export async function payPrizes(
  trx: Transaction<Database>,
  round: { id: number; name: string },
  winners: readonly DrawnWinner[],
  actor: LogActor,
  now: Date,
): Promise<LotteryWinner[]> {
  const paid = new Map<number, LotteryWinner>();
  for (const winner of [...winners].sort((a, b) => a.playerId - b.playerId || a.slot - b.slot)) {
    paid.set(winner.slot, await payPrize(trx, round, winner, actor, now));
  }
  return winners.map((w) => paid.get(w.slot)!);
}

/** One slot's payment: the entry's id, or the reason it could not be made. */
export async function payPrize(
  trx: Transaction<Database>,
  round: { id: number; name: string },
  winner: DrawnWinner,
  actor: LogActor,
  now: Date,
): Promise<LotteryWinner> {
  const account = await trx.selectFrom('points.accounts').select('id').where('id', '=', winner.playerId).forUpdate().executeTakeFirst();
  if (!account) return { ...winner, entryId: null, unpaidReason: 'noPointAccount' };
  const entry = await trx
    .insertInto('points.ledger_entries')
    .values({
      player_id: winner.playerId,
      kind: 'lottery',
      amount: winner.reward,
      reason: `Prize (rank ${winner.rank}, ticket ${winner.ticketId}) of lottery round ${round.id} "${round.name}"`.slice(0, 500),
      reverses_id: null,
      idempotency_key: prizeKeyOf(round.id, winner.slot),
      created_at: now,
      created_by: actor.email,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    slot: winner.slot,
    rank: winner.rank,
    reward: winner.reward,
    ticketId: winner.ticketId,
    playerId: winner.playerId,
    entryId: entry.id,
    unpaidReason: null,
  };
}
