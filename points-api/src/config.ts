import { readConfig } from '@phoenix/bff/src/config';

export interface PointsConfig {
  port: number;
  host: string;
  /**
   * The BFF's database: POINTS_DATABASE_URL or DATABASE_URL (PostgreSQL), else the local BFF's
   * embedded PGlite served on loopback at PGLITE_WIRE_PORT (default 8789).
   */
  databaseUrl: string;
  corsOrigins: string[];
  tokenTtlMinutes: number;
  tokenIdleMinutes: number;
  logLevel: string;
  /** The BFF's rule (SEED_LOCAL_DATA, only in a local environment). */
  seedLocalData: boolean;
}

/** The BFF's variables (CORS_ORIGINS, TOKEN_*_MINUTES, LOG_LEVEL, HOST) mean the same here; PORT defaults to 8788. */
export function readPointsConfig(env: NodeJS.ProcessEnv = process.env): PointsConfig {
  const wirePort = env.PGLITE_WIRE_PORT?.trim() || '8789';
  const databaseUrl = env.POINTS_DATABASE_URL?.trim() || env.DATABASE_URL?.trim() || `postgres://postgres@127.0.0.1:${wirePort}/postgres`;
  const shared = readConfig({ ...env, PORT: env.PORT?.trim() || '8788' });
  return {
    port: shared.port,
    host: shared.host,
    databaseUrl,
    corsOrigins: shared.corsOrigins,
    tokenTtlMinutes: shared.tokenTtlMinutes,
    tokenIdleMinutes: shared.tokenIdleMinutes,
    logLevel: shared.logLevel,
    seedLocalData: shared.seedLocalData,
  };
}
