// First: @phoenix/server/testing's jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import {
  createTestDatabase,
  listRequests,
  PLAN_SIZE as SIZE,
  QueryRecorder,
  readRoutes,
  runPlanChecks,
  resourceSorts,
  TEST_PASSWORD_HASH,
  TestClock,
  unsampledParameters,
} from '@phoenix/server/testing';
import * as contract from '@phoenix/contract';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/schema';
import { generateBattles } from '../../src/features/battles/repository';
import { seedLocalPlayers } from '../../src/features/players/repository';
import { fillActionLogs, fillActionLogTargets, fillPlayerActivity, withoutSecondaryIndexes } from '../support/bulkData';

/**
 * Every read query the BFF's GET routes run, EXPLAINed on a database of realistic size
 * (the local seed, then PLAN_SIZE rows — 200,000 by default — in each table a live game grows),
 * and failed on a sequential scan of a large table or a cost past its bound. The queries are
 * recorded as the routes run them (Kysely's log), so they are the code's own.
 */
jest.setTimeout(600_000);

const recorder = new QueryRecorder();
let db: Kysely<Database>;
let drop: () => Promise<void>;
let app: FastifyInstance;
let token: string;

let filled = 0;
beforeAll(async () => {
  const started = performance.now();
  const clock = new TestClock();
  ({ db, drop } = await createTestDatabase<Database>({ log: recorder.log }));
  app = await buildApp({ db, now: clock.now, passwordHash: TEST_PASSWORD_HASH, seedLocalData: true });
  const now = clock.now();
  // Three independent loads side by side (on PostgreSQL each on its own connection), each table
  // loaded without its secondary indexes, which are then built once.
  await Promise.all([
    (async () => {
      await withoutSecondaryIndexes(db, 'players', (c) => seedLocalPlayers(c, SIZE, now));
      await fillPlayerActivity(db, SIZE, now);
    })(),
    (async () => {
      await withoutSecondaryIndexes(db, 'action_logs', (c) => fillActionLogs(c, SIZE, now));
      await withoutSecondaryIndexes(db, 'action_log_targets', (c) => fillActionLogTargets(c, SIZE, SIZE));
    })(),
    generateBattles(db, SIZE / 2, now, { players: SIZE, spanDays: 365 }),
  ]);
  await sql`vacuum analyze`.execute(db);
  filled = performance.now() - started;
  const login = await app.inject({
    method: 'POST',
    url: '/users/login',
    payload: { email: 'admin@phoenix.local', password: 'phoenix-admin' },
  });
  expect(login.statusCode).toBe(200);
  token = login.json().token;
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

/** Values for the query parameters that are neither sorts nor enums, as an admin would type them. */
const SAMPLES = {
  q: 'an',
  admin: 'alice',
  action: 'news.update',
  target: 'player:1234',
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-02-01T00:00:00.000Z',
  playerId: '1234',
  segmentId: '1',
  '/players/names ids': '1234,1235,1236',
  levelMin: '10',
  levelMax: '20',
  role: '2',
  limit: '50',
  contractAddress: '0x0000000000000000000000000000000000000001',
  chainId: '11155111',
  operation: 'news.create',
  requestedBy: 'alice',
  path: '/news',
  '/change-requests target': '/news',
  '/search q': 'kim',
};

/** What the suite asks besides one parameter at a time: the shapes the pages combine (bench/lib/lists-main.ts has the rest). */
const COMBINED = [
  '/action-logs?target=player',
  '/action-logs?q=restrict',
  '/action-logs?q=98765',
  '/action-logs?target=player:1234&q=restrict',
  '/action-logs?target=player:1234&sort=action&order=desc',
  '/action-logs/export.csv?target=player:1234',
  '/action-logs?target=present&q=distribute&sort=action&order=desc',
  '/action-logs?action=news&admin=bob&sort=adminEmail&order=asc',
  '/players?q=1234&by=id',
  '/players?q=0x&by=wallet',
  '/players?q=Kim&by=name',
  '/search?q=kim',
];

test('every GET route samples its parameters', async () => {
  expect(unsampledParameters(await readRoutes(app), SAMPLES)).toEqual([]);
});

test("the BFF's list, search, history and dashboard queries are served by indexes at a realistic size", async () => {
  const routes = await readRoutes(app);
  const requests = [
    ...listRequests(routes, { sorts: resourceSorts(contract), samples: SAMPLES, pathValues: { id: '1', playerId: '1234', version: '1' } }),
    ...COMBINED,
  ];
  const run = await runPlanChecks({ label: 'BFF', app, db, recorder, requests, headers: { token }, readySeconds: filled / 1000 });
  console.log(run.report);
  expect(run.failed).toEqual([]);
  expect(run.checked).toBeGreaterThan(100);
  expect(run.findings.map((f) => `${f.problems.join('; ')} — ${f.query.requests[0]}`)).toEqual([]);
});
