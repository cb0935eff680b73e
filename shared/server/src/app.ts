import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { CONFIRM_SCOPE_HEADER } from '@phoenix/contract';
import { resolveSessionSettings, type ServerContext, type SessionSettings } from './context';
import { setActionLogChain } from './db/actionLog';
import { startActionLogShipper, type ActionLogShipper } from './db/actionLogSink';
import { poolCounts } from './db/connect';
import type { MigrationRunner } from './db/migrate';
import type { ServerDatabase } from './db/schema';
import { actionLogRewritableBy, migrateServing } from './db/servingRole';
import { installAuthGuard } from './http/auth';
import { CHANGE_CONTROL_DEFAULTS, createChangeControl, installChangeControl, type ChangeControlSettings } from './http/changeControl';
import { installErrorHandlers } from './http/errors';
import { installJsonParser } from './http/jsonBody';
import { installOpenApi, type OpenApiOptions } from './http/openapi';
import { installCompression } from './http/compression';
import type { MetricsAccess } from './http/metrics';
import { installOperatorSignals, operatorServerOptions, registerOperatorEndpoints } from './http/operator';
import { installInputGuards } from './http/validate';
import { installSecurityHeaders } from './http/securityHeaders';
import { installExportAudit } from './http/exportAudit';
import { installRequestLimits, REQUEST_LIMIT_DEFAULTS, type RequestLimitSettings } from './http/requestLimits';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './jobs/runner';

/** What both services' apps take (each adds its own options). */
export interface ServerAppOptions<DB extends ServerDatabase = ServerDatabase> {
  db: Kysely<DB>;
  /** The clock; tests pass one they can move. */
  now?: () => Date;
  /** Absolute token lifetime (default 720 = 12 h); both services apply the same session rules. */
  tokenTtlMinutes?: number;
  /** Idle timeout (default 30). */
  tokenIdleMinutes?: number;
  /** Fastify's trustProxy (TRUST_PROXY): take the client address from X-Forwarded-For behind the load balancer. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Allowed browser origins (exact match). Default: none (only same-origin / non-browser). */
  corsOrigins?: string[];
  /** Run the service's migrations at start (default true). */
  migrate?: boolean;
  /**
   * The tables' owner (MIGRATION_DATABASE_URL): the migrations run under it, then it grants the
   * serving role of `db` what serving needs (db/servingRole.ts) and is closed. Without it both run on `db`.
   */
  migrationDb?: Kysely<any>;
  /** Refuse to start if `db`'s role could rewrite the action log (config.ts `deployed`, on PostgreSQL). */
  requireServingRole?: boolean;
  /** Destroy `db` when the app closes (default true). */
  closeDbOnClose?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The process's logger (main.ts), used as is; else `logger`'s options (with the redaction added). */
  loggerInstance?: FastifyBaseLogger;
  /** Background jobs (pg-boss): its schema and polling interval. */
  jobs?: JobRunnerOptions;
  /** Who may read /metrics (config.ts `metrics`); default open (tests, local). */
  metrics?: MetricsAccess;
  /** Global operations: the environment's mode (default off), request expiry (24 h) and bulk threshold (1,000 ids). */
  changeControl?: Partial<ChangeControlSettings>;
  /** Serve the API reference page at /docs (config.ts `apiReference`: local and dev only). */
  apiReference?: boolean;
  /** Send Strict-Transport-Security (config.ts `deployed`: outside a local environment). */
  hsts?: boolean;
  /** Per admin: searches and exports a minute, exports at once (default 60, 10, 2; http/requestLimits.ts). */
  requestLimits?: Partial<RequestLimitSettings>;
  /** ACTION_LOG_SINK: the service's chain streamed as JSON lines to a file:/// or http(s):// sink (db/actionLogSink.ts). */
  actionLogSink?: string | null;
}

export interface ServiceDefinition {
  /** The `service` label of the metrics. */
  name: OpenApiOptions['service'];
  /** The service's migrations (db/migrate.ts migrationRunner): run at start, checked by /ready. */
  migrations: MigrationRunner;
  /** Its pg-boss schema (default pgboss). */
  jobSchema?: string;
  /** Its settings (default: the session rules from the options). */
  settings?: SessionSettings;
}

export interface ServerApp<DB extends ServerDatabase> {
  app: FastifyInstance;
  ctx: ServerContext<DB>;
  jobs: JobRunner;
  /** Once the service's routes are registered (they define their job queues): starts the jobs, then `afterJobs`, then readies the app. */
  start(afterJobs?: () => Promise<void>): Promise<FastifyInstance>;
}

/** Headers a browser may send and read (the console calls both services the same way). */
const CORS = {
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowedHeaders: ['content-type', 'token', 'idempotency-key', 'x-request-id', CONFIRM_SCOPE_HEADER],
  exposedHeaders: ['content-disposition', 'retry-after', 'x-export-truncated', 'x-request-id'],
  maxAge: 600,
};

/**
 * The one bootstrap of both services: request ids, logging, the error shape, the JSON parser,
 * CORS, the token guard, the input guards, /health's companions /ready and /metrics, no-store on
 * every answer, and the close order (requests drain, jobs stop, the database closes). The service
 * then registers its routes on `app` and calls `start()`.
 */
export async function createServerApp<DB extends ServerDatabase>(
  options: ServerAppOptions<DB>,
  service: ServiceDefinition,
): Promise<ServerApp<DB>> {
  const app = Fastify({
    ...operatorServerOptions(options),
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  const jobSchema = options.jobs?.schema ?? service.jobSchema ?? 'pgboss';
  const migrate = options.migrate ?? true;
  // Without migrations at start, the migrate command (as the owner) has made the jobs' schema.
  const jobs = createJobRunner(options.db, {
    log: app.log,
    ...options.jobs,
    schema: jobSchema,
    createSchema: migrate && !options.migrationDb,
  });
  const ctx: ServerContext<DB> = {
    db: options.db,
    now: options.now ?? (() => new Date()),
    settings: service.settings ?? resolveSessionSettings(options),
    jobs,
    changeControl: createChangeControl({ ...CHANGE_CONTROL_DEFAULTS, ...options.changeControl }),
  };
  if (migrate) await migrateServing(options.db, { owner: options.migrationDb, migrations: service.migrations, jobSchema });
  else await requireMigrateCommandRan(options.db, jobSchema);
  if (options.requireServingRole) {
    const rewrite = await actionLogRewritableBy(options.db);
    if (rewrite) {
      throw new Error(
        `The database role of DATABASE_URL ${rewrite}: serve under a role that may only read and insert it, and give the tables' owner as MIGRATION_DATABASE_URL (docs/database-roles.md)`,
      );
    }
  }
  setActionLogChain(service.name); // its rows go into the service's own chain (db/actionLog.ts)

  // Runs once every connection has ended (app.close stops accepting, then drains the requests):
  // jobs stop first (a running handler finishes its batch), then the database closes.
  let shipper: ActionLogShipper | null = null;
  app.addHook('onClose', async () => {
    await shipper?.stop();
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
  await installSecurityHeaders(app, { hsts: options.hsts ?? false });
  await app.register(cors, { origin: options.corsOrigins ?? false, ...CORS });
  await installCompression(app);
  installAuthGuard(app, ctx);
  installExportAudit(app, ctx);
  await installRequestLimits(app, ctx, { ...REQUEST_LIMIT_DEFAULTS, ...options.requestLimits }, service.name);
  installChangeControl(app, ctx.changeControl!, ctx);
  installInputGuards(app);
  await installOpenApi(app, { service: service.name, reference: options.apiReference });
  registerOperatorEndpoints(app, {
    metrics: {
      service: service.name,
      access: options.metrics ?? 'open',
      pool: () => poolCounts(options.db),
      queues: () => jobs.queueCounts(),
    },
    readiness: {
      database: async () => void (await sql`select 1`.execute(options.db)),
      pendingMigrations: () => service.migrations.pendingMigrations(options.db),
      jobsRunning: () => jobs.isRunning(),
    },
  });
  // API responses hold admin data: never let a browser or proxy cache them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  return {
    app,
    ctx,
    jobs,
    async start(afterJobs) {
      await jobs.start();
      if (options.actionLogSink) {
        shipper = startActionLogShipper({
          db: options.db,
          chain: service.name,
          sink: options.actionLogSink,
          onError: (error) => app.log.error({ err: error }, 'action log: the sink refused lines; retrying, nothing is lost'),
          onRecovered: () => app.log.info('action log: the sink takes lines again'),
        });
      }
      await afterJobs?.();
      await app.ready();
      return app;
    },
  };
}

/**
 * Started without migrations (MIGRATE_ON_START=false): a schema behind the release is served and
 * /ready says so until the migrate command has run. A database the command never ran on has no
 * jobs' schema, so the jobs could not start: the service stops saying what to run first.
 */
async function requireMigrateCommandRan(db: Kysely<any>, jobSchema: string): Promise<void> {
  const { rows } = await sql<{ found: string | null }>`select to_regnamespace(${jobSchema})::text as found`.execute(db);
  if (rows[0]?.found == null) {
    throw new Error(
      `MIGRATE_ON_START=false and the database has no "${jobSchema}" schema yet: run the service's migrate command first (node dist/cli/migrate.js; in Kubernetes the migration Job)`,
    );
  }
}
