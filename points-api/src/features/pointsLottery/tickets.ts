import { sql, type Kysely } from 'kysely';
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

/** A round's tickets with the debit that paid each one (its amount) and the entry that already reversed it, if any. */
export function ticketDebits(db: Kysely<Database>, roundId: number) {
  return db
    .selectFrom('points.lottery_tickets as t')
    .leftJoin('points.ledger_entries as e', 'e.id', 't.entry_id')
    .leftJoin('points.ledger_entries as r', 'r.reverses_id', 't.entry_id')
    .select(['t.id', 't.player_id', 't.entry_id', 'e.amount', 'r.id as reversed_by'])
    .where('t.round_id', '=', roundId);
}

/** A page of a round's tickets in draw order (id ascending), with the counts a cancellation would touch. */
export async function ticketPage(db: Kysely<Database>, roundId: number, page: number, pageSize: number): Promise<LotteryTicketPage> {
  await roundOf(db, roundId);
  // What a cancellation would do (cancel.ts): reverse each debit not reversed yet; a ticket without one gets nothing.
  const counts = await db
    .selectFrom(ticketDebits(db, roundId).as('d'))
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('d.player_id').distinct().as('players'),
      sql<string>`count(*) filter (where d.entry_id is null)`.as('without_debit'),
      sql<string>`coalesce(sum(-d.amount) filter (where d.reversed_by is null), 0)`.as('refund_points'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('points.lottery_tickets')
    .select(['id', 'player_id', 'entry_id', 'created_at'])
    .where('round_id', '=', roundId)
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const total = Number(counts.total);
  return {
    items: rows.map((r): LotteryTicket => ({
      id: Number(r.id),
      playerId: r.player_id,
      entryId: r.entry_id,
      createdAt: r.created_at.toISOString(),
    })),
    total,
    page,
    pageSize,
    players: Number(counts.players),
    refundPoints: Number(counts.refund_points),
    withoutDebit: Number(counts.without_debit),
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
