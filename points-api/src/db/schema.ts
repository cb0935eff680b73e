import type { ColumnType, Generated } from 'kysely';

// The points API's tables live in the PostgreSQL schema `points` and are named 'points.<table>';
// the tables it shares with the BFF (admins, sessions, action_logs, document_versions) stay in
// `public`. Its Database type (db/database.ts) covers both.

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

interface DocumentAudit {
  id: number;
  version: number;
  updated_at: TimestampDefault;
  updated_by: string | null;
}

export interface PointsMaintenanceTable extends DocumentAudit {
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  message: ColumnType<string, string | undefined, string>;
}

export interface PointsDailyCheckinTable extends DocumentAudit {
  /** jsonb array of 7 rewards, day 1 first. */
  rewards: ColumnType<number[], string | undefined, string>;
}

export interface PointsReferralTable extends DocumentAudit {
  referrer_reward: ColumnType<number, number | undefined, number>;
  referee_reward: ColumnType<number, number | undefined, number>;
  cap_per_referrer: number | null;
  total_cap: number | null;
  required_activity: ColumnType<string, string | undefined, string>;
}

/** A reward of a lootbox or a wheel segment, as stored (jsonb). */
interface StoredReward {
  kind: 'item' | 'points';
  itemId: number | null;
  amount: number;
}

export interface PointsLootboxesTable {
  id: Generated<number>;
  name: string;
  price: number;
  /** jsonb: probabilities in basis points, adding up to 10000. */
  rewards: ColumnType<(StoredReward & { probability: number })[], string, string>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface PointsSpinWheelTable extends DocumentAudit {
  segments: ColumnType<(StoredReward & { weight: number })[], string | undefined, string>;
  free_spins_per_day: ColumnType<number, number | undefined, number>;
}

export interface PointsTables {
  'points.lootboxes': PointsLootboxesTable;
  'points.spin_wheel': PointsSpinWheelTable;
  'points.maintenance': PointsMaintenanceTable;
  'points.daily_checkin': PointsDailyCheckinTable;
  'points.referral': PointsReferralTable;
}

export type { Timestamp };
