// First: the test app makes kysely, PGlite, Fastify and pg-boss loadable (support/testApp.ts).
import { TEST_PASSWORD_HASH } from './support/testApp';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createTestDatabase } from '@phoenix/server/testing';
import { loadMigrations, migrationRunner, runMigrateCommand, type MigrationRunner } from '@phoenix/server/db';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/schema';
import { migrateToLatest, pendingMigrations } from '../src/db/migrate';

/**
 * The migrate command (src/cli/migrate.ts: `node dist/cli/migrate.js` in the image, the Kubernetes
 * migration Job) and a BFF started with MIGRATE_ON_START=false: the command migrates and exits 0
 * (1 with the reason), the service never migrates and /ready reports the schema until the command ran.
 */

const BFF = path.resolve(__dirname, '..');
const BFF_MIGRATIONS = { migrateToLatest, pendingMigrations };

async function migrate(db: Kysely<Database>, migrations: MigrationRunner = BFF_MIGRATIONS) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMigrateCommand({
    name: 'bff migrate',
    target: 'the test database',
    db,
    migrations,
    jobSchema: 'pgboss',
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

const ready = (app: Awaited<ReturnType<typeof buildApp>>) => app.inject({ method: 'GET', url: '/ready' });

test('migrates a new database and exits 0; run again it has nothing to do; a BFF with migrations off is then ready', async () => {
  const { db, drop } = await createTestDatabase<Database>();
  try {
    const first = await migrate(db);
    expect(first).toMatchObject({ code: 0, err: [] });
    const all = Object.keys(loadMigrations(path.join(BFF, 'src/db/migrations')));
    expect(first.out).toEqual([`bff migrate: applied ${all.length} migration(s) to the test database: ${all.sort().join(', ')}`]);
    expect(await pendingMigrations(db)).toEqual([]);

    const again = await migrate(db);
    expect(again).toEqual({ code: 0, out: ['bff migrate: the test database is up to date, nothing to apply'], err: [] });

    const app = await buildApp({ db, migrate: false, closeDbOnClose: false, passwordHash: TEST_PASSWORD_HASH });
    try {
      expect((await ready(app)).json()).toEqual({ ok: true, checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
    await drop();
  }
});

test('with migrations off, the BFF refuses a database the command never ran on, and serves a schema behind as not ready until the command has run', async () => {
  const { db, drop } = await createTestDatabase<Database>();
  try {
    await expect(buildApp({ db, migrate: false, closeDbOnClose: false, passwordHash: TEST_PASSWORD_HASH })).rejects.toThrow(
      /MIGRATE_ON_START=false and the database has no "pgboss" schema yet: run the service's migrate command first/,
    );
    expect((await pendingMigrations(db)).length).toBeGreaterThan(0); // it did not migrate

    // The previous release's migrations: every one but the newest two.
    const all = loadMigrations(path.join(BFF, 'src/db/migrations'));
    const newest = Object.keys(all).sort().slice(-2);
    const previous = migrationRunner({
      migrations: () => Object.fromEntries(Object.entries(all).filter(([name]) => !newest.includes(name))),
    });
    expect((await migrate(db, previous)).code).toBe(0);

    const app = await buildApp({ db, migrate: false, closeDbOnClose: false, passwordHash: TEST_PASSWORD_HASH });
    try {
      const behind = await ready(app);
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ ok: false, checks: { database: 'ok', migrations: '2 pending', jobs: 'ok' }, failed: ['migrations'] });
      expect(await pendingMigrations(db)).toEqual(newest); // starting did not apply them

      // The migration Job of the new release.
      expect(await migrate(db)).toMatchObject({
        code: 0,
        out: [`bff migrate: applied 2 migration(s) to the test database: ${newest.join(', ')}`],
      });
      expect((await ready(app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
    await drop();
  }
});

test('a failing migration: exit code 1 and the migration named; the run is rolled back as one', async () => {
  const { db, drop } = await createTestDatabase<Database>();
  try {
    const all = loadMigrations(path.join(BFF, 'src/db/migrations'));
    const broken = migrationRunner({
      migrations: () => ({
        ...all,
        '9999_broken': {
          up: async () => {
            throw new Error('relation "nowhere" does not exist');
          },
        },
      }),
    });
    const result = await migrate(db, broken);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.err).toEqual([
      'bff migrate: failed on the test database: Migration 9999_broken failed: Error: relation "nowhere" does not exist',
    ]);
    // Kysely runs them in one transaction on PostgreSQL and PGlite: nothing half-applied.
    expect(await broken.pendingMigrations(db)).toHaveLength(Object.keys(all).length + 1);
  } finally {
    await db.destroy();
    await drop();
  }
});

describe('the command itself (pnpm --filter @phoenix/bff migrate)', () => {
  const run = (env: NodeJS.ProcessEnv) =>
    spawnSync(path.join(BFF, 'node_modules/.bin/tsx'), ['src/cli/migrate.ts'], {
      cwd: BFF,
      env: { ...process.env, TEST_DATABASE_URL: '', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });

  test('exits 0 once the embedded database is migrated, saying what it applied', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-migrate-'));
    try {
      const result = run({ PGLITE_DATA_DIR: dataDir });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^bff migrate: applied \\d+ migration\\(s\\) to PGlite at ${dataDir}: 0001_`));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('exits 1 with the reason when the database cannot be reached, never printing a password', () => {
    const result = run({
      DATABASE_URL: 'postgres://phoenix_app:serving-s3cret@127.0.0.1:1/phoenix',
      MIGRATION_DATABASE_URL: 'postgres://phoenix:owner-s3cret@127.0.0.1:1/phoenix',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^bff migrate: failed on PostgreSQL at 127\.0\.0\.1:1\/phoenix: .*ECONNREFUSED/);
    expect(result.stderr).not.toMatch(/s3cret|\n\s+at /);
  });

  test('exits 1 on a bad configuration, naming the variable', () => {
    const result = run({ DATABASE_URL: 'mysql://db/phoenix' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[bff migrate] not started: invalid configuration (1 variable):');
    expect(result.stderr).toContain('DATABASE_URL="mysql://db/phoenix": expected a postgres:// or postgresql:// URL');
  });
});
