import { migrationRunner } from '@phoenix/server/db';
import { POINTS_MIGRATIONS } from './migrations';

/** The migration records live in `points` too; instances started together take turns (@phoenix/server's startup lock). */
export const pointsMigrations = migrationRunner({ migrations: () => POINTS_MIGRATIONS, schema: 'points', label: 'Points migration' });

/** Brings the `points` schema to its latest migration. */
export const migratePointsToLatest = pointsMigrations.migrateToLatest;
/** The points migrations not applied yet (/ready). */
export const pendingPointsMigrations = pointsMigrations.pendingMigrations;
