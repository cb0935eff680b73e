import type { ColumnType, Generated } from 'kysely';
import type { LedgerEntryKind } from '@phoenix/contract';

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
type BigIntColumn = ColumnType<string | number, number, number>;

export interface PointAccountTable extends Omit<VersionedColumns, 'id'> {
  /** The player's id in the game (not generated here). */
  id: number;
  /** Lower case 0x address. */
  wallet: string | null;
  balance: ColumnType<string | number, number | undefined, number>;
  booster_percent: ColumnType<number, number | undefined, number>;
  last_activity_at: Date | null;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  player_id: number;
  kind: LedgerEntryKind;
  amount: number;
  balance_after: BigIntColumn;
  reason: ColumnType<string, string | undefined, string>;
  reverses_id: number | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  created_by: string | null;
}

export interface PointsLedgerTables {
  'points.tasks': PointsTaskTable;
  'points.users': PointAccountTable;
  'points.ledger_entries': LedgerEntryTable;
}
