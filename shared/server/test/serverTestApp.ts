import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely, KyselyConfig } from 'kysely';
import type { PasswordHashParams } from '../src/auth/crypto';
import { hashToken, newToken } from '../src/auth/crypto';
import { createSession } from '../src/auth/sessions';
import { createDb } from '../src/db/connect';
import { freshClusterSnapshot, preparedSnapshot, type PreparedDatabase } from './pgliteSnapshot';
import { createScratchDatabase, preparedTemplate } from './scratchDatabase';

/** A clock the test moves by hand. */
export class TestClock {
  private time = Date.parse('2030-01-15T09:00:00.000Z');
  now = (): Date => new Date(this.time);
  advanceMinutes(minutes: number): void {
    this.time += minutes * 60_000;
  }
}

/** argon2id at its cheapest: tests check behaviour, not hash strength. */
export const TEST_PASSWORD_HASH: PasswordHashParams = { memoryCost: 64, timeCost: 1, parallelism: 1 };

/** These tests move the clock by hours and days: keep sessions alive meanwhile. */
export const LONG_SESSIONS = { tokenTtlMinutes: 60 * 24 * 365, tokenIdleMinutes: 60 * 24 * 365 };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the shared contracts (resourceContract, audit helpers) need of a service's test app. */
export interface ServiceTestApp {
  db: Kysely<any>;
  clock: TestClock;
  /** inject() with the `token` header set. */
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The database URL of each test database on PostgreSQL (the points API and second instances connect to it). */
const databaseUrls = new WeakMap<Kysely<any>, string>();

/** TEST_DATABASE_URL's server, the database of this test file: null on PGlite. */
export function testDatabaseUrl(db: Kysely<any>): string | null {
  return databaseUrls.get(db) ?? null;
}

/**
 * A fresh database for one test file, `prepared` (its migrations) when given: in-memory PGlite (from
 * a dumped cluster, pgliteSnapshot.ts), or
 * — when TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped again by
 * `drop`. A database of its own (not a schema) holds what has a fixed name too (`pgboss`, `points`,
 * advisory locks), so test files run in parallel on one server.
 */
export async function createTestDatabase<DB>({
  prepared,
  ...options
}: Pick<KyselyConfig, 'log'> & { prepared?: PreparedDatabase } = {}): Promise<{ db: Kysely<DB>; drop: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) {
    const loadDataDir = prepared ? await preparedSnapshot(prepared) : await freshClusterSnapshot();
    return { db: createDb<DB>({ kind: 'pglite', loadDataDir }, options), drop: async () => {} };
  }
  const database = await createScratchDatabase('t', { template: prepared ? await preparedTemplate(prepared) : undefined });
  const db = createDb<DB>({ kind: 'postgres', connectionString: database.url, maxConnections: 5 }, options);
  databaseUrls.set(db, database.url);
  return { db, drop: () => database.drop() };
}

/** A session for `adminId` written directly into the shared sessions table; its token. */
export async function writeSession(db: Kysely<any>, adminId: number, createdAt: Date, ttlMs: number): Promise<string> {
  const token = newToken();
  await db.transaction().execute((trx) => createSession(trx, { adminId, tokenHash: hashToken(token), now: createdAt, ttlMs }));
  return token;
}

/** The newest action-log row of a target, read straight from the table. */
export async function lastLog(t: Pick<ServiceTestApp, 'db'>, targetType: string, targetId: string | number) {
  return t.db
    .selectFrom('action_logs')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('target_id', '=', String(targetId))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function logCount(t: Pick<ServiceTestApp, 'db'>): Promise<number> {
  const row = await t.db
    .selectFrom('action_logs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every listed route answers 401 without a token and 403 with a role-1 token. */
export async function expectGuarded(t: ServiceTestApp, operatorToken: string, routes: readonly [Method, string][]) {
  for (const [method, url] of routes) {
    const anonymous = await t.call(null, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect({ route: `${method} ${url}`, status: anonymous.statusCode }).toEqual({ route: `${method} ${url}`, status: 401 });
    const operator = await t.call(operatorToken, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect({ route: `${method} ${url}`, status: operator.statusCode }).toEqual({ route: `${method} ${url}`, status: 403 });
  }
}
