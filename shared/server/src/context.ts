import type { Kysely } from 'kysely';
import type { ServerDatabase } from './db/schema';
import type { JobRunner } from './jobs/runner';
import type { ChangeControl } from './http/changeControl';

/** The session rules the token check applies (both services: the same sessions table). */
export interface SessionSettings {
  /** Absolute token lifetime. */
  tokenTtlMs: number;
  /** A token unused for this long stops working. */
  tokenIdleMs: number;
}

/**
 * What every feature of a service gets: its typed database (ServerDatabase plus its own tables),
 * the clock (tests move it), its settings and the job runner. A service narrows `settings`.
 */
export interface ServerContext<DB extends ServerDatabase = ServerDatabase> {
  db: Kysely<DB>;
  now: () => Date;
  settings: SessionSettings;
  /** Durable background jobs (jobs/runner.ts): set in the running app; absent in a bare test context. */
  jobs?: JobRunner;
  /** The global operations and the environment's change-control mode (http/changeControl.ts): set in the running app. */
  changeControl?: ChangeControl;
}

/** An authenticated caller, set on the request by the auth guard. */
export interface Actor {
  id: number;
  email: string;
  role: number;
  /** Console roles (shared/contract permissions.ts): what the admin may do inside role 2. */
  roles: readonly string[];
}

export const SESSION_DEFAULTS = { tokenTtlMinutes: 720, tokenIdleMinutes: 30 } as const;

const MINUTE = 60_000;

export function resolveSessionSettings(options: { tokenTtlMinutes?: number; tokenIdleMinutes?: number }): SessionSettings {
  return {
    tokenTtlMs: (options.tokenTtlMinutes ?? SESSION_DEFAULTS.tokenTtlMinutes) * MINUTE,
    tokenIdleMs: (options.tokenIdleMinutes ?? SESSION_DEFAULTS.tokenIdleMinutes) * MINUTE,
  };
}

/** The server tables of a service's database, typed (a Kysely of a wider Database is not assignable). */
export const serverTables = <DB extends ServerDatabase>(db: Kysely<DB>): Kysely<ServerDatabase> => db as unknown as Kysely<ServerDatabase>;
