import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AdminStatus } from '@phoenix/contract';

// The tables the server blocks use, in the `public` schema of the BFF's database: the admin
// accounts and their sessions (the token check, auth/sessions.ts), the action log (every change,
// db/mutate.ts) and the saved versions of every document (db/versionedDocument.ts). Each service's
// own Database type extends ServerDatabase with its tables; the BFF's migrations create these.

/** timestamptz: read as Date, written as Date (from the app clock) or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default. */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as JSON text (see db/json.ts). */
type Json = ColumnType<unknown, string | null, string | null>;

export interface AdminsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: number;
  /** Console roles (permissions.ts), one or more; the database refuses an unknown one or none. */
  roles: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<AdminStatus, AdminStatus | undefined, AdminStatus>;
  last_sign_in_at: Timestamp | null;
  created_at: TimestampDefault;
  /** Set by a one-time password (create, reset): the next sign-in must choose a new one. */
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the pending one-time password stops opening anything (null: none pending). */
  one_time_password_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  version: number;
  updated_at: TimestampDefault;
  updated_by: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  admin_id: number;
  /** sha-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The browser's User-Agent at sign-in (at most 512 characters; null for older sessions). */
  user_agent: string | null;
  /** The client address at sign-in (null for older sessions). */
  client_address: string | null;
  /** Opened without a second factor where one is required: it may only enrol one. */
  enrolment_only: Generated<boolean>;
  /** When this session last proved a second factor (sign-in, step-up). */
  factor_verified_at: Timestamp | null;
}

/**
 * An admin's second factor (the BFF's migrations 0058 and 0060; read by the token check for step-up):
 * a TOTP factor is pending until its first code is checked; a passkey is stored once verified.
 */
export interface AdminFactorsTable {
  id: Generated<number>;
  admin_id: number;
  kind: 'totp' | 'passkey';
  label: string;
  /** The TOTP secret, base32 (null for a passkey). */
  secret: string | null;
  /** The last time step accepted (bigint: read as a string). */
  last_used_step: ColumnType<string | null, number | null | undefined, number | null>;
  last_used_at: Timestamp | null;
  enrolled_by_session_id: number | null;
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
  /** A passkey's credential id (base64url), COSE public key, signature counter and transports (comma-separated). */
  credential_id: ColumnType<string | null, string | null | undefined, string | null>;
  public_key: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  sign_count: ColumnType<string | null, number | null | undefined, number | null>;
  transports: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ActionLogsTable {
  id: Generated<number>;
  admin_id: number | null;
  admin_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Json;
  after: Json;
  created_at: Timestamp;
  /** x-request-id of the request that made the change (migration 0017); null outside a request. */
  request_id: ColumnType<string | null, string | null | undefined, never>;
  /** The service whose chain the row is in (migration 0061): `bff` or `points`. */
  chain: ColumnType<string, string | undefined, never>;
  /** Its number in the chain, and the hashes that link it (set by the database on insert). */
  chain_seq: ColumnType<string, never, never>;
  previous_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** Each chain's head (migration 0061): its last number and hash. */
export interface ActionLogChainsTable {
  chain: string;
  seq: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** The records of a bulk operation's log row, one row each (migration 0052). */
export interface ActionLogTargetsTable {
  log_id: number;
  target_type: string;
  target_id: string;
}

/** Every saved version of every versioned document (db/versionedDocument.ts). */
export interface DocumentVersionsTable {
  /** The document's action-log target: 'maintenance', … */
  document: string;
  version: number;
  /** The document as GET answered it at that version. */
  value: Json;
  saved_at: Timestamp;
  saved_by: string | null;
  /** Set when this version restored an earlier one. */
  restored_from: number | null;
}

/**
 * A global operation waiting for a second admin, or its outcome (changeRequests/store.ts). Both
 * services file theirs here; `service` owns it: only that service approves and applies it.
 */
export interface ChangeRequestsTable {
  id: Generated<number>;
  /** The service whose route applies it ('bff', 'points'; migration 0053). */
  service: ColumnType<string, string | undefined, string>;
  operation: string;
  method: string;
  path: string;
  body: Json;
  scope: string;
  preview: Json;
  reason: string;
  prepared_version: string | null;
  status: string;
  scheduled_at: Timestamp | null;
  expires_at: Timestamp;
  requested_by_id: number | null;
  requested_by_email: string;
  decided_by_id: number | null;
  decided_by_email: string | null;
  decision_comment: string | null;
  decided_at: Timestamp | null;
  applied_at: Timestamp | null;
  result: Json;
  error: Json;
  job_id: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Fixed-window counters of searches and exports, per admin and kind (migration 0064; http/rateLimitStore.ts). */
export interface RequestCountsTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
}

/** The exports running now: at most N slots per admin, each under a renewed lease (migration 0064; http/exportSlots.ts). */
export interface ExportSlotsTable {
  admin_id: number;
  slot: number;
  /** The request holding it (a random id): only its holder renews or frees it. */
  holder: string;
  route: string;
  started_at: TimestampDefault;
  lease_expires_at: Timestamp;
}

export interface ServerDatabase {
  admins: AdminsTable;
  sessions: SessionsTable;
  admin_factors: AdminFactorsTable;
  action_logs: ActionLogsTable;
  action_log_targets: ActionLogTargetsTable;
  action_log_chains: ActionLogChainsTable;
  document_versions: DocumentVersionsTable;
  change_requests: ChangeRequestsTable;
  request_counts: RequestCountsTable;
  export_slots: ExportSlotsTable;
}

export type AdminRow = Selectable<AdminsTable>;
export type NewAdminRow = Insertable<AdminsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ActionLogRow = Selectable<ActionLogsTable>;
export type DocumentVersionRow = Selectable<DocumentVersionsTable>;
export type ChangeRequestRow = Selectable<ChangeRequestsTable>;
