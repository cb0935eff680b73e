// First: @phoenix/server/testing's jest.mock calls (through the support module) make kysely, PGlite, Fastify and pg-boss loadable.
import { createSharedDatabase, pointsDatabaseOf } from './support/pointsTestApp';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { migrationRunner, runMigrateCommand, type MigrationRunner } from '@phoenix/server/db';
import { buildPointsApp } from '../src/app';
import { pointsMigrations } from '../src/db/migrate';
import { POINTS_MIGRATIONS } from '../src/db/migrations';
import type { Database } from '../src/db/database';

/**
 * The points API's migrate command (src/cli/migrate.ts, the migration Job's second step after the
 * BFF's) and the points API started with MIGRATE_ON_START=false.
 */

async function migrate(db: Kysely<Database>, migrations: MigrationRunner = pointsMigrations) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMigrateCommand({
    name: 'points-api migrate',
    target: 'the test database',
    db,
    migrations,
    jobSchema: 'points_boss',
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

test('migrates the points schema and exits 0; with migrations off the points API is not ready on a schema behind until the command has run', async () => {
  const shared = await createSharedDatabase();
  const database = await pointsDatabaseOf(shared);
  const db = database.connect();
  try {
    const refused = database.connect();
    await expect(buildPointsApp({ db: refused, migrate: false })).rejects.toThrow(
      /MIGRATE_ON_START=false and the database has no "points_boss" schema yet/,
    );
    await refused.destroy();

    const names = Object.keys(POINTS_MIGRATIONS);
    const newest = names.at(-1)!;
    const previous = migrationRunner({
      migrations: () => Object.fromEntries(Object.entries(POINTS_MIGRATIONS).filter(([name]) => name !== newest)),
      schema: 'points',
    });
    expect(await migrate(db, previous)).toEqual({
      code: 0,
      out: [`points-api migrate: applied ${names.length - 1} migration(s) to the test database: ${names.slice(0, -1).join(', ')}`],
      err: [],
    });

    const app = await buildPointsApp({ db: database.connect(), migrate: false });
    try {
      const behind = await app.inject({ method: 'GET', url: '/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ checks: { migrations: '1 pending' }, failed: ['migrations'] });

      expect(await migrate(db)).toEqual({
        code: 0,
        out: [`points-api migrate: applied 1 migration(s) to the test database: ${newest}`],
        err: [],
      });
      expect((await app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({
        ok: true,
        checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
      });
      expect((await migrate(db)).out).toEqual(['points-api migrate: the test database is up to date, nothing to apply']);
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
    await database.close();
    await shared.close();
  }
});

test('the command exits 1 with the reason when the database cannot be reached, never printing a password', () => {
  const dir = path.resolve(__dirname, '..');
  const result = spawnSync(path.join(dir, 'node_modules/.bin/tsx'), ['src/cli/migrate.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: 'postgres://phoenix_app:serving-s3cret@127.0.0.1:1/phoenix',
      MIGRATION_DATABASE_URL: 'postgres://phoenix:owner-s3cret@127.0.0.1:1/phoenix',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^points-api migrate: failed on PostgreSQL at 127\.0\.0\.1:1\/phoenix: .*ECONNREFUSED/);
  expect(result.stderr).not.toMatch(/s3cret|\n\s+at /);
});
