// First: tracing, before Fastify and pg load (instrument.ts).
import './instrument';
import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { smtpMailer } from './mail/mailer';
import type { Database } from './db/schema';
import { createDb, embeddedPglite, servePgliteOverWire, type PgliteWire, DataFolderLockedError } from '@phoenix/server/db';
import { configOrExit, describeDb, localSeedAllowed, readConfig } from '@phoenix/server/config';
import { PortInUseError, ensurePortsFree, rethrowInUse } from '@phoenix/server';
import { processLogger, shutDown } from '@phoenix/server/http';

// JSON lines on stdout from the first one; LOG_LEVEL applies once the configuration is read.
let log = processLogger('bff', 'info');

async function main(): Promise<void> {
  const config = configOrExit(
    'bff',
    () => readConfig(),
    (message, problems) => log.fatal({ problems }, message),
  );
  log = processLogger('bff', config.logLevel);
  await ensurePortsFree([
    [config.port, 'PORT'],
    [config.db.kind === 'pglite' ? config.pgliteWirePort : null, 'PGLITE_WIRE_PORT'],
  ]);
  if (['1', 'true'].includes(process.env.SEED_LOCAL_DATA?.trim() ?? '') && !localSeedAllowed()) {
    log.warn('SEED_LOCAL_DATA=1 ignored: local seed accounts are never created outside a local environment');
  }
  // Served to the points API over the wire: PGlite stays on this thread (db/connect.ts).
  const db = createDb<Database>(
    config.db.kind === 'pglite' && config.pgliteWirePort !== null ? { ...config.db, servedOverWire: true } : config.db,
  );
  const app = await buildApp({
    db,
    // MIGRATE_ON_START=false: the migrate command (the migration Job) migrates; /ready waits for it.
    migrate: config.migrateOnStart,
    migrationDb:
      config.migrateOnStart && config.migrationDatabaseUrl
        ? createDb({ kind: 'postgres', connectionString: config.migrationDatabaseUrl, maxConnections: 2 })
        : undefined,
    requireServingRole: config.requireServingRole,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    tokenTtlMinutes: config.tokenTtlMinutes,
    tokenIdleMinutes: config.tokenIdleMinutes,
    oneTimePasswordTtlHours: config.oneTimePasswordTtlHours,
    maxSessionsPerAdmin: config.maxSessionsPerAdmin,
    secondFactor: config.secondFactor,
    webauthn: config.webauthn,
    stakingChain: config.stakingChain,
    seedLocalData: config.seedLocalData,
    loggerInstance: log,
    metrics: config.metrics,
    changeControl: config.changeControl,
    requestLimits: config.requestLimits,
    actionLogSink: config.actionLogSink,
    apiReference: config.apiReference,
    hsts: config.deployed,
    mailer: config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, config.mail.from) : null,
    consoleUrl: config.mail.consoleUrl,
    environmentFile: config.environmentFile,
  });

  // The points API (points-api/) reaches the embedded database over the wire, as it would a PostgreSQL.
  const embedded = embeddedPglite(db);
  let wire: PgliteWire | null = null;
  if (config.pgliteWirePort !== null && embedded) {
    if (!config.pgliteWirePassword) log.warn('PGLITE_WIRE_PASSWORD is unset: the wire takes a random password nobody was given');
    const password = config.pgliteWirePassword ?? randomBytes(24).toString('hex');
    wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: config.pgliteWirePort, password }).catch(
      rethrowInUse(config.pgliteWirePort, 'PGLITE_WIRE_PORT'),
    );
    log.info(
      `embedded database served to local services on postgres://postgres:***@127.0.0.1:${wire.port}/postgres (PGLITE_WIRE_PASSWORD)`,
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    void shutDown(app, signal, { log, before: async () => wire?.stop() });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host }).catch(rethrowInUse(config.port, 'PORT'));
  const seed = config.seedLocalData ? ', local seed accounts on' : '';
  log.info(`Phoenix Admin BFF listening on http://${config.host}:${config.port} (${describeDb(config.db)}${seed})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataFolderLockedError || error instanceof PortInUseError) {
    log.fatal(`not started: ${error.message}`);
    process.exit(1);
  }
  log.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
