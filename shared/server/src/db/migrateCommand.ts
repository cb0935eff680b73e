import { sql, type Kysely } from 'kysely';
import type { MigrationRunner } from './migrate';
import { migrateServing } from './servingRole';

/**
 * The migrate command of a service (bff/src/cli/migrate.ts, points-api/src/cli/migrate.ts): what the
 * service does at start with MIGRATE_ON_START on, run once on its own, so a deployment migrates in
 * one step (a Kubernetes Job) before the new release serves, and the services start with migrations
 * off. Migrations run as the tables' owner (MIGRATION_DATABASE_URL) when there is one, which then
 * grants the serving role (DATABASE_URL) what serving needs; the serving role must then find none
 * pending (what /ready checks).
 */
export interface MigrateCommandOptions {
  /** The command's name in every line it prints ("bff migrate"). */
  name: string;
  /** Where, for the lines it prints (config.ts describeDb: never a password). */
  target: string;
  /** The serving connection (DATABASE_URL), opened and closed by the caller. */
  db: Kysely<any>;
  /** The owner's connection (MIGRATION_DATABASE_URL), if any: closed by the command once used. */
  owner?: Kysely<any> | undefined;
  migrations: MigrationRunner;
  /** The service's pg-boss schema: the owner creates it (the service then starts without creating it). */
  jobSchema: string;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** Runs the migrations; the exit code: 0 when the schema is current, 1 (with the reason printed) when not. */
export async function runMigrateCommand(options: MigrateCommandOptions): Promise<0 | 1> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const { db, owner } = options;
  let ownerClosed = false;
  try {
    const before = await options.migrations.pendingMigrations(owner ?? db);
    // migrateServing closes the owner after its grants.
    ownerClosed = true;
    await migrateServing(db, { owner, migrations: options.migrations, jobSchema: options.jobSchema });
    // One role for both: the service then starts without creating its jobs' schema itself.
    if (!owner) await sql`create schema if not exists ${sql.id(options.jobSchema)}`.execute(db);
    const left = await options.migrations.pendingMigrations(db);
    if (left.length > 0) {
      err(
        `${options.name}: failed: ${left.length} migration(s) still pending as the serving role on ${options.target}: ${left.join(', ')}`,
      );
      return 1;
    }
    out(
      before.length === 0
        ? `${options.name}: ${options.target} is up to date, nothing to apply`
        : `${options.name}: applied ${before.length} migration(s) to ${options.target}: ${before.join(', ')}`,
    );
    return 0;
  } catch (error) {
    err(`${options.name}: failed on ${options.target}: ${reason(error)}`);
    return 1;
  } finally {
    if (!ownerClosed) await owner?.destroy().catch(() => {});
  }
}

/** The message of an error; a refused connection to every address of a host is an AggregateError without one. */
function reason(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return error.errors.map(reason).join('; ');
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return error.message || code || error.name;
  }
  return String(error);
}
