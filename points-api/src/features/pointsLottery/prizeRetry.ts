import type { Transaction } from 'kysely';
import { keyedMessage, type LotteryPrizePay, type LotteryRound } from '@phoenix/contract';
import { toJson, type LogActor, type Outcome } from '@phoenix/server/db';
import { conflict } from '@phoenix/server/http';
import type { Database } from '../../db/database';
import { payPrize } from './prizes';
import { lotteryRounds, PAY_PRIZE } from './rounds';

/**
 * Pays one unpaid prize of a drawn round again (its cause fixed, e.g. the winner now has a point
 * account), under the round's row lock: a second retry finds it paid (409 carrying the round).
 */
export async function retryPrize(
  trx: Transaction<Database>,
  id: number,
  input: LotteryPrizePay,
  actor: LogActor,
  now: Date,
): Promise<Outcome<LotteryRound>> {
  // The round's lock and version check, as every edit takes them (a drawn round is not frozen for this verb).
  const { row, before } = await lotteryRounds.lockVersion(trx, id, input.version, now, PAY_PRIZE);
  const winner = before.winners.find((w) => w.slot === input.slot);
  if (!winner) throw conflict(before, 'This round has no winner in this prize slot');
  if (winner.entryId !== null) throw conflict(before, keyedMessage('this_prize_was_paid_ledger_entry_n', { entry: winner.entryId }));
  const payment = await payPrize(trx, row, winner, actor, now);
  if (payment.entryId === null) {
    throw conflict(before, keyedMessage('player_still_has_no_point_account_the_prize_stays_unpaid', { player: winner.playerId }));
  }
  const winners = before.winners.map((w) => (w.slot === input.slot ? payment : w));
  const updated = await trx
    .updateTable('points.lottery_rounds')
    .set((eb) => ({ winners: toJson(winners) ?? '[]', version: eb('version', '+', 1), updated_at: now, updated_by: actor.email }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const after = lotteryRounds.toApi(updated, now);
  return { result: after, log: { action: 'pointsLotteryRound.payPrize', targetType: 'pointsLotteryRound', targetId: id, before, after } };
}
