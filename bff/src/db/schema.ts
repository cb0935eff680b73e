import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ServerDatabase } from '@phoenix/server/db';

// The tables the server blocks read and write (admins, sessions, action_logs, document_versions)
// are typed in @phoenix/server (shared/server/src/db/schema.ts); the BFF's Database adds its own.
export type {
  ActionLogRow,
  ActionLogsTable,
  AdminRow,
  AdminsTable,
  DocumentVersionRow,
  DocumentVersionsTable,
  NewAdminRow,
  ServerDatabase,
  SessionRow,
  SessionsTable,
} from '@phoenix/server/db';
import type { BattleMode, BattleStatus } from '@phoenix/contract';
import type { ConstantValueType, NewsCategory, PlayerStatus, WorldMessageSeverity } from '@phoenix/contract';

/** timestamptz: read as Date, written as Date (from the app clock) or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default. */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as JSON text (see db/json.ts). */
type Json = ColumnType<unknown, string | null, string | null>;

/** The login throttle: one counter per key ('account:<email>|<client>', 'client:<client>'). */
export interface LoginAttemptsTable {
  key: string;
  attempts: number;
  window_started_at: Timestamp;
}

/** Single-use recovery codes, as sha-256 hashes. */
export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A sign-in whose password was right and whose second factor is still to come. */
export interface SignInChallengesTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A single-use invitation link to set a password (migration 0062): only the token's hash is kept. */
export interface AdminInvitationsTable {
  id: Generated<number>;
  admin_id: number;
  kind: 'invite' | 'reset';
  token_hash: string;
  sent_to: string;
  created_by: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/** A WebAuthn ceremony's challenge (migration 0060): bound to a session or a sign-in challenge, spent once. */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  admin_id: number;
  purpose: 'enrol' | 'signIn' | 'stepUp';
  challenge: string;
  session_id: number | null;
  sign_in_challenge_id: number | null;
  label: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ConstantVariablesTable {
  id: Generated<number>;
  key: string;
  type: ConstantValueType;
  value: string;
  description: string;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface PlayersTable {
  id: number;
  name: string;
  wallet_address: string | null;
  level: ColumnType<number, number | undefined, number>;
  status: ColumnType<PlayerStatus, PlayerStatus | undefined, PlayerStatus>;
  created_at: Timestamp;
  last_seen_at: Timestamp | null;
  /** Migration 0021 (user-policy): bans and the version check; all have defaults. */
  version: ColumnType<number, number | undefined, number>;
  updated_at: TimestampDefault;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The ban in force ends then (status 'banned'); null = until lifted. Past it, the player is active again. */
  ban_ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type PlayerSessionEndReason = 'logout' | 'expired' | 'ban' | 'global_sign_out';

export interface PlayerSessionsTable {
  id: Generated<string>;
  player_id: number;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: PlayerSessionEndReason | null;
}

export interface NewsTable {
  id: Generated<number>;
  title: string;
  /** Markdown as typed. */
  body: string;
  category: NewsCategory;
  publish_start: Timestamp;
  publish_end: Timestamp | null;
  pinned: boolean;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** One row, id = 1 (created by migration 0004). */
export interface MaintenanceTable {
  id: number;
  enabled: boolean;
  message: string;
  planned_start: Timestamp | null;
  planned_end: Timestamp | null;
  /** jsonb array of unique ascending player ids. */
  allowed_player_ids: Json;
  version: number;
  updated_at: TimestampDefault;
  updated_by: string | null;
}

/** One automatic switch of the maintenance window (migration 0051). */
export interface MaintenanceSwitchesTable {
  id: Generated<number>;
  switch_to: 'on' | 'off';
  due_at: Timestamp;
  job_id: string | null;
  /** pending → done (it ran), skipped (already in that state) or cancelled (`reason`). */
  state: 'pending' | 'done' | 'skipped' | 'cancelled';
  reason: string | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface ActiveFlagsTable {
  id: Generated<number>;
  key: string;
  description: string;
  enabled: boolean;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface WorldMessagesTable {
  id: Generated<number>;
  message: string;
  severity: WorldMessageSeverity;
  display_start: Timestamp;
  display_end: Timestamp;
  cancelled_at: Timestamp | null;
  cancelled_by: string | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

// ── battle remote: game balance documents, battles, runs, double-up seasons ──────
/** Game balance documents: one row each, id = 1 (migrations 0040–0042). */
export interface HealthSettingsTable {
  id: number;
  max_health: ColumnType<number, number | undefined, number>;
  regeneration_per_minute: ColumnType<number, number | undefined, number>;
  version: number;
  updated_at: TimestampDefault;
  updated_by: string | null;
}
export interface CooldownSettingsTable {
  id: number;
  /** jsonb array of { action, seconds }, one per game action. */
  actions: Json;
  version: number;
  updated_at: TimestampDefault;
  updated_by: string | null;
}
export interface EnergySettingsTable {
  id: number;
  max_energy: ColumnType<number, number | undefined, number>;
  regeneration_interval_minutes: ColumnType<number, number | undefined, number>;
  regeneration_amount: ColumnType<number, number | undefined, number>;
  cost_per_battle: ColumnType<number, number | undefined, number>;
  version: number;
  updated_at: TimestampDefault;
  updated_by: string | null;
}

export interface BattlesTable {
  id: Generated<number>;
  mode: BattleMode;
  status: BattleStatus;
  /** jsonb array of the participants' player ids. */
  player_ids: Json;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  winner_player_id: number | null;
  force_ended_by: string | null;
  force_end_reason: string | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface BattleParticipantsTable {
  battle_id: number;
  player_id: number;
  team: ColumnType<number, number | undefined, number>;
  score: ColumnType<number, number | undefined, number>;
  result: 'win' | 'loss' | 'draw' | null;
}

export interface GlobalSignOutRunsTable {
  id: Generated<number>;
  ran_at: Timestamp;
  admin_email: string;
  reason: string;
  confirmed_sessions: number;
  confirmed_battles: number;
  sessions_ended: number;
  battles_ended: number;
}

/** bigint columns: drivers may read them as strings; features convert with Number(). */
type BigIntColumn = ColumnType<string | number, number, number>;
export interface DoubleUpSeasonsTable {
  id: Generated<number>;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  participants: number;
  total_wagered: BigIntColumn;
  paid_out: BigIntColumn;
  house_result: ColumnType<string | number, never, never>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface DoubleUpSeasonPlayersTable {
  season_id: number;
  player_id: number;
  wagered: BigIntColumn;
  paid_out: BigIntColumn;
  rounds: number;
  net: ColumnType<string | number, never, never>;
}

/** Bans of players (user-policy, migration 0021): the history; the one in force is mirrored on players. */
export interface PlayerBansTable {
  id: Generated<number>;
  player_id: number;
  reason: string;
  banned_at: Timestamp;
  banned_by: string;
  ends_at: Timestamp | null;
  lifted_at: Timestamp | null;
  lifted_by: string | null;
  lift_reason: string | null;
}

/** The dashboard's daily rollup (migration 0068): one row per UTC day, its figures set once rolled. */
export interface DashboardDaysTable {
  day: string;
  job_id: string | null;
  rolled_at: Timestamp | null;
  battles: ColumnType<number, number | undefined, number>;
}

/** What the console reports per remote version and session (migration 0072, features/releases). */
export interface ReleaseSessionsTable {
  remote: string;
  version: string;
  /** A hash of the admin session's id (never its token). */
  session_key: string;
  first_at: Timestamp;
  last_at: Timestamp;
  errors: ColumnType<number, number | undefined, number>;
  /** Error events past the per-row detail limit: counted here only. */
  sampled: ColumnType<number, number | undefined, number>;
  last_error_kind: string | null;
  last_error_message: string | null;
  last_error_page: string | null;
  last_error_at: Timestamp | null;
}

/** A session's QA override of one remote (migration 0072). */
export interface ReleaseOverridesTable {
  session_id: number;
  remote: string;
  version: string;
  integrity: string | null;
  created_at: Timestamp;
}

/** One queued automatic-rollback check per key across instances (migration 0072). */
export interface ReleaseCheckSlotsTable {
  key: string;
  created_at: TimestampDefault;
}

export interface Database extends ServerDatabase {
  release_sessions: ReleaseSessionsTable;
  release_overrides: ReleaseOverridesTable;
  release_check_slots: ReleaseCheckSlotsTable;
  dashboard_days: DashboardDaysTable;
  login_attempts: LoginAttemptsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  admin_invitations: AdminInvitationsTable;
  webauthn_challenges: WebauthnChallengesTable;
  constant_variables: ConstantVariablesTable;
  players: PlayersTable;
  player_sessions: PlayerSessionsTable;
  player_bans: PlayerBansTable;
  news: NewsTable;
  maintenance: MaintenanceTable;
  maintenance_switches: MaintenanceSwitchesTable;
  active_flags: ActiveFlagsTable;
  world_messages: WorldMessagesTable;
  health_settings: HealthSettingsTable;
  cooldown_settings: CooldownSettingsTable;
  energy_settings: EnergySettingsTable;
  battles: BattlesTable;
  battle_participants: BattleParticipantsTable;
  global_sign_out_runs: GlobalSignOutRunsTable;
  double_up_seasons: DoubleUpSeasonsTable;
  double_up_season_players: DoubleUpSeasonPlayersTable;
}

export type ConstantVariableRow = Selectable<ConstantVariablesTable>;
export type NewConstantVariableRow = Insertable<ConstantVariablesTable>;
export type ConstantVariableRowUpdate = Updateable<ConstantVariablesTable>;
export type PlayerRow = Selectable<PlayersTable>;
export type NewsRow = Selectable<NewsTable>;
export type MaintenanceRow = Selectable<MaintenanceTable>;
export type ActiveFlagRow = Selectable<ActiveFlagsTable>;
export type WorldMessageRow = Selectable<WorldMessagesTable>;

// ── present remote (migrations 0030–0039): items, presents, distributions ──
/** Seeded catalogue (migration 0030), read-only in the console. */
export interface ItemsTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: import('@phoenix/contract').ItemKind;
  glyph: string;
  colour: string;
}
type ItemRows = ColumnType<import('@phoenix/contract').ItemQuantityRow[], string, string>;
export interface PresentsTable {
  id: Generated<number>;
  name: string;
  description: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  items: ItemRows;
  distributed_at: Timestamp | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface PresentDistributionsTable {
  id: Generated<number>;
  present_id: number;
  present_name: string;
  target: import('@phoenix/contract').DistributionTarget;
  player_ids: ColumnType<number[], number[] | string, number[] | string>;
  recipient_count: number;
  delivered_count: Generated<number>;
  cursor_player_id: Generated<number>;
  /** Migration 0069: target 'segment': the segment (null once deleted), its criteria as confirmed, when its members were fixed. */
  segment_id: ColumnType<number | null, number | null | undefined, number | null>;
  segment_criteria: ColumnType<import('@phoenix/contract').SegmentCriteria | null, string | null | undefined, string | null>;
  members_fixed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  status: import('@phoenix/contract').DistributionStatus;
  scheduled_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  error: string | null;
  job_id: string | null;
  created_by: string | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface PresentDeliveriesTable {
  distribution_id: number;
  player_id: number;
  present_id: number;
  delivered_at: Timestamp;
  claimed_at: Timestamp | null;
}
export interface ShopItemsTable {
  id: Generated<number>;
  item_id: number;
  quantity: number;
  price: number;
  currency: import('@phoenix/contract').ShopCurrency;
  stock: number | null;
  sale_start: Timestamp;
  sale_end: Timestamp | null;
  enabled: boolean;
  sort_order: number;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface TreasureChestsTable {
  id: Generated<number>;
  name: string;
  rarity: import('@phoenix/contract').TreasureChestRarity;
  open_cost: number;
  cost_currency: import('@phoenix/contract').ShopCurrency;
  drops: ColumnType<{ itemId: number; quantity: number; weight: number }[], string, string>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface SeasonsTable {
  id: Generated<number>;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  premium_price: number;
  tiers: ColumnType<import('@phoenix/contract').SeasonTier[], string, string>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface Database {
  items: ItemsTable;
  seasons: SeasonsTable;
  treasure_chests: TreasureChestsTable;
  shop_items: ShopItemsTable;
  presents: PresentsTable;
  present_distributions: PresentDistributionsTable;
  present_deliveries: PresentDeliveriesTable;
}

// ── terms of service (migration 0026) ──
export interface TermsOfServiceVersionsTable {
  id: Generated<number>;
  title: string;
  /** Markdown as typed. */
  body: string;
  effective_at: Timestamp;
  published_at: Timestamp | null;
  published_by: string | null;
  superseded_at: Timestamp | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface Database {
  terms_of_service_versions: TermsOfServiceVersionsTable;
}
export type TermsOfServiceVersionRow = Selectable<TermsOfServiceVersionsTable>;

// ── policies and restrictions (migrations 0023–0025) ──
/** Seeded catalogue of game APIs (migration 0023), read-only in the console. */
export interface GameApisTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
}
export interface PoliciesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** Written as PostgreSQL array text ('{1,2}'), read back as numbers. */
  api_ids: ColumnType<number[], string | undefined, string>;
  member_count: ColumnType<number, number | undefined, number>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface PolicyMembersTable {
  policy_id: number;
  player_id: number;
  added_at: Timestamp;
  added_by: string;
}
export interface PlayerApiRestrictionsTable {
  player_id: number;
  api_id: number;
  ends_at: Timestamp | null;
  created_at: Timestamp;
  created_by: string;
}
export interface Database {
  game_apis: GameApisTable;
  policies: PoliciesTable;
  policy_members: PolicyMembersTable;
  player_api_restrictions: PlayerApiRestrictionsTable;
}

export type { ChangeRequestRow } from '@phoenix/server/db';

/** A staking change recorded before the owner's wallet signs it (migration 0054). */
export interface StakingIntentsTable {
  id: Generated<number>;
  change: string;
  chain_id: number;
  contract_address: string;
  before: Json;
  after: Json;
  status: ColumnType<'open' | 'sent', 'open' | 'sent' | undefined, 'open' | 'sent'>;
  tx_hash: string | null;
  requested_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface Database {
  staking_intents: StakingIntentsTable;
}

/** Saved player filters (migration 0069): criteria as jsonb; members counted when asked, never stored. */
export interface SegmentsTable {
  id: Generated<number>;
  name: string;
  description: string;
  criteria: ColumnType<import('@phoenix/contract').SegmentCriteria, string, string>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface Database {
  segments: SegmentsTable;
}
