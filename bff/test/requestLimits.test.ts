// First: its jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createServerApp } from '@phoenix/server';
import { createDb } from '@phoenix/server/db';
import { csvChunks, sendCsvStream } from '@phoenix/server/http';
import { testDatabaseUrl } from '@phoenix/server/testing';
import type { Database } from '../src/db/schema';

/**
 * Limits per admin on searches and exports (shared/server/src/http/requestLimits.ts), held in the
 * database: at most 2 exports at once, N searches and exports a minute, on every instance together.
 * Besides the BFF's own routes, "instances" here are server apps on the test's database with two
 * routes the test controls: a search, and an export that streams only when the test lets it.
 */

let t: TestApp;
const opened: { apps: FastifyInstance[]; dbs: Kysely<Database>[] } = { apps: [], dbs: [] };
/** Each running slow export waits for its gate, by the name in its query (?name=). */
const gates = new Map<string, () => void>();
const open = (name: string) => gates.get(name)!();
const openAll = () => gates.forEach((release) => release());

beforeAll(async () => {
  t = await createTestApp({ requestLimits: { searchesPerMinute: 2, exportsPerMinute: 2 } });
});
afterAll(async () => {
  openAll();
  await Promise.all(opened.apps.map((app) => app.close()));
  await Promise.all(opened.dbs.map((db) => db.destroy()));
  await t?.close();
});

/** Another instance on the test's database: its own pool on PostgreSQL, the same PGlite otherwise. */
async function instance(limits: { searchesPerMinute?: number; exportsPerMinute?: number } = {}): Promise<FastifyInstance> {
  const url = testDatabaseUrl(t.db);
  const db = url ? createDb<Database>({ kind: 'postgres', connectionString: url, maxConnections: 4 }) : t.db;
  if (url) opened.dbs.push(db);
  const none = async () => [];
  const server = await createServerApp(
    { db, now: t.clock.now, migrate: false, closeDbOnClose: false, requestLimits: { exportsPerMinute: 1000, ...limits } },
    { name: 'bff', migrations: { migrateToLatest: none, pendingMigrations: none } },
  );
  const { app } = server;
  app.get('/search', { config: { scope: 'self' } }, async () => ({ items: [], unavailable: [] }));
  app.get('/slow/export.csv', { config: { scope: 'self' } }, async (request, reply) => {
    const { name } = request.query as { name: string };
    async function* batches() {
      await new Promise<void>((resolve) => gates.set(name, resolve));
      yield [['row']];
    }
    return sendCsvStream(
      reply,
      'slow.csv',
      csvChunks(['value'], batches(), (row) => row),
    );
  });
  await app.ready(); // no jobs: these routes need none
  opened.apps.push(app);
  return app;
}

const get = (app: FastifyInstance, token: string, url: string) => app.inject({ method: 'GET', url, headers: { token } });

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const slotsHeld = async (adminId: number) =>
  Number(
    (
      await t.db
        .selectFrom('export_slots')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('admin_id', '=', adminId)
        .where('lease_expires_at', '>', new Date())
        .executeTakeFirstOrThrow()
    ).n,
  );

test("the BFF's search and exports: past the admin's limit a 429 in the API's shape, with Retry-After and when to retry", async () => {
  const admin = await signedInAdmin(t);
  for (let i = 0; i < 2; i++) expect((await t.call(admin.token, { method: 'GET', url: '/search?q=abc' })).statusCode).toBe(200);
  const refused = await t.call(admin.token, { method: 'GET', url: '/search?q=abc' });
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBe('60'); // the test clock stands still: the whole window is left
  expect(refused.json()).toEqual({
    error: {
      code: 'too_many_requests',
      message: 'Too many searches: at most 2 a minute. Try again in 60 seconds.',
      messageKey: 'too_many_searches_try_again_in_n_seconds',
      messageParams: { max: 2, seconds: 60 },
    },
  });

  for (let i = 0; i < 2; i++)
    expect((await t.call(admin.token, { method: 'GET', url: '/constant-variables/export.csv' })).statusCode).toBe(200);
  const tooMany = await t.call(admin.token, { method: 'GET', url: '/constant-variables/export.csv' });
  expect(tooMany.statusCode).toBe(429);
  expect(tooMany.json().error.message).toBe('Too many exports: at most 2 a minute. Try again in 60 seconds.');

  // Another admin has a count of their own.
  const other = await signedInAdmin(t);
  expect((await t.call(other.token, { method: 'GET', url: '/search?q=abc' })).statusCode).toBe(200);
  // The next minute starts afresh.
  t.clock.advanceMinutes(1);
  expect((await t.call(admin.token, { method: 'GET', url: '/search?q=abc' })).statusCode).toBe(200);
});

test('two instances on one database share the count', async () => {
  const [a, b] = [await instance({ searchesPerMinute: 3 }), await instance({ searchesPerMinute: 3 })];
  const admin = await signedInAdmin(t);
  expect((await get(a, admin.token, '/search')).statusCode).toBe(200);
  expect((await get(b, admin.token, '/search')).statusCode).toBe(200);
  expect((await get(a, admin.token, '/search')).statusCode).toBe(200);
  const refused = await get(b, admin.token, '/search');
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.json().error.message).toMatch(/^Too many searches: at most 3 a minute\. Try again in \d+ seconds\.$/);
  expect((await get(a, admin.token, '/search')).statusCode).toBe(429);

  const other = await signedInAdmin(t);
  expect((await get(b, other.token, '/search')).statusCode).toBe(200);
});

test('at most 2 exports at once per admin, across instances: the third waits, another admin does not, a finished or dropped one frees its slot', async () => {
  const [a, b] = [await instance(), await instance()];
  const admin = await signedInAdmin(t);
  const first = get(a, admin.token, '/slow/export.csv?name=first');
  const second = get(b, admin.token, '/slow/export.csv?name=second');
  await until(() => gates.has('first') && gates.has('second'), 'two exports running');

  const third = await get(a, admin.token, '/slow/export.csv?name=third');
  expect(third.statusCode).toBe(429);
  expect(third.headers['retry-after']).toBe('10');
  expect(third.json().error).toEqual({
    code: 'too_many_requests',
    message: 'At most 2 of your exports run at once, and 2 are still running. Try again when one has finished.',
    messageKey: 'n_exports_already_running_try_again_when_one_has_finished',
    messageParams: { max: 2 },
  });

  // Another admin's exports run.
  const other = await signedInAdmin(t);
  const others = get(b, other.token, '/slow/export.csv?name=others');
  await until(() => gates.has('others'), "the other admin's export running");
  open('others');
  expect((await others).statusCode).toBe(200);

  // One finishes: its slot is free, a new one runs.
  open('first');
  const done = await first;
  expect(done.statusCode).toBe(200);
  expect(done.body).toContain('row');
  await until(async () => (await slotsHeld(admin.id)) === 1, 'the finished export to free its slot');
  const fourth = get(b, admin.token, '/slow/export.csv?name=fourth');
  await until(() => gates.has('fourth'), 'a new export running');

  // A client that goes away frees its slot too (a real connection: inject never disconnects).
  open('second');
  expect((await second).statusCode).toBe(200);
  await until(async () => (await slotsHeld(admin.id)) === 1, 'the second export to free its slot');
  const address = await a.listen({ port: 0, host: '127.0.0.1' });
  const abort = new AbortController();
  const dropped = fetch(`${address}/slow/export.csv?name=dropped`, { headers: { token: admin.token }, signal: abort.signal }).catch(
    () => 'aborted',
  );
  await until(() => gates.has('dropped'), 'the export to be dropped to start');
  expect((await get(b, admin.token, '/slow/export.csv?name=refused')).statusCode).toBe(429);
  abort.abort();
  expect(await dropped).toBe('aborted');
  await until(async () => (await slotsHeld(admin.id)) === 1, 'the dropped export to free its slot');

  openAll();
  expect((await fourth).statusCode).toBe(200);
  await until(async () => (await slotsHeld(admin.id)) === 0, 'every slot free');
});

test("a crashed instance's slots are taken again once their lease has run out", async () => {
  const app = await instance();
  const admin = await signedInAdmin(t);
  const past = new Date(Date.now() - 1000);
  await t.db
    .insertInto('export_slots')
    .values(
      [0, 1].map((slot) => ({ admin_id: admin.id, slot, holder: `crashed-${slot}`, route: '/slow/export.csv', lease_expires_at: past })),
    )
    .execute();
  const running = get(app, admin.token, '/slow/export.csv?name=after-crash');
  await until(() => gates.has('after-crash'), 'an export to take an expired slot');
  open('after-crash');
  expect((await running).statusCode).toBe(200);
});

test('40 at once on two instances: exactly the limit gets through', async () => {
  const [a, b] = [await instance({ searchesPerMinute: 5 }), await instance({ searchesPerMinute: 5 })];
  const admin = await signedInAdmin(t);
  const searches = await Promise.all(Array.from({ length: 40 }, (_, i) => get(i % 2 ? a : b, admin.token, '/search')));
  expect(searches.filter((r) => r.statusCode === 200)).toHaveLength(5);
  expect(searches.filter((r) => r.statusCode === 429)).toHaveLength(35);

  let answered = 0;
  const exports = Array.from({ length: 40 }, (_, i) =>
    get(i % 2 ? a : b, admin.token, `/slow/export.csv?name=many-${i}`).then((response) => {
      answered += 1;
      return response;
    }),
  );
  // Every refusal back before a slot frees: only the two running exports hold theirs.
  await until(() => answered === 38, 'the refusals');
  expect([...gates.keys()].filter((name) => name.startsWith('many-'))).toHaveLength(2);
  openAll();
  const statuses = (await Promise.all(exports)).map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(2);
  expect(statuses.filter((s) => s === 429)).toHaveLength(38);
});
