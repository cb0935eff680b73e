import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { resolveSettings, type AppContext, type LoginThrottleOptions } from './context';
import type { PasswordHashParams } from './features/auth/crypto';
import { migrateToLatest, pendingMigrations } from './db/migrate';
import { poolCounts } from './db/connect';
import type { Database } from './db/schema';
import { registerFeatureRoutes } from './discoverFeatures';
import { installAuthGuard } from './http/auth';
import { installInputGuards } from './http/validate';
import { installErrorHandlers } from './http/errors';
import { installJsonParser } from './http/jsonBody';
import type { MetricsAccess } from './http/metrics';
import { installOpenApi } from './http/openapi';
import { installOperatorSignals, operatorServerOptions, registerOperatorEndpoints } from './http/operator';
import { seedLocalData } from './seed';
import { createJobRunner, type JobRunnerOptions } from './jobs/runner';

export interface AppOptions {
  db: Kysely<Database>;
  /** The clock; tests pass one they can move. */
  now?: () => Date;
  /** Absolute token lifetime (default 720 = 12 h). */
  tokenTtlMinutes?: number;
  /** Idle timeout (default 30). */
  tokenIdleMinutes?: number;
  /** Login throttle: per email + client address (default 5 in 15 minutes) and per client address (20). */
  loginThrottle?: LoginThrottleOptions;
  /** argon2id parameters for new password hashes (default OWASP's; tests use cheaper ones). */
  passwordHash?: PasswordHashParams;
  /** Fastify's trustProxy: take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Allowed browser origins (exact match). Default: none (only same-origin / non-browser). */
  corsOrigins?: string[];
  /** Create the local accounts and sample data (never in a deployed environment). */
  seedLocalData?: boolean;
  /** Run migrations at start (default true). */
  migrate?: boolean;
  /** Destroy `db` when the app closes (default true). */
  closeDbOnClose?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The process's logger (main.ts), used as is; else `logger`'s options (with the redaction added). */
  loggerInstance?: FastifyBaseLogger;
  /** Background jobs (pg-boss): its schema and polling interval. */
  jobs?: JobRunnerOptions;
  /** Who may read /metrics (config.ts `metrics`); default open (tests, local). */
  metrics?: MetricsAccess;
  /** Serve the API reference page at /docs (config.ts `apiReference`: local and dev only). */
  apiReference?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...operatorServerOptions(options),
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  const settings = resolveSettings(options);
  const jobs = createJobRunner(options.db, { log: app.log, ...options.jobs });
  const ctx: AppContext = { db: options.db, now: options.now ?? (() => new Date()), settings, jobs };

  if (options.migrate ?? true) await migrateToLatest(options.db);
  await warnWithoutTrigramIndex(app, options.db);
  if (options.seedLocalData) await seedLocalData(ctx);

  // Runs once every connection has ended (app.close stops accepting, then drains the requests):
  // jobs stop first (a running handler finishes its batch), then the database closes.
  app.addHook('onClose', async () => {
    app.log.info('stopping jobs');
    await jobs.stop();
    if (options.closeDbOnClose ?? true) {
      app.log.info('closing the database');
      await options.db.destroy();
    }
  });

  installErrorHandlers(app); // before any route: a route keeps the error handler it was registered under
  installOperatorSignals(app);
  installJsonParser(app);
  await app.register(cors, {
    origin: options.corsOrigins ?? false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', 'token', 'x-request-id'],
    exposedHeaders: ['content-disposition', 'retry-after', 'x-export-truncated', 'x-request-id'],
    maxAge: 600,
  });
  installAuthGuard(app, ctx);
  installInputGuards(app);
  await installOpenApi(app, { service: 'bff', reference: options.apiReference });
  registerOperatorEndpoints(app, {
    metrics: { service: 'bff', access: options.metrics ?? 'open', pool: () => poolCounts(options.db), queues: () => jobs.queueCounts() },
    readiness: {
      database: async () => void (await sql`select 1`.execute(options.db)),
      pendingMigrations: () => pendingMigrations(options.db),
      jobsRunning: () => jobs.isRunning(),
    },
  });
  // API responses hold admin data: never let a browser or proxy cache them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await registerFeatureRoutes(app, ctx); // features define their job queues here
  await jobs.start();

  await app.ready();
  return app;
}

/** Migration 0010 builds the action-log substring index only where PostgreSQL has pg_trgm. */
async function warnWithoutTrigramIndex(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass('action_logs_target_id_trgm_idx')::text as found`.execute(db);
  if (!rows[0]?.found) app.log.warn('pg_trgm is not available: substring search on action logs runs without an index');
}
