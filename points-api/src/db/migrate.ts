import path from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { loadMigrations } from '@phoenix/bff/src/db/migrate';

/** The points API's own migrations (src/db/migrations, `NNNN_name.ts`), tracked in the `points` schema. */
export const POINTS_MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export async function migratePointsToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => loadMigrations(POINTS_MIGRATIONS_DIR) },
    migrationTableSchema: 'points',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Points migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
