import type { ColumnType } from 'kysely';
import type { LotteryRefund, LotteryWinner } from '@phoenix/contract';

type StoredWinner = Omit<LotteryWinner, 'entryId' | 'unpaidReason'> & Partial<Pick<LotteryWinner, 'entryId' | 'unpaidReason'>>;

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface LotteryRoundsTable {
  id: ColumnType<number, never, never>;
  name: string;
  ticket_price: number;
  /** jsonb [{ rank, reward, count }], rank ascending. */
  prizes: Json<{ rank: number; reward: number; count: number }[]>;
  draw_at: Timestamp;
  /** Secret until drawn_at is set: never served before. */
  seed: string;
  seed_hash: string;
  job_id: string | null;
  drawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Kept by a trigger on lottery_tickets; frozen once drawn. */
  ticket_count: ColumnType<number, never, number>;
  /** Frozen by the draw; `entryId` / `unpaidReason` record each prize's payment (migration 0034; absent before). */
  winners: ColumnType<StoredWinner[] | null, string | null | undefined, string | null>;
  /** Set by a cancellation before the draw (tickets refunded); a trigger then refuses tickets. */
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the cancellation refunded (migration 0034; null for rounds cancelled before it). */
  cancelled_refund: ColumnType<LotteryRefund | null, string | null | undefined, string | null>;
  version: number;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  updated_by: string | null;
}

export interface LotteryTicketsTable {
  id: ColumnType<number, never, never>;
  round_id: number;
  player_id: number;
  /** The `lottery` debit that paid for it; null only for tickets sold before migration 0034. */
  entry_id: ColumnType<number | null, number, never>;
  /** The game's purchase id: one ticket per purchase. */
  purchase_id: ColumnType<string | null, string, never>;
  created_at: TimestampDefault;
}

export interface PointsLotteryTables {
  'points.lottery_rounds': LotteryRoundsTable;
  'points.lottery_tickets': LotteryTicketsTable;
}
