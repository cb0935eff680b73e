import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { modulesIn } from '../modules';
import { currentSchema, withStartupLock } from './startupLock';

/**
 * Every schema change, in order, in code: the same migrations run on PGlite and PostgreSQL. A
 * service keeps one file per migration in a folder, `NNNN_name.ts` exporting `up` (and `down`);
 * the file name is the migration's name and its order. Never edit a migration that has shipped:
 * add the next file (a new file is all it takes).
 */
const MIGRATION_NAME = /^\d{4}_[A-Za-z0-9_]+$/;

/** The migrations of a folder, by name. */
export function loadMigrations(dir: string): Record<string, Migration> {
  const migrations: Record<string, Migration> = {};
  for (const [name, module] of modulesIn(dir, MIGRATION_NAME)) {
    if (typeof module.up !== 'function') throw new Error(`Migration ${name} does not export an up(db) function`);
    migrations[name] = module as unknown as Migration;
  }
  return migrations;
}

export interface MigrationSource {
  /** The service's migrations, by name. */
  migrations: () => Record<string, Migration>;
  /** Where the migration records live: a fixed schema, or (default) the connection's own schema. */
  schema?: string;
  /** For errors: "Migration" (default), "Points migration"… */
  label?: string;
}

export interface MigrationRunner {
  /** The fixed schema of its records and tables, if it has one (the points API's `points`). */
  schema?: string;
  /** Brings the schema to the latest migration; throws if one fails. Returns the names applied. */
  migrateToLatest(db: Kysely<any>): Promise<string[]>;
  /** The migrations not applied to this database yet (/ready: a service is not ready on an old schema). */
  pendingMigrations(db: Kysely<any>): Promise<string[]>;
}

/** A service's migration runner over its migrations. */
export function migrationRunner(source: MigrationSource): MigrationRunner {
  const schemaOf = async (db: Kysely<any>) => source.schema ?? (await currentSchema(db));
  // The migration tables live in a named schema: left unnamed, Kysely looks for them in every
  // schema and takes another schema's (a test schema on the same server, the points API's) for its
  // own. Unordered: branches that add migrations in parallel land in any order; each runs once by name.
  const migratorOf = async (db: Kysely<any>) =>
    new Migrator({
      db,
      provider: { getMigrations: async () => source.migrations() },
      allowUnorderedMigrations: true,
      migrationTableSchema: await schemaOf(db),
    });
  return {
    ...(source.schema ? { schema: source.schema } : {}),
    async migrateToLatest(db) {
      const migrator = await migratorOf(db);
      // Instances started together take turns (db/startupLock.ts): Kysely's own lock is taken only
      // after it has created its tables, and a second instance then finds every migration applied.
      const { error, results } = await withStartupLock(db, `migrate:${await schemaOf(db)}`, () => migrator.migrateToLatest());
      if (error) {
        const failed = results?.find((r) => r.status === 'Error');
        throw new Error(`${source.label ?? 'Migration'} ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
          cause: error,
        });
      }
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    },
    async pendingMigrations(db) {
      const migrations = await (await migratorOf(db)).getMigrations();
      return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
    },
  };
}
