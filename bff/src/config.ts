import path from 'node:path';
import type { DbTarget } from './db/connect';

/** Everything main.ts and the CLI read from the environment, in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  db: DbTarget;
  corsOrigins: string[];
  /** TRUST_PROXY: proxy addresses/CIDRs (comma list), 'true' (any), or unset = trust none. */
  trustProxy: boolean | string[];
  tokenTtlMinutes: number;
  tokenIdleMinutes: number;
  seedLocalData: boolean;
  logLevel: string;
  /** PGLITE_WIRE_PORT: serve the embedded PGlite over the PostgreSQL protocol on loopback (for the points API). */
  pgliteWirePort: number | null;
}

/** <repo>/.data/pglite (this file is <repo>/bff/src/config.ts). */
export const DEFAULT_PGLITE_DIR = path.resolve(__dirname, '..', '..', '.data', 'pglite');

const LOCAL_DEV_ORIGINS = Array.from({ length: 10 }, (_, i) => 8080 + i).flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function dbTargetFromEnv(env: NodeJS.ProcessEnv = process.env): DbTarget {
  const url = env.DATABASE_URL?.trim();
  return url
    ? { kind: 'postgres', connectionString: url }
    : { kind: 'pglite', dataDir: path.resolve(env.PGLITE_DATA_DIR?.trim() || DEFAULT_PGLITE_DIR) };
}

/** Local seed accounts only outside production and only for the local environment. */
export function localSeedAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  const phoenixEnv = env.PHOENIX_ENV?.trim();
  return env.NODE_ENV !== 'production' && (!phoenixEnv || phoenixEnv === 'local');
}

/** SEED_LOCAL_DATA: '1' = on, '0' = off, unset = on (still only where localSeedAllowed). */
export function seedWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.SEED_LOCAL_DATA?.trim();
  return raw === undefined || raw === '' || raw === '1' || raw === 'true';
}

/**
 * Who may set the client address through X-Forwarded-For (the login throttle counts per client
 * address). Unset: nobody, the socket's address is the client's.
 */
export function trustProxyFromEnv(raw: string | undefined): boolean | string[] {
  const value = raw?.trim();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInt(env, 'PORT', 8787),
    host: env.HOST?.trim() || '127.0.0.1',
    db: dbTargetFromEnv(env),
    corsOrigins: env.CORS_ORIGINS?.trim()
      ? env.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : LOCAL_DEV_ORIGINS,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    tokenTtlMinutes: positiveInt(env, 'TOKEN_TTL_MINUTES', 720),
    tokenIdleMinutes: positiveInt(env, 'TOKEN_IDLE_MINUTES', 30),
    seedLocalData: seedWanted(env) && localSeedAllowed(env),
    logLevel: env.LOG_LEVEL?.trim() || 'warn',
    pgliteWirePort: env.PGLITE_WIRE_PORT?.trim() ? positiveInt(env, 'PGLITE_WIRE_PORT', 0) : null,
  };
}

/** For the start-up line: never print a database password. */
export function describeDb(target: DbTarget): string {
  if (target.kind === 'pglite') return `PGlite at ${target.dataDir ?? '(memory)'}`;
  try {
    const url = new URL(target.connectionString);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
