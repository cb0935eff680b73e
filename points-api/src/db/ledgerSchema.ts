import type { ColumnType, Generated } from 'kysely';
import type { EconomyReconciliation, LedgerEntryKind } from '@phoenix/contract';

// Tasks, point accounts and their ledger (migrations 0010–0019), joined to the BFF's Database type
// the same way as ./schema.ts.

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The versioned-record columns (db/versionedResource.ts in the BFF). */
interface VersionedColumns {
  id: Generated<number>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface PointsTaskTable extends VersionedColumns {
  title: string;
  type: 'social' | 'daily' | 'onChain';
  reward_points: number;
  link: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reset_time: string | null;
}

/** bigint columns: the driver answers them as text (pg) or number (PGlite); read them with Number(). */
export interface PointAccountTable extends Omit<VersionedColumns, 'id'> {
  /** The player's id in the game (not generated here). */
  id: number;
  /** Lower case 0x address. */
  wallet: string | null;
  /** Moved only by ledger entries (migration 0032): an account opens at 0. */
  balance: ColumnType<string | number, never, never>;
  booster_percent: ColumnType<number, number | undefined, number>;
  last_activity_at: Date | null;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  player_id: number;
  kind: LedgerEntryKind;
  amount: number;
  /** Set by the database when the entry is inserted (migration 0032): the balance right after it. */
  balance_after: ColumnType<string | number, never, never>;
  reason: ColumnType<string, string | undefined, string>;
  reverses_id: number | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  created_by: string | null;
}

/** One row per night's reconciliation (migration 0035): queued once, its figures stored once. */
export interface EconomyReconciliationTable {
  /** YYYY-MM-DD (UTC): the day the run starts, at 03:00. */
  night: string;
  job_id: string | null;
  ran_at: Date | null;
  figures: ColumnType<EconomyReconciliation | null, string | undefined, string>;
}

/** One row per UTC day of the economy's rollup (migration 0037): queued once, its figures set once rolled. */
export interface EconomyDaysTable {
  day: string;
  job_id: string | null;
  rolled_at: Date | null;
  issued: ColumnType<Partial<Record<LedgerEntryKind, number>>, string | undefined, string>;
  spent: ColumnType<Partial<Record<LedgerEntryKind, number>>, string | undefined, string>;
  refunded: ColumnType<string | number, number | undefined, number>;
  reversed_away: ColumnType<string | number, number | undefined, number>;
  entries: ColumnType<number, number | undefined, number>;
}

export interface PointsLedgerTables {
  'points.tasks': PointsTaskTable;
  'points.accounts': PointAccountTable;
  'points.ledger_entries': LedgerEntryTable;
  'points.economy_reconciliations': EconomyReconciliationTable;
  'points.economy_days': EconomyDaysTable;
}
