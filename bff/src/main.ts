import { buildApp } from './app';
import { createDb } from './db/connect';
import { DataFolderLockedError } from './db/lock';
import { describeDb, localSeedAllowed, readConfig } from './config';

async function main(): Promise<void> {
  const config = readConfig();
  if (process.env.SEED_LOCAL_DATA === '1' && !localSeedAllowed()) {
    console.warn('[bff] SEED_LOCAL_DATA=1 ignored: local seed accounts are never created outside a local environment');
  }
  const db = createDb(config.db);
  const app = await buildApp({
    db,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    tokenTtlMinutes: config.tokenTtlMinutes,
    tokenIdleMinutes: config.tokenIdleMinutes,
    seedLocalData: config.seedLocalData,
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`[bff] ${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[bff] error while shutting down', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const seed = config.seedLocalData ? ', local seed accounts on' : '';
  console.log(`[bff] Phoenix Admin BFF listening on http://${config.host}:${config.port} (${describeDb(config.db)}${seed})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataFolderLockedError) {
    console.error(`[bff] not started: ${error.message}`);
    process.exit(1);
  }
  console.error('[bff] failed to start:', error);
  process.exit(1);
});
