import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { resolveSettings, type AppContext, type LoginThrottleOptions } from './context';
import type { PasswordHashParams } from './features/auth/crypto';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { registerFeatureRoutes } from './discoverFeatures';
import { installAuthGuard } from './http/auth';
import { installInputGuards } from './http/validate';
import { errorShapeServerOptions, installErrorHandlers } from './http/errors';
import { installJsonParser } from './http/jsonBody';
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
  /** Background jobs (pg-boss): its schema and polling interval. */
  jobs?: JobRunnerOptions;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const settings = resolveSettings(options);
  const jobs = createJobRunner(options.db, options.jobs);
  const ctx: AppContext = { db: options.db, now: options.now ?? (() => new Date()), settings, jobs };

  if (options.migrate ?? true) await migrateToLatest(options.db);
  if (options.seedLocalData) await seedLocalData(ctx);

  const app = Fastify({
    ...errorShapeServerOptions,
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  // Jobs stop first (a running handler finishes its batch), then the database closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (options.closeDbOnClose ?? true) await options.db.destroy();
  });

  installErrorHandlers(app);
  installJsonParser(app);
  await app.register(cors, {
    origin: options.corsOrigins ?? false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', 'token'],
    exposedHeaders: ['content-disposition', 'retry-after', 'x-export-truncated'],
    maxAge: 600,
  });
  installAuthGuard(app, ctx);
  installInputGuards(app);
  // API responses hold admin data: never let a browser or proxy cache them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await registerFeatureRoutes(app, ctx); // features define their job queues here
  await jobs.start();

  await app.ready();
  return app;
}
