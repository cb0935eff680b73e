import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AdminStatus, ConstantValueType } from '@phoenix/contract';

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
  status: ColumnType<AdminStatus, AdminStatus | undefined, AdminStatus>;
  last_sign_in_at: Timestamp | null;
  created_at: TimestampDefault;
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
}

/** One row per failed sign-in, per normalised email: the login throttle. */
export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  failed_at: Timestamp;
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
}

export interface Database {
  admins: AdminsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  constant_variables: ConstantVariablesTable;
  action_logs: ActionLogsTable;
}

export type AdminRow = Selectable<AdminsTable>;
export type NewAdminRow = Insertable<AdminsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ConstantVariableRow = Selectable<ConstantVariablesTable>;
export type NewConstantVariableRow = Insertable<ConstantVariablesTable>;
export type ConstantVariableRowUpdate = Updateable<ConstantVariablesTable>;
export type ActionLogRow = Selectable<ActionLogsTable>;
