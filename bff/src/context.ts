import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { JobRunner } from './jobs/runner';
import type { ChangeControl } from './http/changeControl';
import { OWASP_ARGON2ID, type PasswordHashParams } from './features/auth/crypto';

export interface AppSettings {
  /** Absolute token lifetime. */
  tokenTtlMs: number;
  /** A token unused for this long stops working. */
  tokenIdleMs: number;
  /** Sign-in attempts per (email + client address) within loginWindowMs before 429. */
  loginMaxFailures: number;
  /** Failed sign-in attempts per client address (any email) within loginWindowMs before 429. */
  loginMaxFailuresPerClient: number;
  loginWindowMs: number;
  /** argon2id parameters for new password hashes. */
  passwordHash: PasswordHashParams;
}

export interface LoginThrottleOptions {
  maxFailures: number;
  windowMinutes: number;
  /** Default: 20. */
  maxFailuresPerClient?: number;
}

/** What every feature gets: the typed database, the clock (tests move it) and settings. */
export interface AppContext {
  db: Kysely<Database>;
  now: () => Date;
  settings: AppSettings;
  /** Durable background jobs (bff/src/jobs): set in the running app; absent in a bare test context. */
  jobs?: JobRunner;
  /** The global operations and the environment's change-control mode (http/changeControl.ts): set in the running app. */
  changeControl?: ChangeControl;
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
  loginThrottle: { maxFailures: 5, windowMinutes: 15, maxFailuresPerClient: 20 },
  passwordHash: OWASP_ARGON2ID,
} as const;

const MINUTE = 60_000;

export function resolveSettings(options: {
  tokenTtlMinutes?: number;
  tokenIdleMinutes?: number;
  loginThrottle?: LoginThrottleOptions;
  passwordHash?: PasswordHashParams;
}): AppSettings {
  const throttle = options.loginThrottle ?? DEFAULTS.loginThrottle;
  return {
    tokenTtlMs: (options.tokenTtlMinutes ?? DEFAULTS.tokenTtlMinutes) * MINUTE,
    tokenIdleMs: (options.tokenIdleMinutes ?? DEFAULTS.tokenIdleMinutes) * MINUTE,
    loginMaxFailures: throttle.maxFailures,
    loginMaxFailuresPerClient: throttle.maxFailuresPerClient ?? DEFAULTS.loginThrottle.maxFailuresPerClient,
    loginWindowMs: throttle.windowMinutes * MINUTE,
    passwordHash: options.passwordHash ?? DEFAULTS.passwordHash,
  };
}
