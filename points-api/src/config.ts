import { readEnv, serverConfig, tokenAccess, type LogLevel } from '@phoenix/server/config';
import type { BearerAccess, ChangeControlSettings, MetricsAccess, RequestLimitSettings } from '@phoenix/server/http';

export interface PointsConfig {
  port: number;
  host: string;
  /**
   * The BFF's database: POINTS_DATABASE_URL or DATABASE_URL (PostgreSQL), else the local BFF's
   * embedded PGlite served on loopback at PGLITE_WIRE_PORT (default 8789).
   */
  databaseUrl: string;
  /** The tables' owner for the points migrations: POINTS_MIGRATION_DATABASE_URL, else MIGRATION_DATABASE_URL (db/servingRole.ts). */
  migrationDatabaseUrl: string | null;
  /** The BFF's rule: deployed on PostgreSQL, the serving role must not be able to rewrite the action log. */
  requireServingRole: boolean;
  corsOrigins: string[];
  /** TRUST_PROXY, as the BFF takes it. */
  trustProxy: boolean | string[];
  tokenTtlMinutes: number;
  tokenIdleMinutes: number;
  logLevel: LogLevel;
  /** The BFF's rule (SEED_LOCAL_DATA, only in a local environment). */
  seedLocalData: boolean;
  /** METRICS_TOKEN, as the BFF takes it. */
  metrics: MetricsAccess;
  /** The reference page at /docs, as the BFF's (local and dev). */
  apiReference: boolean;
  /** Outside a local environment: HSTS (shared config.ts `deployed`). */
  deployed: boolean;
  /** CHANGE_CONTROL and its companions, as the BFF takes them (CHANGE_CONTROL_ADJUSTMENT_POINTS is the points API's). */
  changeControl: ChangeControlSettings;
  /** SEARCHES_PER_MINUTE, EXPORTS_PER_MINUTE, EXPORTS_AT_ONCE, as the BFF takes them (each service counts its own calls). */
  requestLimits: RequestLimitSettings;
  actionLogSink: string | null;
  /** Who may call the game server's routes (/game/…): GAME_SERVER_TOKEN's holder; without one, anyone locally and nobody when deployed. */
  gameServer: BearerAccess;
  /** MIGRATE_ON_START, as the BFF takes it. */
  migrateOnStart: boolean;
}

/**
 * The BFF's schema and rules (@phoenix/server/config): the same variables mean the same here and a bad
 * one stops this service the same way; PORT defaults to 8788.
 */
/** The BFF's wire takes the password of its start (PGLITE_WIRE_PASSWORD, given to both by the scripts). */
const wireCredentials = (password: string | undefined) => (password ? `postgres:${encodeURIComponent(password)}` : 'postgres');

export function readPointsConfig(env: NodeJS.ProcessEnv = process.env): PointsConfig {
  const vars = readEnv(env);
  const shared = serverConfig(vars, { port: 8788 });
  const databaseUrl =
    vars.POINTS_DATABASE_URL ??
    vars.DATABASE_URL ??
    `postgres://${wireCredentials(vars.PGLITE_WIRE_PASSWORD)}@127.0.0.1:${vars.PGLITE_WIRE_PORT ?? 8789}/postgres`;
  return {
    port: shared.port,
    host: shared.host,
    databaseUrl,
    migrationDatabaseUrl: vars.POINTS_MIGRATION_DATABASE_URL ?? vars.MIGRATION_DATABASE_URL ?? null,
    requireServingRole: shared.deployed && Boolean(vars.POINTS_DATABASE_URL ?? vars.DATABASE_URL),
    corsOrigins: shared.corsOrigins,
    trustProxy: shared.trustProxy,
    tokenTtlMinutes: shared.tokenTtlMinutes,
    tokenIdleMinutes: shared.tokenIdleMinutes,
    logLevel: shared.logLevel,
    seedLocalData: shared.seedLocalData,
    metrics: shared.metrics,
    apiReference: shared.apiReference,
    deployed: shared.deployed,
    changeControl: shared.changeControl,
    requestLimits: shared.requestLimits,
    actionLogSink: shared.actionLogSink,
    gameServer: tokenAccess(vars.GAME_SERVER_TOKEN, vars),
    migrateOnStart: shared.migrateOnStart,
  };
}
