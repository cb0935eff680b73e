import type { Kysely } from 'kysely';
import type { LotteryTicket, LotteryTicketPage } from '@phoenix/contract';
import { type Cell, notFound } from '@phoenix/server/http';
import type { Database } from '../../db/database';
import '../../db/lotteryTables';

export const roundNotFound = () => notFound('This lottery round does not exist');

async function roundOf(db: Kysely<Database>, roundId: number) {
  const round = await db
    .selectFrom('points.lottery_rounds')
    .select(['id', 'ticket_price', 'seed_hash', 'prizes'])
    .where('id', '=', roundId)
    .executeTakeFirst();
  if (!round) throw roundNotFound();
  return round;
}

/** A page of a round's tickets in draw order (id ascending), with the counts a cancellation would touch. */
export async function ticketPage(db: Kysely<Database>, roundId: number, page: number, pageSize: number): Promise<LotteryTicketPage> {
  const round = await roundOf(db, roundId);
  const counts = await db
    .selectFrom('points.lottery_tickets')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('player_id').distinct().as('players')])
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('points.lottery_tickets')
    .select(['id', 'player_id', 'created_at'])
    .where('round_id', '=', roundId)
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const total = Number(counts.total);
  return {
    items: rows.map((r): LotteryTicket => ({ id: Number(r.id), playerId: r.player_id, createdAt: r.created_at.toISOString() })),
    total,
    page,
    pageSize,
    players: Number(counts.players),
    refundPoints: total * round.ticket_price,
  };
}

/**
 * The ticket CSV's rows (LOTTERY_TICKET_CSV_COLUMNS), in batches by keyset on the ticket id: every
 * row repeats the round id, its published seed hash and its prizes, so the file alone is the draw's input.
 */
export async function* ticketCsvBatches(db: Kysely<Database>, roundId: number, batchSize: number): AsyncGenerator<Cell[][]> {
  const round = await roundOf(db, roundId);
  const prizes = JSON.stringify(
    [...round.prizes].sort((a, b) => a.rank - b.rank).map(({ rank, reward, count }) => ({ rank, reward, count })),
  );
  const seedHash = round.seed_hash.trim();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('points.lottery_tickets')
      .select(['id', 'player_id'])
      .where('round_id', '=', roundId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    yield rows.map((r) => [roundId, Number(r.id), r.player_id, seedHash, prizes]);
    if (rows.length < batchSize) return;
    after = Number(rows.at(-1)!.id);
  }
}
