// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { TEST_PASSWORD_HASH } from './support/testApp';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { LOCAL_ACCOUNTS } from '../src/seed';
import { createDb } from '@phoenix/server/db';
import type { Database } from '../../points-api/src/db/database';
import { createScratchDatabase } from '@phoenix/server/testing';
import { buildPointsApp } from '../../points-api/src/app';
import { seedLocalPointAccounts } from '../../points-api/src/seed';

/**
 * Both services (so it lives with the BFF's tests: the points API's own tests never load the BFF).
 * Two BFFs and two points APIs started at the same moment on an empty PostgreSQL database, as a
 * first deploy of two replicas of each service, and with local seed data on: every one comes up,
 * and every table holds what one instance alone would have written (each seed ran once). Several
 * rounds, each on a new database: the races are a matter of timing.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const ROUNDS = Number(process.env.STARTUP_RACE_ROUNDS ?? 8);
jest.setTimeout(300_000);

type Counts = Record<string, number>;

onPostgres.each([
  ['with local seed data', true],
  ['as deployed (no seed data)', false],
])('instances started together on an empty database, %s', (_, seed) => {
  let alone: Counts;
  beforeAll(async () => {
    alone = await onEmptyDatabase('alone', async (url) => {
      const bff = await startBff(url, seed);
      const points = await startPoints(url, seed);
      return [bff, points];
    });
    // What the seeds write (nothing without them), so that "the same counts" says something.
    const seeded = {
      'public.admins': LOCAL_ACCOUNTS.length,
      'public.presents': 4,
      'public.players': 2000,
      'points.lottery_rounds': 2,
      'points.accounts': 30,
    };
    expect(alone).toMatchObject(Object.fromEntries(Object.entries(seeded).map(([table, n]) => [table, seed ? n : 0])));
  });

  test.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'round %i: 2 BFFs and 2 points APIs all start; each seed ran once',
    async () => {
      const counts = await onEmptyDatabase('race', async (url) => {
        const started = await Promise.allSettled([
          startBff(url, seed),
          startBff(url, seed),
          startPoints(url, seed),
          startPoints(url, seed),
        ]);
        const apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
        const failures = started.flatMap((s, i) => (s.status === 'rejected' ? [`instance ${i + 1}: ${String(s.reason)}`] : []));
        if (failures.length) {
          await Promise.all(apps.map((app) => app.close()));
          throw new Error(`${failures.length} of 4 instances did not start:\n${failures.join('\n')}`);
        }
        return apps;
      });
      expect(differences(counts, alone)).toEqual([]);
    },
  );
});

/** Runs `start` on a new database, then closes the apps it started and returns every table's row count. */
async function onEmptyDatabase(label: string, start: (url: string) => Promise<FastifyInstance[]>): Promise<Counts> {
  const database = await createScratchDatabase(label);
  try {
    const apps = await start(database.url);
    const db = createDb({ kind: 'postgres', connectionString: database.url, maxConnections: 1 });
    try {
      return await rowCounts(db);
    } finally {
      await db.destroy();
      await Promise.all(apps.map((app) => app.close()));
    }
  } finally {
    await database.drop();
  }
}

async function startBff(url: string, seed: boolean): Promise<FastifyInstance> {
  const db = createDb({ kind: 'postgres', connectionString: url, maxConnections: 5 });
  try {
    return await buildApp({ db, seedLocalData: seed, passwordHash: TEST_PASSWORD_HASH });
  } catch (error) {
    await db.destroy().catch(() => {}); // an app that did not start leaves no connection behind
    throw error;
  }
}

/** As points-api/src/main.ts: waits for the BFF's tables, builds the app, seeds the point accounts if asked. */
async function startPoints(url: string, seed: boolean): Promise<FastifyInstance> {
  const db = createDb({ kind: 'postgres', connectionString: url, maxConnections: 5 });
  try {
    await untilBffTables(db);
    const app = await buildPointsApp({ db, seedLocalData: seed });
    if (seed) await seedLocalPointAccounts(db, 30, new Date());
    return app;
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
}

async function untilBffTables(db: Kysely<Database>): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await sql<{ found: string | null }>`select to_regclass('public.action_logs')::text as found`.execute(db);
    if (rows[0]?.found) return;
    if (Date.now() > deadline) throw new Error('the BFF did not create its tables');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Row count of every table of the BFF (public) and of the points API (points). */
async function rowCounts(db: Kysely<Database>): Promise<Counts> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_schema in ('public', 'points') and table_type = 'BASE TABLE' order by 1`.execute(db);
  const { rows } = await sql<{ name: string; n: string }>`${sql.join(
    tables.map(({ name }) => sql`select ${name}::text as name, count(*)::text as n from ${sql.table(name)}`),
    sql` union all `,
  )}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/**
 * Daily rollups (one row per day, its primary key): filled by a job that may or may not have run
 * before the apps close, so their counts say when the job ran, not whether a seed ran twice.
 */
const JOB_FILLED = new Set(['public.dashboard_days', 'points.economy_days']);

const differences = (counts: Counts, expected: Counts) =>
  [...new Set([...Object.keys(counts), ...Object.keys(expected)])]
    .filter((table) => !JOB_FILLED.has(table) && counts[table] !== expected[table])
    .map((table) => `${table}: ${counts[table] ?? 'missing'} rows, ${expected[table] ?? 'no table'} when started alone`);
