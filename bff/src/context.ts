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

export const DEFAULTS = {
  tokenTtlMinutes: 720,
  tokenIdleMinutes: 30,
  loginThrottle: { maxFailures: 5, windowMinutes: 15 },
  bcryptCost: 10,
} as const;

const MINUTE = 60_000;

export function resolveSettings(options: {
  tokenTtlMinutes?: number;
  tokenIdleMinutes?: number;
  loginThrottle?: { maxFailures: number; windowMinutes: number };
  bcryptCost?: number;
}): AppSettings {
  const throttle = options.loginThrottle ?? DEFAULTS.loginThrottle;
  return {
    tokenTtlMs: (options.tokenTtlMinutes ?? DEFAULTS.tokenTtlMinutes) * MINUTE,
    tokenIdleMs: (options.tokenIdleMinutes ?? DEFAULTS.tokenIdleMinutes) * MINUTE,
    loginMaxFailures: throttle.maxFailures,
    loginWindowMs: throttle.windowMinutes * MINUTE,
    bcryptCost: options.bcryptCost ?? DEFAULTS.bcryptCost,
  };
}
