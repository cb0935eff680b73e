import type { Kysely } from 'kysely';
import { resolveSessionSettings, SESSION_DEFAULTS, type ServerContext, type SessionSettings } from '@phoenix/server';
import type { SecondFactorMode, StakingChainSettings, WebauthnSettings } from '@phoenix/server/config';
import { OWASP_ARGON2ID, type PasswordHashParams } from '@phoenix/server/auth';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';

export type { Actor } from '@phoenix/server';

export interface AppSettings extends SessionSettings {
  /** Sign-in attempts per (email + client address) within loginWindowMs before 429. */
  loginMaxFailures: number;
  /** Failed sign-in attempts per client address (any email) within loginWindowMs before 429. */
  loginMaxFailuresPerClient: number;
  loginWindowMs: number;
  /** argon2id parameters for new password hashes. */
  passwordHash: PasswordHashParams;
  /** How long a one-time password (admin create, reset) opens the forced change. */
  oneTimePasswordTtlMs: number;
  /** Open sessions an admin may hold; a sign-in past it ends the oldest. */
  maxSessionsPerAdmin: number;
  /** required: a sign-in without a second factor may only enrol one. */
  secondFactor: SecondFactorMode;
  /** Passkeys: the RP ID and the origins an assertion may come from (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS). */
  webauthn: WebauthnSettings;
  /** Where reported staking transactions are checked (STAKING_RPC_URL, …); null: POST /staking-changes refuses (503). */
  stakingChain: StakingChainSettings | null;
  /** The console's origin: the base of the links the console mails (CONSOLE_URL). */
  consoleUrl: string;
  /** The environment file whose pins this BFF manages (PHOENIX_ENVIRONMENT_FILE); null: none (features/releases). */
  environmentFile: string | null;
}

export interface LoginThrottleOptions {
  maxFailures: number;
  windowMinutes: number;
  /** Default: 20. */
  maxFailuresPerClient?: number;
}

/** What every BFF feature gets: the server context (@phoenix/server) on the BFF's Database, with its settings. */
export interface AppContext extends ServerContext<Database> {
  db: Kysely<Database>;
  settings: AppSettings;
  /** Invitation mail (SMTP_URL); none: create and reset show a one-time password, except in "approve". */
  mailer?: Mailer | null;
}

export const DEFAULTS = {
  ...SESSION_DEFAULTS,
  loginThrottle: { maxFailures: 5, windowMinutes: 15, maxFailuresPerClient: 20 },
  passwordHash: OWASP_ARGON2ID,
  oneTimePasswordTtlHours: 24,
  maxSessionsPerAdmin: 10,
  secondFactor: 'optional',
  webauthn: { rpId: 'localhost', origins: ['http://localhost:8080'] },
  consoleUrl: 'http://localhost:8080',
} as const;

const MINUTE = 60_000;

export function resolveSettings(options: {
  tokenTtlMinutes?: number;
  tokenIdleMinutes?: number;
  loginThrottle?: LoginThrottleOptions;
  passwordHash?: PasswordHashParams;
  oneTimePasswordTtlHours?: number;
  maxSessionsPerAdmin?: number;
  secondFactor?: SecondFactorMode;
  webauthn?: WebauthnSettings;
  consoleUrl?: string;
  stakingChain?: StakingChainSettings | null;
  environmentFile?: string | null;
}): AppSettings {
  const throttle = options.loginThrottle ?? DEFAULTS.loginThrottle;
  return {
    ...resolveSessionSettings(options),
    loginMaxFailures: throttle.maxFailures,
    loginMaxFailuresPerClient: throttle.maxFailuresPerClient ?? DEFAULTS.loginThrottle.maxFailuresPerClient,
    loginWindowMs: throttle.windowMinutes * MINUTE,
    passwordHash: options.passwordHash ?? DEFAULTS.passwordHash,
    oneTimePasswordTtlMs: (options.oneTimePasswordTtlHours ?? DEFAULTS.oneTimePasswordTtlHours) * 60 * MINUTE,
    maxSessionsPerAdmin: options.maxSessionsPerAdmin ?? DEFAULTS.maxSessionsPerAdmin,
    secondFactor: options.secondFactor ?? DEFAULTS.secondFactor,
    webauthn: options.webauthn ?? { rpId: DEFAULTS.webauthn.rpId, origins: [...DEFAULTS.webauthn.origins] },
    consoleUrl: options.consoleUrl ?? DEFAULTS.consoleUrl,
    stakingChain: options.stakingChain ?? null,
    environmentFile: options.environmentFile ?? null,
  };
}
