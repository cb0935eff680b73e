import { sql, type Kysely } from 'kysely';
import type { LotteryPurchase, LotteryPurchaseResult } from '@phoenix/contract';
import { conflict, notFound, validationFailed } from '@phoenix/server/http';
import { isUniqueViolation } from '@phoenix/server/db';
import type { Database } from '../../db/database';

/**
 * The refusals of `points.buy_lottery_ticket` (migration 0034), by SQLSTATE: each a 4xx the game's
 * server can act on, and nothing written (the function's transaction is rolled back whole).
 */
const REFUSALS: Record<string, () => Error> = {
  LT404: () => notFound('This lottery round does not exist'),
  LT405: () => notFound('This player has no point account'),
  LT409: () => conflict(null, 'This lottery round is no longer on sale: it was drawn or cancelled, or its draw time has passed'),
  LT410: () => validationFailed({ ticketPrice: ['The ticket price does not match the round'] }),
  LT402: () => conflict(null, 'Not enough points for this ticket'),
  LT422: () => conflict(null, 'This purchase id was already used for another ticket'),
};

/** Buys one ticket through the database's one path: the debit and the ticket together, once per purchase id. */
export async function buyTicket(
  db: Kysely<Database>,
  roundId: number,
  input: LotteryPurchase,
  now: Date,
  retried = false,
): Promise<LotteryPurchaseResult> {
  try {
    const { rows } = await sql<{ ticket_id: number; entry_id: number; replayed: boolean }>`
      select * from points.buy_lottery_ticket(${roundId}, ${input.playerId}, ${input.purchaseId}, ${input.ticketPrice}, ${now})`.execute(
      db,
    );
    const bought = rows[0]!;
    const account = await db.selectFrom('points.accounts').select('balance').where('id', '=', input.playerId).executeTakeFirstOrThrow();
    return {
      ticketId: bought.ticket_id,
      roundId,
      playerId: input.playerId,
      entryId: bought.entry_id,
      balance: Number(account.balance),
      replayed: bought.replayed,
    };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const refusal = typeof code === 'string' ? REFUSALS[code] : undefined;
    if (refusal) throw refusal();
    // The same purchase id sent for two rounds at once (two round locks): the second finds the first now.
    if (isUniqueViolation(error) && !retried) return buyTicket(db, roundId, input, now, true);
    throw error;
  }
}
