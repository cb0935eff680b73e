import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

export interface AppSettings {
  /** Absolute token lifetime. */
  tokenTtlMs: number;
  /** A token unused for this long stops working. */
  tokenIdleMs: number;
  /** Failed sign-ins per email within loginWindowMs before 429. */
  loginMaxFailures: number;
  loginWindowMs: number;
  bcryptCost: number;
}

/** What every feature gets: the typed database, the clock (tests move it) and settings. */
export interface AppContext {
  db: Kysely<Database>;
  now: () => Date;
  settings: AppSettings;
}

/** An authenticated caller, set on the request by the auth guard. */
export interface Actor {
  id: number;
  email: string;
  role: number;
}
