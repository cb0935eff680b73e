// First: @phoenix/server/testing's jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import { createTestDatabase, LONG_SESSIONS, TestClock, writeSession } from '@phoenix/server/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { resolveSessionSettings, type SessionSettings } from '@phoenix/server';
import { createDb, embeddedPglite, loadMigrations, migrationRunner, servePgliteOverWire } from '@phoenix/server/db';
import type { Database } from '../../src/db/database';
import { buildPointsApp, type PointsAppOptions } from '../../src/app';

jest.setTimeout(180_000);

/**
 * The database as the BFF leaves it (its migrations create admins, sessions, action_logs,
 * document_versions, items: the points API runs on the BFF's database). The folder is named by
 * jest.config.cjs (the points project's `globals`): these tests never load the BFF itself.
 */
const bffMigrations = migrationRunner({
  migrations: () => loadMigrations((globalThis as { BFF_MIGRATIONS_DIR?: string }).BFF_MIGRATIONS_DIR!),
});

/** The shared database the points API runs on: its clock, session rules and admins. */
export interface SharedDatabase {
  db: Kysely<Database>;
  clock: TestClock;
  settings: SessionSettings;
  /** An admin account written into the shared `admins` table (role 2 unless given). */
  createAccount(input: { role?: number }): Promise<{ id: number; email: string }>;
  close(): Promise<void>;
}

let accounts = 0;

export async function createSharedDatabase(options: { tokenTtlMinutes?: number; tokenIdleMinutes?: number } = {}): Promise<SharedDatabase> {
  const { db, drop } = await createTestDatabase<Database>();
  await bffMigrations.migrateToLatest(db);
  const clock = new TestClock();
  return {
    db,
    clock,
    settings: resolveSessionSettings(options),
    async createAccount({ role = 2 }) {
      const email = `admin${++accounts}-${process.pid}@test.local`;
      const now = clock.now();
      const row = await db
        .insertInto('admins')
        .values({ email, password_hash: 'not used: sessions are written directly', role, version: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, email };
    },
    async close() {
      await db.destroy();
      await drop();
    },
  };
}

/** A signed-in account of `role`: its session written as the BFF's sign-in writes it. */
export async function signedInAdmin(shared: SharedDatabase, role = 2) {
  const account = await shared.createAccount({ role });
  return { ...account, token: await sessionToken(shared, account.id) };
}

/** A session for `adminId`; `createdAt` defaults to now (expired if far enough back). */
export function sessionToken(shared: SharedDatabase, adminId: number, createdAt: Date = shared.clock.now()): Promise<string> {
  return writeSession(shared.db, adminId, createdAt, shared.settings.tokenTtlMs);
}

export interface PointsTestApp {
  /** The shared database (in-memory PGlite or a TEST_DATABASE_URL schema), its clock and admins. */
  shared: SharedDatabase;
  /** The points API, connected to the shared database with `pg` (see pointsDatabaseOf). */
  points: FastifyInstance;
  token: string;
  operatorToken: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown, token?: string | null): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Where the points API's connections go: `connect()` opens a pool on the shared database. */
export interface PointsDatabase {
  /** `log`: Kysely's query log (the plan suite records the queries the routes run). */
  connect(options?: Pick<KyselyConfig, 'log'>): Kysely<Database>;
  close(): Promise<void>;
}

/** One points test file at a time on a PostgreSQL server: its `points` schemas have fixed names. */
const POINTS_TESTS_LOCK = 7_300_013;

/**
 * The points API's view of the shared database. On PGlite (no TEST_DATABASE_URL), over the wire
 * with `pg`, as in `npm start`. On PostgreSQL, the test schema on the search path and the
 * `points` and `points_boss` schemas next to it: dropped before and after, under an advisory lock
 * so that files run in parallel take turns rather than share them.
 */
export async function pointsDatabaseOf(shared: Pick<SharedDatabase, 'db'>): Promise<PointsDatabase> {
  const embedded = embeddedPglite(shared.db);
  if (embedded) {
    const wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: 0 });
    return {
      connect: (options) =>
        createDb<Database>(
          {
            kind: 'postgres',
            connectionString: `postgres://postgres@127.0.0.1:${wire.port}/postgres`,
            maxConnections: 4,
          },
          options,
        ),
      close: () => wire.stop(),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(shared.db);
  const searchPath = rows[0]!.schema;
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  const dropPointsSchemas = () => holder.query('drop schema if exists points, points_boss cascade');
  await holder.query('select pg_advisory_lock($1)', [POINTS_TESTS_LOCK]);
  await dropPointsSchemas();
  return {
    connect: (options) => createDb<Database>({ kind: 'postgres', connectionString: url, searchPath, maxConnections: 4 }, options),
    async close() {
      try {
        await dropPointsSchemas();
      } finally {
        await holder.end(); // also releases the lock
      }
    },
  };
}

export async function createPointsTestApp(options: Partial<PointsAppOptions> = {}): Promise<PointsTestApp> {
  const shared = await createSharedDatabase(LONG_SESSIONS);
  const database = await pointsDatabaseOf(shared);
  const points = await buildPointsApp({ db: database.connect(), now: shared.clock.now, ...LONG_SESSIONS, ...options });
  const token = (await signedInAdmin(shared)).token;
  const operatorToken = (await signedInAdmin(shared, 1)).token;
  return {
    shared,
    points,
    token,
    operatorToken,
    call(method, url, payload, callToken = token) {
      return points.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: callToken ? { token: callToken } : {},
      });
    },
    async close() {
      await points.close();
      await database.close();
      await shared.close();
    },
  };
}

/** Action-log rows of a target, newest first, read from the shared table. */
export function logsOf(t: PointsTestApp, targetType: string) {
  return t.shared.db.selectFrom('action_logs').selectAll().where('target_type', '=', targetType).orderBy('id', 'desc').execute();
}
