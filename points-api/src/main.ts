// First: tracing, before Fastify and pg load (instrument.ts).
import './instrument';
import { sql, type Kysely } from 'kysely';
import { createDb } from '@phoenix/server/db';
import type { Database } from './db/database';
import { buildPointsApp } from './app';
import { configOrExit } from '@phoenix/server/config';
import { readPointsConfig } from './config';
import { PortInUseError, ensurePortsFree, rethrowInUse } from '@phoenix/server';
import { processLogger, shutDown } from '@phoenix/server/http';

// JSON lines on stdout from the first one; LOG_LEVEL applies once the configuration is read.
let log = processLogger('points-api', 'info');

async function main(): Promise<void> {
  const config = configOrExit(
    'points-api',
    () => readPointsConfig(),
    (message, problems) => log.fatal({ problems }, message),
  );
  log = processLogger('points-api', config.logLevel);
  await ensurePortsFree([[config.port, 'PORT']]);
  const db = createDb<Database>({ kind: 'postgres', connectionString: config.databaseUrl, maxConnections: 5 });
  await untilBffDatabaseIsReady(db);
  const app = await buildPointsApp({
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
    loggerInstance: log,
    metrics: config.metrics,
    apiReference: config.apiReference,
    hsts: config.deployed,
    changeControl: config.changeControl,
    requestLimits: config.requestLimits,
    actionLogSink: config.actionLogSink,
    seedLocalData: config.seedLocalData,
    gameServer: config.gameServer,
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    void shutDown(app, signal, { log });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host }).catch(rethrowInUse(config.port, 'PORT'));
  log.info(`Phoenix points API listening on http://${config.host}:${config.port}`);
}

/** The BFF creates the shared tables (sessions, action_logs): wait for them (`npm run dev` starts both at once). */
async function untilBffDatabaseIsReady(db: Kysely<Database>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const found = await sql<{ ok: string | null }>`select to_regclass('public.action_logs')::text as ok`.execute(db);
      if (found.rows[0]?.ok) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error('The BFF database has no action_logs table: start the BFF first');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) {
    log.fatal(`not started: ${error.message}`);
    process.exit(1);
  }
  log.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
