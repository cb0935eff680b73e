// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createTestApp, signedInAdmin, TEST_PASSWORD_HASH, type TestApp } from './support/testApp';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { MAINTENANCE_SYSTEM_ACTOR, type MaintenanceSchedule, type MaintenanceStatus } from '@phoenix/contract';
import { buildApp } from '../src/app';
import { resolveSettings } from '../src/context';
import { createDb, mutate } from '@phoenix/server/db';
import type { Database } from '../src/db/schema';
import { hashPassword } from '@phoenix/server/auth';
import { createAdmin } from '../src/features/admins/service';
import { createScratchDatabase, type ScratchDatabase } from '@phoenix/server/testing';
import { at, HOUR, LONG_SESSIONS, MINUTE } from './support/system';

/** The planned window switches maintenance by itself (features/maintenance/switches.ts). */
const JOBS = { pollingIntervalSeconds: 0.5 };
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp({ ...LONG_SESSIONS, jobs: JOBS });
  token = (await signedInAdmin(t)).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: object) => t.call(token, { method, url, ...(payload ? { payload } : {}) });
const current = async (): Promise<MaintenanceStatus> => (await call('GET', '/maintenance')).json();
const schedule = async (): Promise<MaintenanceSchedule> => (await call('GET', '/maintenance/switches')).json();
async function put(body: Partial<MaintenanceStatus>) {
  const doc = await current();
  const { enabled, message, plannedStart, plannedEnd, version } = doc; // a PUT is the whole document (a missing window = none)
  const response = await call('PUT', '/maintenance', { enabled, message, plannedStart, plannedEnd, version, ...body });
  expect(response.statusCode).toBe(200);
  return response.json() as MaintenanceStatus;
}
const jobState = async (db: Kysely<Database>, id: string) =>
  (await sql<{ state: string; start_after: Date }>`select state, start_after from pgboss.job where id = ${id}::uuid`.execute(db)).rows[0];
const jobIds = async (db: Kysely<Database>, state: 'pending' | 'cancelled' | 'done') =>
  await db.selectFrom('maintenance_switches').select(['job_id', 'switch_to', 'reason']).where('state', '=', state).orderBy('id').execute();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('saving a window schedules a switch on at its start and off at its end; moving it moves both jobs', async () => {
  await put({ enabled: false, message: 'Upgrade', plannedStart: at(t, HOUR), plannedEnd: at(t, 2 * HOUR) });
  const first = await jobIds(t.db, 'pending');
  expect(first.map((s) => s.switch_to)).toEqual(['on', 'off']);
  expect(await schedule()).toMatchObject({ next: { switchTo: 'on', dueAt: at(t, HOUR), state: 'pending' } });
  expect((await call('GET', '/dashboard/summary')).json().nextMaintenanceSwitch).toEqual({ switchTo: 'on', dueAt: at(t, HOUR) });

  await put({ plannedStart: at(t, 3 * HOUR), plannedEnd: at(t, 4 * HOUR) });
  for (const { job_id } of first) expect((await jobState(t.db, job_id!))?.state).toBe('cancelled');
  expect((await jobIds(t.db, 'cancelled')).map((s) => s.reason)).toEqual(['window moved', 'window moved']);
  const moved = await jobIds(t.db, 'pending');
  expect(moved).toHaveLength(2);
  const onJob = await jobState(t.db, moved[0]!.job_id!);
  expect(onJob?.state).toBe('created');
  // pg-boss counts the delay from the database's clock: about 3 hours from now.
  expect(onJob!.start_after.getTime() - Date.now()).toBeGreaterThan(3 * HOUR - MINUTE);
  expect((await schedule()).next).toMatchObject({ switchTo: 'on', dueAt: at(t, 3 * HOUR) });

  // Cleared window: nothing pending.
  await put({ plannedStart: null, plannedEnd: null });
  expect(await jobIds(t.db, 'pending')).toEqual([]);
  expect((await schedule()).next).toBeNull();
});

test('a window that starts with no message is refused (players would see an empty notice)', async () => {
  const doc = await current();
  const response = await call('PUT', '/maintenance', {
    enabled: false,
    message: '',
    plannedStart: at(t, HOUR),
    plannedEnd: null,
    version: doc.version,
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.fieldErrors.message).toEqual(['Tell players why']);
});

test('the switch-on runs at the start, logged by the system; a manual switch-off during the window cancels the switch-off', async () => {
  const start = at(t, 1_500);
  await put({ enabled: false, message: 'Short window', plannedStart: start, plannedEnd: at(t, HOUR) });
  const on = await until(current, (doc) => doc.enabled);
  expect(on).toMatchObject({ enabled: true, message: 'Short window', updatedBy: MAINTENANCE_SYSTEM_ACTOR });
  const log = await t.db
    .selectFrom('action_logs')
    .selectAll()
    .where('target_type', '=', 'maintenance')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(log).toMatchObject({ action: 'maintenance.enable', admin_id: null, admin_email: MAINTENANCE_SYSTEM_ACTOR });

  t.clock.advanceMinutes(1); // inside the window
  const [offSwitch] = await jobIds(t.db, 'pending');
  expect(offSwitch?.switch_to).toBe('off');
  await put({ enabled: false });
  expect(await jobIds(t.db, 'pending')).toEqual([]);
  expect((await jobIds(t.db, 'cancelled')).at(-1)).toMatchObject({ switch_to: 'off', reason: 'manual switch' });
  expect((await jobState(t.db, offSwitch!.job_id!))?.state).toBe('cancelled');
});

test('a manual switch-on before the window leaves its switches: the window still ends by itself', async () => {
  await put({ enabled: false, message: 'Later', plannedStart: at(t, HOUR), plannedEnd: at(t, 2 * HOUR) });
  await put({ enabled: true });
  expect((await jobIds(t.db, 'pending')).map((s) => s.switch_to)).toEqual(['on', 'off']);
  await put({ enabled: false, plannedStart: null, plannedEnd: null });
});

/** Two instances on one PostgreSQL database, each running workers: each switch happens once. */
const onPostgres = process.env.TEST_DATABASE_URL ? test : test.skip;
let database: ScratchDatabase | undefined;
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.drop();
});

onPostgres('with two instances, a window a few seconds long switches on and off once each', async () => {
  database = await createScratchDatabase('maintwin');
  const db = () => createDb({ kind: 'postgres', connectionString: database!.url, maxConnections: 4 });
  const options = { jobs: JOBS, passwordHash: TEST_PASSWORD_HASH };
  const first = await buildApp({ db: db(), ...options });
  apps.push(first);
  const second = await buildApp({ db: db(), ...options });
  apps.push(second);
  const reader = createDb({ kind: 'postgres', connectionString: database.url, maxConnections: 1 });
  const email = 'window@test.local';
  const password = 'correct horse battery';
  const ctx = { db: reader, now: () => new Date(), settings: resolveSettings({ passwordHash: TEST_PASSWORD_HASH }) };
  const passwordHash = await hashPassword(password, TEST_PASSWORD_HASH);
  await mutate(ctx, { id: null, email: 'test' }, (trx, now) => createAdmin(trx, { email, passwordHash, role: 2, roles: ['owner'] }, now));
  const login = await first.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
  const headers = { token: login.json().token as string };
  const doc: MaintenanceStatus = (await first.inject({ method: 'GET', url: '/maintenance', headers })).json();
  const now = Date.now();
  const saved = await first.inject({
    method: 'PUT',
    url: '/maintenance',
    headers,
    payload: {
      enabled: false,
      message: 'Two instances',
      plannedStart: new Date(now + 2_000).toISOString(),
      plannedEnd: new Date(now + 5_000).toISOString(),
      version: doc.version,
    },
  });
  expect(saved.statusCode).toBe(200);
  const settled = () => reader.selectFrom('maintenance_switches').select(['switch_to', 'state']).orderBy('id').execute();
  expect(await until(settled, (rows) => rows.every((r) => r.state !== 'pending'), 40)).toEqual([
    { switch_to: 'on', state: 'done' },
    { switch_to: 'off', state: 'done' },
  ]);
  const logs = await reader
    .selectFrom('action_logs')
    .select(['action', 'admin_email'])
    .where('target_type', '=', 'maintenance')
    .where('admin_email', '=', MAINTENANCE_SYSTEM_ACTOR)
    .orderBy('id')
    .execute();
  expect(logs.map((l) => l.action)).toEqual(['maintenance.enable', 'maintenance.disable']);
  const final: MaintenanceStatus = (await second.inject({ method: 'GET', url: '/maintenance', headers })).json();
  expect(final).toMatchObject({ enabled: false, version: doc.version + 3 });
  await reader.destroy();
});
