// First: its jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import { TEST_PASSWORD_HASH } from './support/testApp';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { resolveSettings } from '../src/context';
import { runScheduled } from '@phoenix/server/changeRequests';
import { createDb, mutate } from '@phoenix/server/db';
import type { Database } from '../src/db/schema';
import { hashPassword } from '@phoenix/server/auth';
import { createAdmin } from '../src/features/admins/service';
import { generateBattles } from '../src/features/battles/repository';
import { GLOBAL_OPERATIONS } from '../src/features/changeRequests/operations';
import { CHANGE_CONTROL_DEFAULTS, createChangeControl } from '@phoenix/server/http';
import { createScratchDatabase, type ScratchDatabase } from '@phoenix/server/testing';

/**
 * Two BFF instances on one PostgreSQL database, both running jobs: an approved scheduled change is
 * applied once, at its time; and two instances running the same scheduled change at the same
 * moment (a duplicated job) apply it once, the other rolling its operation back.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? test : test.skip;
jest.setTimeout(180_000);

const JOBS = { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, retryDelaySeconds: 1 };
const CONTROL = { ...CHANGE_CONTROL_DEFAULTS, mode: 'approve' as const };

let database: ScratchDatabase;
const open: { apps: FastifyInstance[]; dbs: Kysely<Database>[] } = { apps: [], dbs: [] };
afterAll(async () => {
  await Promise.all(open.apps.map((app) => app.close()));
  await Promise.all(open.dbs.map((db) => db.destroy()));
  await database?.drop();
});

async function token(app: FastifyInstance, db: Kysely<Database>, email: string): Promise<string> {
  const password = 'correct horse battery';
  const passwordHash = await hashPassword(password, TEST_PASSWORD_HASH);
  const ctx = { db, now: () => new Date(), settings: resolveSettings({ passwordHash: TEST_PASSWORD_HASH }) };
  await mutate(ctx, { id: null, email: 'test' }, (trx, now) => createAdmin(trx, { email, passwordHash, role: 2, roles: ['owner'] }, now));
  const response = await app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

onPostgres(
  'a scheduled change is applied once at its time with two instances running jobs, and once when both run it together',
  async () => {
    database = await createScratchDatabase('changereq');
    const db = () => {
      const opened = createDb({ kind: 'postgres', connectionString: database.url, maxConnections: 4 });
      open.dbs.push(opened);
      return opened;
    };
    const dbs = [db(), db()];
    const first = await buildApp({
      db: dbs[0]!,
      closeDbOnClose: false,
      jobs: JOBS,
      changeControl: CONTROL,
      passwordHash: TEST_PASSWORD_HASH,
    });
    open.apps.push(first);
    const second = await buildApp({
      db: dbs[1]!,
      closeDbOnClose: false,
      migrate: false,
      jobs: JOBS,
      changeControl: CONTROL,
      passwordHash: TEST_PASSWORD_HASH,
    });
    open.apps.push(second);
    const check = dbs[0]!;
    await generateBattles(check, 300, new Date(), { players: 50, spanDays: 2 });
    const tokenA = await token(first, check, 'a@test.local');
    const tokenB = await token(second, check, 'b@test.local');
    const call = (app: FastifyInstance, t: string, url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { token: t }, payload });
    const ongoing = async () =>
      Number(
        (
          await check
            .selectFrom('battles')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('status', '=', 'ongoing')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const actions = async (action: string) =>
      Number(
        (
          await check
            .selectFrom('action_logs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('action', '=', action)
            .executeTakeFirstOrThrow()
        ).n,
      );

    // 1. End all battles, scheduled 4 s ahead, approved on the other instance.
    const count = await ongoing();
    expect(count).toBeGreaterThan(0);
    const scheduledAt = new Date(Date.now() + 4000);
    const filed = await call(first, tokenA, '/change-requests', {
      method: 'POST',
      path: '/battle-force-end',
      body: { confirmedCount: count, reason: 'Season end' },
      reason: 'Season end at the reset',
      scheduledAt: scheduledAt.toISOString(),
    });
    expect(filed.statusCode).toBe(201);
    const approved = await call(second, tokenB, `/change-requests/${filed.json().id}/approve`, { version: filed.json().version });
    expect(approved.json().status).toBe('scheduled');
    expect(await ongoing()).toBe(count);

    const applied = await until(
      async () =>
        (await check.selectFrom('change_requests').select('status').where('id', '=', filed.json().id).executeTakeFirstOrThrow()).status ===
        'applied',
      60_000,
    );
    expect(applied).toBe(true);
    const row = await check.selectFrom('change_requests').selectAll().where('id', '=', filed.json().id).executeTakeFirstOrThrow();
    expect(row.applied_at!.getTime()).toBeGreaterThanOrEqual(scheduledAt.getTime() - 1000);
    expect(await ongoing()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // time for any second run
    expect({ forceEnds: await actions('battle.forceEndAll'), applies: await actions('changeRequest.apply') }).toEqual({
      forceEnds: 1,
      applies: 1,
    });

    // 2. The same scheduled change run by both instances at once (as a duplicated job would).
    await generateBattles(check, 100, new Date(), { players: 50, spanDays: 1 });
    const again = await ongoing();
    const later = await call(first, tokenA, '/change-requests', {
      method: 'POST',
      path: '/battle-force-end',
      body: { confirmedCount: again, reason: 'Again' },
      reason: 'Again',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await call(second, tokenB, `/change-requests/${later.json().id}/approve`, { version: later.json().version });
    const deps = [first, second].map((app, i) => {
      const control = createChangeControl(CONTROL);
      control.declare(...GLOBAL_OPERATIONS);
      return {
        app,
        control,
        service: 'bff',
        ctx: { db: dbs[i]!, now: () => new Date(), settings: resolveSettings({}), changeControl: control },
      };
    });
    await Promise.all(deps.map((d) => runScheduled(d, later.json().id)));
    expect(await ongoing()).toBe(0);
    expect({ forceEnds: await actions('battle.forceEndAll'), applies: await actions('changeRequest.apply') }).toEqual({
      forceEnds: 2,
      applies: 2,
    });
    const status = await check.selectFrom('change_requests').select('status').where('id', '=', later.json().id).executeTakeFirstOrThrow();
    expect(status.status).toBe('applied');
  },
);
