import path from 'node:path';
import { loadMigrations as migrationsIn, migrationRunner } from '@phoenix/server/db';

/** The BFF's migrations: one file each in db/migrations (see @phoenix/server's migration runner). */
export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export const loadMigrations = (dir = MIGRATIONS_DIR) => migrationsIn(dir);

const runner = migrationRunner({ migrations: () => loadMigrations() });

/** Brings the BFF's schema (the connection's own) to the latest migration; throws if one fails. */
export const migrateToLatest = runner.migrateToLatest;
/** The BFF's migrations not applied yet (/ready). */
export const pendingMigrations = runner.pendingMigrations;
