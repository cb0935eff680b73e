import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { installJsonParser } from '@phoenix/bff/src/http/jsonBody';
import { resolveSettings, type AppContext } from '@phoenix/bff/src/context';
import type { Database } from '@phoenix/bff/src/db/schema';
import { installAuthGuard } from '@phoenix/bff/src/http/auth';
import { errorShapeServerOptions, installErrorHandlers } from '@phoenix/bff/src/http/errors';
import { installInputGuards } from '@phoenix/bff/src/http/validate';
import { createJobRunner, type JobRunnerOptions } from '@phoenix/bff/src/jobs/runner';
import { migratePointsToLatest } from './db/migrate';
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
  /** Background jobs (the BFF's pg-boss runner) in the points service's own pg-boss schema. */
  jobs?: JobRunnerOptions;
  /** Local sample data (as the BFF's SEED_LOCAL_DATA): never in a deployed environment. */
  seedLocalData?: boolean;
}

/**
 * The points API: the BFF's HTTP building blocks (error shape, JSON parser, role-2 token guard
 * against the same sessions, input guards, versioned documents, `mutate` writing the same action
 * log in the change's transaction) over the points schema.
 */
export async function buildPointsApp(options: PointsAppOptions): Promise<FastifyInstance> {
  // Its own pg-boss schema: the points service's queues, maintenance and pg-boss upgrades stay apart from the BFF's.
  const jobs = createJobRunner(options.db, { schema: 'points_boss', ...options.jobs });
  const ctx: AppContext = { db: options.db, now: options.now ?? (() => new Date()), settings: resolveSettings(options), jobs };
  if (options.migrate ?? true) await migratePointsToLatest(options.db);

  const app = Fastify({
    ...errorShapeServerOptions,
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  // Jobs stop first (a running draw finishes), then the database closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (options.closeDbOnClose ?? true) await options.db.destroy();
  });
  installErrorHandlers(app);
  installJsonParser(app);
  await app.register(cors, {
    origin: options.corsOrigins ?? false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', 'token', 'idempotency-key'],
    exposedHeaders: ['content-disposition', 'retry-after', 'x-export-truncated'],
    maxAge: 600,
  });
  installAuthGuard(app, ctx);
  installInputGuards(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/health', { config: { auth: 'public' } }, async () => ({ ok: true as const, service: 'points' as const }));
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
