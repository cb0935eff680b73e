/**
 * Runs the BFF's migrations and exits (0: the schema is current; 1: the reason on stderr). As the
 * tables' owner when MIGRATION_DATABASE_URL is set, granting DATABASE_URL's serving role what it
 * needs, as the BFF does at start. With it, deployments migrate once before a release serves and
 * start the BFF with MIGRATE_ON_START=false (its /ready waits for the schema):
 *
 *   node dist/cli/migrate.js                      (the image; the Kubernetes migration Job)
 *   pnpm --filter @phoenix/bff migrate            (from the repository)
 *
 * Run it before the points API's (points-api/src/cli/migrate.ts): the points API uses the BFF's tables.
 * With PGlite, stop the BFF first (one process holds the data folder).
 */
import { createDb, runMigrateCommand } from '@phoenix/server/db';
import { configOrExit, describeDb, readConfig } from '@phoenix/server/config';
import { migrateToLatest, pendingMigrations } from '../db/migrate';

async function main(): Promise<void> {
  const config = configOrExit(
    'bff migrate',
    () => readConfig(),
    (message) => console.error(message),
  );
  const ownerUrl = config.migrationDatabaseUrl;
  const db = createDb(config.db);
  process.exitCode = await runMigrateCommand({
    name: 'bff migrate',
    target: describeDb(config.db),
    db,
    owner: ownerUrl ? createDb({ kind: 'postgres', connectionString: ownerUrl, maxConnections: 2 }) : undefined,
    migrations: { migrateToLatest, pendingMigrations },
    jobSchema: 'pgboss',
  });
  await db.destroy().catch(() => {});
}

main().catch((error: unknown) => {
  console.error(`bff migrate: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
