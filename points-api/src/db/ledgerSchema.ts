import type { ColumnType, Generated } from 'kysely';

// Tasks, point users and their ledger (migrations 0010–0019), joined to the BFF's Database type
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

export interface PointsLedgerTables {
  'points.tasks': PointsTaskTable;
}

declare module '@phoenix/bff/src/db/schema' {
  interface Database extends PointsLedgerTables {}
}
