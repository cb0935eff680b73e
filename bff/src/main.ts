import { buildApp } from './app';
import { createDb, embeddedPglite } from './db/connect';
import { servePgliteOverWire, type PgliteWire } from './db/pgliteWire';
import { DataFolderLockedError } from './db/lock';
import { configOrExit, describeDb, localSeedAllowed, readConfig } from './config';
import { PortInUseError, ensurePortsFree, rethrowInUse } from './ports';

async function main(): Promise<void> {
  const config = configOrExit('bff', () => readConfig());
  await ensurePortsFree([
    [config.port, 'PORT'],
    [config.db.kind === 'pglite' ? config.pgliteWirePort : null, 'PGLITE_WIRE_PORT'],
  ]);
  if (['1', 'true'].includes(process.env.SEED_LOCAL_DATA?.trim() ?? '') && !localSeedAllowed()) {
    console.warn('[bff] SEED_LOCAL_DATA=1 ignored: local seed accounts are never created outside a local environment');
  }
  // Served to the points API over the wire: PGlite stays on this thread (db/connect.ts).
  const db = createDb(config.db.kind === 'pglite' && config.pgliteWirePort !== null ? { ...config.db, servedOverWire: true } : config.db);
  const app = await buildApp({
    db,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    tokenTtlMinutes: config.tokenTtlMinutes,
    tokenIdleMinutes: config.tokenIdleMinutes,
    seedLocalData: config.seedLocalData,
    logger: { level: config.logLevel },
  });

  // The points API (points-api/) reaches the embedded database over the wire, as it would a PostgreSQL.
  const embedded = embeddedPglite(db);
  let wire: PgliteWire | null = null;
  if (config.pgliteWirePort !== null && embedded) {
    wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: config.pgliteWirePort }).catch(
      rethrowInUse(config.pgliteWirePort, 'PGLITE_WIRE_PORT'),
    );
    console.log(`[bff] embedded database served to local services on postgres://127.0.0.1:${wire.port}/postgres`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`[bff] ${signal}: shutting down`);
    Promise.resolve(wire?.stop())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('[bff] error while shutting down', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host }).catch(rethrowInUse(config.port, 'PORT'));
  const seed = config.seedLocalData ? ', local seed accounts on' : '';
  console.log(`[bff] Phoenix Admin BFF listening on http://${config.host}:${config.port} (${describeDb(config.db)}${seed})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataFolderLockedError || error instanceof PortInUseError) {
    console.error(`[bff] not started: ${error.message}`);
    process.exit(1);
  }
  console.error('[bff] failed to start:', error);
  process.exit(1);
});
