import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { withStartupLock } from '@phoenix/bff/src/db/startupLock';
import { POINTS_MIGRATIONS } from './migrations';

/** The migration records live in `points` too. */
const pointsMigrator = (db: Kysely<any>) =>
  new Migrator({
    db,
    provider: { getMigrations: async () => POINTS_MIGRATIONS },
    migrationTableSchema: 'points',
    // Parallel branches add migrations in any order; each runs once by name.
    allowUnorderedMigrations: true,
  });

/** Brings the `points` schema to its latest migration; instances started together take turns (bff/src/db/startupLock.ts). */
export async function migratePointsToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await withStartupLock(db, 'migrate:points', () => pointsMigrator(db).migrateToLatest());
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Points migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The points migrations not applied yet (/ready). */
export async function pendingPointsMigrations(db: Kysely<any>): Promise<string[]> {
  const migrations = await pointsMigrator(db).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
