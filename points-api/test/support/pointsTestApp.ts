// First: @phoenix/server/testing's jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import {
  createTestDatabase,
  LONG_SESSIONS,
  migrationsDigest,
  TestClock,
  testDatabaseUrl,
  writeSession,
  type PreparedDatabase,
} from '@phoenix/server/testing';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely, type KyselyConfig } from 'kysely';
import { resolveSessionSettings, type SessionSettings } from '@phoenix/server';
import { createDb, embeddedPglite, loadMigrations, migrationRunner, servePgliteOverWire } from '@phoenix/server/db';
import type { LotteryPurchaseResult } from '@phoenix/contract';
import type { Database } from '../../src/db/database';
import { buildPointsApp, type PointsAppOptions } from '../../src/app';

jest.setTimeout(180_000);

/**
 * The database as the BFF leaves it (its migrations create admins, sessions, action_logs,
 * document_versions, items: the points API runs on the BFF's database). The folder is named by
 * jest.config.cjs (the points project's `globals`): these tests never load the BFF itself.
 */
const BFF_MIGRATIONS_DIR = (globalThis as { BFF_MIGRATIONS_DIR?: string }).BFF_MIGRATIONS_DIR!;
const bffMigrations = migrationRunner({ migrations: () => loadMigrations(BFF_MIGRATIONS_DIR) });
/** Every test file starts from the BFF's migrations run once (pgliteSnapshot.ts); the points API's own run in each file. */
const BFF_MIGRATED: PreparedDatabase = {
  key: `bff-${migrationsDigest(BFF_MIGRATIONS_DIR)}`,
  prepare: (db) => bffMigrations.migrateToLatest(db),
};

/** The shared database the points API runs on: its clock, session rules and admins. */
export interface SharedDatabase {
  db: Kysely<Database>;
  clock: TestClock;
  settings: SessionSettings;
  /** An admin account written into the shared `admins` table (role 2 unless given). */
  /** An account (default: role 2 holding the owner role, who may do everything). */
  createAccount(input: { role?: number; roles?: string[] }): Promise<{ id: number; email: string }>;
  close(): Promise<void>;
}

let accounts = 0;

export async function createSharedDatabase(options: { tokenTtlMinutes?: number; tokenIdleMinutes?: number } = {}): Promise<SharedDatabase> {
  const { db, drop } = await createTestDatabase<Database>({ prepared: BFF_MIGRATED });
  await bffMigrations.migrateToLatest(db);
  const clock = new TestClock();
  return {
    db,
    clock,
    settings: resolveSessionSettings(options),
    async createAccount({ role = 2, roles = ['owner'] }) {
      const email = `admin${++accounts}-${process.pid}@test.local`;
      const now = clock.now();
      const row = await db
        .insertInto('admins')
        .values({
          email,
          password_hash: 'not used: sessions are written directly',
          role,
          roles,
          version: 1,
          created_at: now,
          updated_at: now,
        })
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
  /** A second points API on the same database with other options (closed by the test); never a second createPointsTestApp, which would wait for this one's lock on PostgreSQL. */
  anotherPointsApi(options: Partial<PointsAppOptions>): Promise<FastifyInstance>;
  token: string;
  operatorToken: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown, token?: string | null): Promise<LightMyRequestResponse>;
  /** Buys tickets as the game's server does (POST /game/lottery/rounds/:id/tickets with GAME_SERVER_TOKEN), one per player id, in order. */
  buyTickets(roundId: number, playerIds: readonly number[], ticketPrice: number): Promise<LotteryPurchaseResult[]>;
  close(): Promise<void>;
}

/** The game server's token of the test apps (GAME_SERVER_TOKEN). */
export const TEST_GAME_SERVER_TOKEN = 'test-game-server-token-0123456789';
let purchases = 0;

/** One ticket bought through the game server's route: 201 (or 200, a replay), else the test fails with the answer. */
export async function buyTicket(
  points: FastifyInstance,
  roundId: number,
  body: { playerId: number; ticketPrice: number; purchaseId?: string },
): Promise<LotteryPurchaseResult> {
  const response = await points.inject({
    method: 'POST',
    url: `/game/lottery/rounds/${roundId}/tickets`,
    payload: { purchaseId: `test-purchase-${process.pid}-${(purchases += 1)}`, ...body },
    headers: { authorization: `Bearer ${TEST_GAME_SERVER_TOKEN}` },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`ticket purchase: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Where the points API's connections go: `connect()` opens a pool on the shared database. */
export interface PointsDatabase {
  /** `log`: Kysely's query log (the plan suite records the queries the routes run). */
  connect(options?: Pick<KyselyConfig, 'log'>): Kysely<Database>;
  close(): Promise<void>;
}

/**
 * The points API's view of the shared database. On PGlite (no TEST_DATABASE_URL), over the wire
 * with `pg`, as in `npm start`. On PostgreSQL, the test file's own database (its `points` and
 * `points_boss` schemas included: createTestDatabase gives each file a database).
 */
export async function pointsDatabaseOf(shared: Pick<SharedDatabase, 'db'>): Promise<PointsDatabase> {
  const embedded = embeddedPglite(shared.db);
  if (embedded) {
    const password = randomBytes(24).toString('hex'); // as npm start: a password per start
    const wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: 0, password });
    return {
      connect: (options) =>
        createDb<Database>(
          {
            kind: 'postgres',
            connectionString: `postgres://postgres:${password}@127.0.0.1:${wire.port}/postgres`,
            maxConnections: 4,
          },
          options,
        ),
      close: () => wire.stop(),
    };
  }
  const url = testDatabaseUrl(shared.db)!;
  return {
    connect: (options) => createDb<Database>({ kind: 'postgres', connectionString: url, maxConnections: 4 }, options),
    close: async () => {},
  };
}

export async function createPointsTestApp(options: Partial<PointsAppOptions> = {}): Promise<PointsTestApp> {
  const shared = await createSharedDatabase(LONG_SESSIONS);
  const database = await pointsDatabaseOf(shared);
  const points = await buildPointsApp({
    db: database.connect(),
    now: shared.clock.now,
    ...LONG_SESSIONS,
    gameServer: { token: TEST_GAME_SERVER_TOKEN },
    // The clock stands still: a whole file's calls fall in one minute, so the per-minute limits are lifted.
    requestLimits: { searchesPerMinute: 100_000, exportsPerMinute: 100_000 },
    ...options,
  });
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
    anotherPointsApi: (more) => buildPointsApp({ db: database.connect(), now: shared.clock.now, ...LONG_SESSIONS, ...more }),
    async buyTickets(roundId, playerIds, ticketPrice) {
      const bought: LotteryPurchaseResult[] = [];
      for (const playerId of playerIds) bought.push(await buyTicket(points, roundId, { playerId, ticketPrice }));
      return bought;
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

/** Point accounts for `ids` (they come from the game), each credited `points` by a task entry: a balance moves only by an entry. */
export async function openAccounts(db: Kysely<Database>, ids: readonly number[], points: number): Promise<void> {
  const now = new Date();
  await db
    .insertInto('points.accounts')
    .values(ids.map((id) => ({ id, wallet: null, version: 1, created_at: now, updated_at: now, updated_by: null })))
    .execute();
  if (points > 0) {
    await db
      .insertInto('points.ledger_entries')
      .values(
        ids.map((id) => ({
          player_id: id,
          kind: 'taskReward' as const,
          amount: points,
          reason: 'Task',
          created_at: now,
          created_by: null,
        })),
      )
      .execute();
  }
}

/**
 * Tickets as they were before every ticket had its debit (migration 0034's `not valid` check): the
 * check dropped for the insert and put back, so only these rows escape it.
 */
export async function insertLegacyTickets(db: Kysely<Database>, roundId: number, playerIds: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table points.lottery_tickets drop constraint lottery_tickets_paid`.execute(trx);
    await sql`insert into points.lottery_tickets (round_id, player_id) select ${roundId}, p from unnest(${[...playerIds]}::int[]) with ordinality as t(p, o) order by o`.execute(
      trx,
    );
    await sql`alter table points.lottery_tickets add constraint lottery_tickets_paid check (entry_id is not null and purchase_id is not null) not valid`.execute(
      trx,
    );
  });
}
