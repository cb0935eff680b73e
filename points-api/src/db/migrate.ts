import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { withStartupLock } from '@phoenix/bff/src/db/startupLock';
import { POINTS_MIGRATIONS } from './migrations';

/** Brings the `points` schema to its latest migration; the migration records live in `points` too. */
export async function migratePointsToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => POINTS_MIGRATIONS },
    migrationTableSchema: 'points',
    // Parallel branches add migrations in any order; each runs once by name.
    allowUnorderedMigrations: true,
  });
  // Instances started together take turns (bff/src/db/startupLock.ts).
  const { error, results } = await withStartupLock(db, 'migrate:points', () => migrator.migrateToLatest());
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Points migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
