// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createTestApp, signedInAdmin, type TestApp } from '../../../bff/test/support/testApp';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDb, embeddedPglite, servePgliteOverWire } from '@phoenix/server/db';
import type { Database } from '../../src/db/database';
import { LONG_SESSIONS } from '../../../bff/test/support/system';
import { buildPointsApp } from '../../src/app';

export interface PointsTestApp {
  /** The BFF (sign-in, sessions, action log) on a fresh in-memory PGlite. */
  bff: TestApp;
  /** The points API, connected to the BFF's database with `pg` (see pointsDatabaseOf). */
  points: FastifyInstance;
  token: string;
  operatorToken: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown, token?: string | null): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Where the points API's connections go: `connect()` opens a pool on the BFF's database. */
export interface PointsDatabase {
  connect(): Kysely<Database>;
  close(): Promise<void>;
}

/** One points test file at a time on a PostgreSQL server: its `points` schemas have fixed names. */
const POINTS_TESTS_LOCK = 7_300_013;

/**
 * The points API's view of the BFF's database. On PGlite (no TEST_DATABASE_URL), over the wire
 * with `pg`, as in `npm start`. On PostgreSQL, the BFF's test schema on the search path and the
 * `points` and `points_boss` schemas next to it: dropped before and after, under an advisory lock
 * so that files run in parallel take turns rather than share them.
 */
export async function pointsDatabaseOf(bff: TestApp): Promise<PointsDatabase> {
  const embedded = embeddedPglite(bff.db);
  if (embedded) {
    const wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: 0 });
    return {
      connect: () =>
        createDb({ kind: 'postgres', connectionString: `postgres://postgres@127.0.0.1:${wire.port}/postgres`, maxConnections: 4 }),
      close: () => wire.stop(),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(bff.db);
  const searchPath = rows[0]!.schema;
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  const dropPointsSchemas = () => holder.query('drop schema if exists points, points_boss cascade');
  await holder.query('select pg_advisory_lock($1)', [POINTS_TESTS_LOCK]);
  await dropPointsSchemas();
  return {
    connect: () => createDb({ kind: 'postgres', connectionString: url, searchPath, maxConnections: 4 }),
    async close() {
      try {
        await dropPointsSchemas();
      } finally {
        await holder.end(); // also releases the lock
      }
    },
  };
}

export async function createPointsTestApp(): Promise<PointsTestApp> {
  const bff = await createTestApp(LONG_SESSIONS);
  const database = await pointsDatabaseOf(bff);
  const points = await buildPointsApp({ db: database.connect(), now: bff.clock.now, ...LONG_SESSIONS });
  const token = (await signedInAdmin(bff)).token;
  const operatorToken = (await signedInAdmin(bff, 1)).token;
  return {
    bff,
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
      await bff.close();
    },
  };
}

/** Action-log rows of a target, newest first, read from the BFF's table. */
export function logsOf(t: PointsTestApp, targetType: string) {
  return t.bff.db.selectFrom('action_logs').selectAll().where('target_type', '=', targetType).orderBy('id', 'desc').execute();
}
