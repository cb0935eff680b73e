import path from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { modulesIn } from '../modules';
import { currentSchema, withStartupLock } from './startupLock';

/**
 * Every schema change, in order, in code: the same migrations run on PGlite and PostgreSQL.
 * One file per migration in db/migrations, `NNNN_name.ts` exporting `up` (and `down`); the file
 * name is the migration's name and its order. Never edit a migration that has shipped: add the
 * next file (a new file is all it takes).
 */
export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const MIGRATION_NAME = /^\d{4}_[A-Za-z0-9_]+$/;

export function loadMigrations(dir = MIGRATIONS_DIR): Record<string, Migration> {
  const migrations: Record<string, Migration> = {};
  for (const [name, module] of modulesIn(dir, MIGRATION_NAME)) {
    if (typeof module.up !== 'function') throw new Error(`Migration ${name} does not export an up(db) function`);
    migrations[name] = module as unknown as Migration;
  }
  return migrations;
}

const provider: MigrationProvider = {
  async getMigrations() {
    return loadMigrations();
  },
};

async function migratorOf(db: Kysely<any>): Promise<Migrator> {
  // The migration tables live in the connection's own schema, named explicitly: left unnamed,
  // Kysely looks for them in every schema and takes another schema's (a test schema on the same
  // server, the points API's) for its own. Unordered: branches that add migrations in parallel land
  // in any order; each runs once by name.
  return new Migrator({ db, provider, allowUnorderedMigrations: true, migrationTableSchema: await currentSchema(db) });
}

/** Brings the schema to the latest migration; throws if one fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = await migratorOf(db);
  // Instances started together take turns (db/startupLock.ts): Kysely's own lock is taken only
  // after it has created its tables, and a second instance then finds every migration applied.
  const { error, results } = await withStartupLock(db, `migrate:${await currentSchema(db)}`, () => migrator.migrateToLatest());
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations not applied to this database yet (/ready: a service is not ready on an old schema). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrations = await (await migratorOf(db)).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
