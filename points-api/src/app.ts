import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { installJsonParser } from '@phoenix/bff/src/http/jsonBody';
import { resolveSettings, type AppContext } from '@phoenix/bff/src/context';
import type { Database } from '@phoenix/bff/src/db/schema';
import { installAuthGuard } from '@phoenix/bff/src/http/auth';
import { installErrorHandlers } from '@phoenix/bff/src/http/errors';
import { installInputGuards } from '@phoenix/bff/src/http/validate';
import { createJobRunner, type JobRunnerOptions } from '@phoenix/bff/src/jobs/runner';
import { poolCounts } from '@phoenix/bff/src/db/connect';
import type { MetricsAccess } from '@phoenix/bff/src/http/metrics';
import { installOpenApi } from '@phoenix/bff/src/http/openapi';
import { installOperatorSignals, operatorServerOptions, registerOperatorEndpoints } from '@phoenix/bff/src/http/operator';
import { migratePointsToLatest, pendingPointsMigrations } from './db/migrate';
import './db/schema';
import './db/ledgerSchema';
import { registerSettingsRoutes } from './features/settings';
import { registerTaskRoutes } from './features/tasks';
import { registerLedgerRoutes } from './features/ledger';
import { registerGamesRoutes } from './features/games';
import { registerLotteryRoutes } from './features/lottery/routes';
import { seedLotteryRounds } from './features/lottery/seed';

export interface PointsAppOptions {
  /** The BFF's database (its `public` tables: admins, sessions, action_logs) with the `points` schema. */
  db: Kysely<Database>;
  now?: () => Date;
  /** Must match the BFF's (TOKEN_IDLE_MINUTES, TOKEN_TTL_MINUTES): the same session rules here. */
  tokenIdleMinutes?: number;
  tokenTtlMinutes?: number;
  corsOrigins?: string[];
  /** Fastify's trustProxy, as the BFF's (TRUST_PROXY): the client address from X-Forwarded-For behind the load balancer. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  migrate?: boolean;
  closeDbOnClose?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The process's logger (main.ts), used as is. */
  loggerInstance?: FastifyBaseLogger;
  /** Who may read /metrics (as the BFF's: METRICS_TOKEN); default open. */
  metrics?: MetricsAccess;
  /** Background jobs (the BFF's pg-boss runner) in the points service's own pg-boss schema. */
  jobs?: JobRunnerOptions;
  /** Local sample data (as the BFF's SEED_LOCAL_DATA): never in a deployed environment. */
  seedLocalData?: boolean;
  /** Serve the API reference page at /docs (as the BFF's: local and dev only). */
  apiReference?: boolean;
}

/**
 * The points API: the BFF's HTTP building blocks (error shape, JSON parser, role-2 token guard
 * against the same sessions, input guards, versioned documents, `mutate` writing the same action
 * log in the change's transaction) over the points schema.
 */
export async function buildPointsApp(options: PointsAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ ...operatorServerOptions(options), bodyLimit: 1024 * 1024, trustProxy: options.trustProxy ?? false });
  // Its own pg-boss schema: the points service's queues, maintenance and pg-boss upgrades stay apart from the BFF's.
  const jobs = createJobRunner(options.db, { schema: 'points_boss', log: app.log, ...options.jobs });
  const ctx: AppContext = { db: options.db, now: options.now ?? (() => new Date()), settings: resolveSettings(options), jobs };
  if (options.migrate ?? true) await migratePointsToLatest(options.db);

  // After the requests have drained (app.close): jobs stop first (a running draw finishes), then the database closes.
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
    allowedHeaders: ['content-type', 'token', 'idempotency-key', 'x-request-id'],
    exposedHeaders: ['content-disposition', 'retry-after', 'x-export-truncated', 'x-request-id'],
    maxAge: 600,
  });
  installAuthGuard(app, ctx);
  installInputGuards(app);
  await installOpenApi(app, { service: 'points', reference: options.apiReference });
  registerOperatorEndpoints(app, {
    metrics: { service: 'points', access: options.metrics ?? 'open', pool: () => poolCounts(options.db), queues: () => jobs.queueCounts() },
    readiness: {
      database: async () => void (await sql`select 1`.execute(options.db)),
      pendingMigrations: () => pendingPointsMigrations(options.db),
      jobsRunning: () => jobs.isRunning(),
    },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const healthSchema = { response: { 200: z.object({ ok: z.literal(true), service: z.literal('points') }) } };
  app.get('/health', { config: { auth: 'public' }, schema: healthSchema }, async () => ({ ok: true as const, service: 'points' as const }));
  await registerSettingsRoutes(app, ctx);
  registerTaskRoutes(app, ctx);
  registerLedgerRoutes(app, ctx);
  await registerGamesRoutes(app, ctx);
  registerLotteryRoutes(app, ctx); // defines its job queue
  await jobs.start();
  if (options.seedLocalData) await seedLotteryRounds(ctx);

  await app.ready();
  return app;
}
