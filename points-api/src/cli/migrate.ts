/**
 * Runs the points API's migrations (the `points` schema) and exits (0: current; 1: the reason on
 * stderr), as the tables' owner when POINTS_MIGRATION_DATABASE_URL or MIGRATION_DATABASE_URL is set,
 * as the points API does at start. Run the BFF's first (bff/src/cli/migrate.ts): its tables come first.
 *
 *   node dist/cli/migrate.js                      (the image; the Kubernetes migration Job)
 *   pnpm --filter @phoenix/points-api migrate     (from the repository)
 */
import { createDb, runMigrateCommand } from '@phoenix/server/db';
import { configOrExit, describeDb } from '@phoenix/server/config';
import { readPointsConfig } from '../config';
import { pointsMigrations } from '../db/migrate';

async function main(): Promise<void> {
  const config = configOrExit(
    'points-api migrate',
    () => readPointsConfig(),
    (message) => console.error(message),
  );
  const ownerUrl = config.migrationDatabaseUrl;
  const db = createDb({ kind: 'postgres', connectionString: config.databaseUrl, maxConnections: 2 });
  process.exitCode = await runMigrateCommand({
    name: 'points-api migrate',
    target: describeDb({ kind: 'postgres', connectionString: config.databaseUrl }),
    db,
    owner: ownerUrl ? createDb({ kind: 'postgres', connectionString: ownerUrl, maxConnections: 2 }) : undefined,
    migrations: pointsMigrations,
    jobSchema: 'points_boss',
  });
  await db.destroy().catch(() => {});
}

main().catch((error: unknown) => {
  console.error(`points-api migrate: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
