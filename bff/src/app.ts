import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { createServerApp, type ServerAppOptions } from '@phoenix/server';
import type { SecondFactorMode, StakingChainSettings, WebauthnSettings } from '@phoenix/server/config';
import type { PasswordHashParams } from '@phoenix/server/auth';
import { resolveSettings, type AppContext, type LoginThrottleOptions } from './context';
import { migrateToLatest, pendingMigrations } from './db/migrate';
import type { Database } from './db/schema';
import { registerFeatureRoutes } from './discoverFeatures';
import { seedLocalData } from './seed';
import { scheduleRollup } from '@phoenix/server/jobs';
import { dashboardRollup } from './features/dashboard/rollup';
import type { Mailer } from './mail/mailer';

export interface AppOptions extends ServerAppOptions<Database> {
  /** Login throttle: per email + client address (default 5 in 15 minutes) and per client address (20). */
  loginThrottle?: LoginThrottleOptions;
  /** argon2id parameters for new password hashes (default OWASP's; tests use cheaper ones). */
  passwordHash?: PasswordHashParams;
  /** How long a one-time password opens the forced change (default 24 h: ONE_TIME_PASSWORD_TTL_HOURS). */
  oneTimePasswordTtlHours?: number;
  /** Open sessions an admin may hold; a sign-in past it ends the oldest (default 10: MAX_SESSIONS_PER_ADMIN). */
  maxSessionsPerAdmin?: number;
  /** required: an admin signs in with a second factor, or may only enrol one (default optional; SECOND_FACTOR). */
  secondFactor?: SecondFactorMode;
  /** Passkeys' RP ID and allowed origins (default localhost, http://localhost:8080; WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS). */
  webauthn?: WebauthnSettings;
  /** The chain reported staking transactions are checked on (STAKING_RPC_URL, …); none: they are refused. */
  stakingChain?: StakingChainSettings | null;
  /** Invitation mail (SMTP_URL); none: one-time passwords are shown to the acting admin (never in "approve"). */
  mailer?: Mailer | null;
  /** The console's origin, the base of mailed links (CONSOLE_URL). */
  consoleUrl?: string;
  /** The environment file whose pins this BFF manages: promote, abort, automatic rollback, QA overrides (PHOENIX_ENVIRONMENT_FILE). */
  environmentFile?: string | null;
  /** Create the local accounts and sample data (never in a deployed environment). */
  seedLocalData?: boolean;
}

/** The BFF: its features (found by folder) on the server bootstrap of @phoenix/server. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const settings = resolveSettings(options);
  const server = await createServerApp(options, { name: 'bff', migrations: { migrateToLatest, pendingMigrations }, settings });
  const ctx: AppContext = { ...server.ctx, settings, mailer: options.mailer ?? null };

  await warnWithoutTrigramIndex(server.app, options.db);
  if (options.seedLocalData) await seedLocalData(ctx);
  await registerFeatureRoutes(server.app, ctx); // features define their job queues here
  // The dashboard's daily rollup: yesterday's if no instance rolled it, and tonight's (once across instances).
  return server.start(() => scheduleRollup(ctx, dashboardRollup));
}

/** Migrations 0010 and 0070 build the substring indexes (action logs, "Find anything") only where PostgreSQL has pg_trgm. */
async function warnWithoutTrigramIndex(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass('action_logs_target_id_trgm_idx')::text as found`.execute(db);
  if (!rows[0]?.found)
    app.log.warn('pg_trgm is not available: substring search on action logs and in "Find anything" runs without an index');
}
