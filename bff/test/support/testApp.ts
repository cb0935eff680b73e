import type { ConsoleRole } from '@phoenix/contract';
// First: @phoenix/server/testing's jest.mock calls make kysely, PGlite, Fastify and pg-boss
// loadable here. Import this module first in every test file that builds an app.
import {
  createTestDatabase,
  migrationsDigest,
  TEST_PASSWORD_HASH,
  TestClock,
  writeSession,
  type PreparedDatabase,
} from '@phoenix/server/testing';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '@phoenix/server/auth';
import { mutate } from '@phoenix/server/db';
import { buildApp, type AppOptions } from '../../src/app';
import { resolveSettings, type AppContext } from '../../src/context';
import type { Database } from '../../src/db/schema';
import { createAdmin } from '../../src/features/admins/service';
import { migrateToLatest } from '../../src/db/migrate';

/** Every test file starts from the BFF's migrations run once (a dumped PGlite, a PostgreSQL template); buildApp's migrate then has nothing to do. */
export const MIGRATED: PreparedDatabase = {
  key: `bff-${migrationsDigest(path.join(__dirname, '../../src/db/migrations'))}`,
  prepare: (db) => migrateToLatest(db),
};

// Starting PGlite (WASM) and running every migration takes a few seconds, far more on a loaded
// machine or when jest runs files in parallel; the project's testTimeout is a global option jest
// ignores per project, so set it here.
jest.setTimeout(180_000);

export { TEST_PASSWORD_HASH, TestClock };

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  clock: TestClock;
  ctx: AppContext;
  /** Creates an account directly (role 2 unless given). */
  /** An account (default: role 2 holding the owner role, who may do everything). */
  createAccount(input: {
    email?: string;
    password?: string;
    role?: number;
    roles?: ConsoleRole[];
  }): Promise<{ id: number; email: string; password: string }>;
  login(email: string, password: string): Promise<string>;
  /** inject() with the `token` header set. */
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * One app per test file on a fresh, migrated database: in-memory PGlite, or — when TEST_DATABASE_URL
 * is set — a new database on that PostgreSQL server, dropped again by close().
 */
export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const clock = new TestClock();
  const { db, drop: dropSchema } = await createTestDatabase<Database>({ prepared: MIGRATED });

  // The clock stands still, so a whole file's calls fall in one minute: the per-minute limits are
  // lifted here (requestLimits.test.ts sets its own); at most 2 exports at once still holds.
  const requestLimits = { searchesPerMinute: 100_000, exportsPerMinute: 100_000 };
  const appOptions: AppOptions = { db, now: clock.now, passwordHash: TEST_PASSWORD_HASH, requestLimits, ...options };
  const app = await buildApp(appOptions);
  const ctx: AppContext = { db, now: clock.now, settings: resolveSettings(appOptions) };

  let counter = 0;
  const testApp: TestApp = {
    app,
    db,
    clock,
    ctx,
    async createAccount({ email, password = 'correct horse battery', role = 2, roles = ['owner'] }) {
      const address = email ?? `admin${++counter}-${randomBytes(3).toString('hex')}@test.local`;
      const passwordHash = await hashPassword(password, TEST_PASSWORD_HASH);
      const account = await mutate(ctx, { id: null, email: 'test' }, (trx, now) =>
        createAdmin(trx, { email: address, passwordHash, role, roles }, now),
      );
      return { id: account.id, email: account.email, password };
    },
    async login(email, password) {
      const response = await app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json().token as string;
    },
    call(token, injectOptions) {
      return app.inject({
        ...injectOptions,
        headers: { ...(injectOptions.headers ?? {}), ...(token ? { token } : {}) },
      });
    },
    async close() {
      await app.close(); // also destroys db
      await dropSchema();
    },
  };
  return testApp;
}

/**
 * A signed-in account: { token, id, email }. Role 2 signs in through /users/login; any other role
 * gets no token from it, so its session is written straight into the table (as one issued
 * before that rule would be), to prove the guard refuses it.
 */
export async function signedInAdmin(t: TestApp, role = 2) {
  const account = await t.createAccount({ role });
  const token = role === 2 ? await t.login(account.email, account.password) : await sessionToken(t, account.id);
  return { ...account, token };
}

/** A session for `adminId` written directly; `createdAt` defaults to now (expired if far enough back). */
export async function sessionToken(t: TestApp, adminId: number, createdAt: Date = t.clock.now()): Promise<string> {
  return writeSession(t.db, adminId, createdAt, t.ctx.settings.tokenTtlMs);
}

/** POST of a body exactly as given (malformed JSON, another content type…), with or without a token. */
export function postRaw(t: TestApp, token: string | null, url: string, payload: string, contentType = 'application/json') {
  return t.call(token, { method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What most feature test files share: one app, an administrator's and an operator's token. */
export interface SignedInTestApp {
  t: TestApp;
  /** An administrator (role 2). */
  token: string;
  /** A role-1 account's session, which every route must refuse. */
  operatorToken: string;
  /** A request as the administrator. */
  api(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** For itKeepsTheResourceContract: read when its tests run, after beforeAll. */
  contract: { t: () => TestApp; token: () => string; operatorToken: () => string };
}

/** Registers the file's beforeAll/afterAll; the fields are set when the tests run. */
export function signedInTestApp(options: Partial<AppOptions> = {}): SignedInTestApp {
  const state = {
    api: (method: Method, url: string, payload?: unknown) =>
      state.t.call(state.token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }),
    contract: { t: () => state.t, token: () => state.token, operatorToken: () => state.operatorToken },
  } as SignedInTestApp;
  beforeAll(async () => {
    state.t = await createTestApp(options);
    state.token = (await signedInAdmin(state.t)).token;
    state.operatorToken = (await signedInAdmin(state.t, 1)).token;
  });
  afterAll(() => state.t?.close());
  return state;
}
