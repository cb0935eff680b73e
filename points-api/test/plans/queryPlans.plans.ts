// First: @phoenix/server/testing's jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import {
  LONG_SESSIONS,
  listRequests,
  PLAN_SIZE as SIZE,
  QueryRecorder,
  readRoutes,
  runPlanChecks,
  resourceSorts,
  unsampledParameters,
} from '@phoenix/server/testing';
import * as contract from '@phoenix/contract';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildPointsApp } from '../../src/app';
import type { Database } from '../../src/db/database';
import { createSharedDatabase, pointsDatabaseOf, signedInAdmin, type PointsDatabase, type SharedDatabase } from '../support/pointsTestApp';

/**
 * The points API's half of the plan suite (bff/test/plans has the BFF's): every read query its GET routes
 * run, EXPLAINed with PLAN_SIZE point accounts, as many ledger entries (on half of them) and a third as many
 * lottery tickets, failed on a sequential scan of a large table or a cost past its bound.
 */
jest.setTimeout(600_000);

const recorder = new QueryRecorder();
let shared: SharedDatabase;
let database: PointsDatabase;
let db: Kysely<Database>;
let app: FastifyInstance;
let token: string;
let wallet: string;

let filled = 0;
beforeAll(async () => {
  const started = performance.now();
  shared = await createSharedDatabase(LONG_SESSIONS);
  database = await pointsDatabaseOf(shared);
  db = database.connect({ log: recorder.log });
  app = await buildPointsApp({ db, now: shared.clock.now, ...LONG_SESSIONS, seedLocalData: true });
  token = (await signedInAdmin(shared)).token;
  const now = shared.clock.now();
  await sql`
    insert into points.accounts (id, wallet, booster_percent, last_activity_at, version, created_at, updated_at, updated_by)
    select i, '0x' || md5('wallet-' || i) || substr(md5('salt-' || i), 1, 8), (i % 4) * 5,
      ${now}::timestamptz - make_interval(mins => i % 500000), 1, ${now}::timestamptz, ${now}::timestamptz, null
    from generate_series(1, ${SIZE}::integer) as i
    on conflict do nothing`.execute(db);
  // Each entry moves its account's balance as it is inserted (migration 0032): credits first.
  await sql`
    insert into points.ledger_entries (player_id, kind, amount, reason, created_at, created_by)
    select 1 + (i % ${SIZE / 2}), (array['taskReward', 'purchase', 'checkin', 'referral', 'lootbox', 'lottery', 'spin', 'adjustment'])[1 + i % 8],
      case when i % 8 in (1, 4, 5) and i > ${SIZE / 2} then -10 else 50 end, '',
      ${now}::timestamptz - make_interval(mins => i % 500000), null
    from generate_series(1, ${SIZE}::integer) as i order by i`.execute(db);
  // The tickets' per-row trigger counts each one on its round's row, and each debit moves a balance:
  // 66,000 updates of one row. Off for the bulk load (each ticket still with its debit), then the count set once.
  await sql`alter table points.lottery_tickets disable trigger user`.execute(db);
  await sql`alter table points.ledger_entries disable trigger user`.execute(db);
  await sql`
    insert into points.ledger_entries (player_id, kind, amount, balance_after, reason, idempotency_key, created_at, created_by)
    select 1 + (i % ${SIZE}), 'lottery', -10, 0, '', 'lottery-ticket:plan-' || i, ${now}::timestamptz, null
    from generate_series(1, ${Math.ceil(SIZE / 3)}::integer) as i`.execute(db);
  await sql`
    insert into points.lottery_tickets (round_id, player_id, entry_id, purchase_id)
    select r.id, e.player_id, e.id, substr(e.idempotency_key, 16)
    from (select min(id) as id from points.lottery_rounds where drawn_at is null and cancelled_at is null) as r
    cross join points.ledger_entries e where r.id is not null and e.idempotency_key like 'lottery-ticket:plan-%' order by e.id`.execute(db);
  await sql`alter table points.ledger_entries enable trigger user`.execute(db);
  await sql`alter table points.lottery_tickets enable trigger user`.execute(db);
  await sql`update points.lottery_rounds r set ticket_count = (select count(*) from points.lottery_tickets t where t.round_id = r.id)`.execute(
    db,
  );
  // As autovacuum would: the entries' balance updates left a dead row version per entry.
  await sql`vacuum analyze`.execute(db);
  filled = performance.now() - started;
  wallet = (await db.selectFrom('points.accounts').select('wallet').where('id', '=', 1234).executeTakeFirstOrThrow()).wallet!;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await shared?.close();
});

/** Values for the query parameters that are neither sorts nor enums, as an admin would type them. */
const SAMPLES = {
  q: 'an',
  '/point-accounts q': '1234',
  '/economy/report from': '2026-01-01',
  '/economy/report to': '2026-01-31',
  '/economy/days days': '30',
  playerId: '1234',
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-02-01T00:00:00.000Z',
  operation: 'pointsTask.create',
  requestedBy: 'alice',
  path: '/points/tasks',
  target: '/points',
};

test('every GET route samples its parameters', async () => {
  expect(unsampledParameters(await readRoutes(app), SAMPLES)).toEqual([]);
});

test("the points API's list, search and history queries are served by indexes at a realistic size", async () => {
  const requests = [
    ...listRequests(await readRoutes(app), { sorts: resourceSorts(contract), samples: SAMPLES, pathValues: { id: '1', playerId: '1234' } }),
    // A wallet in the accounts' search box, whole and as its beginning, in each order.
    `/point-accounts?q=${wallet}`,
    `/point-accounts?q=${wallet.slice(0, 10)}`,
    `/point-accounts?q=${wallet.slice(0, 10)}&sort=lastActivityAt&order=asc`,
    `/point-accounts?q=${wallet.slice(0, 10)}&sort=balance&order=desc`,
    `/point-accounts?q=0x0&sort=lastActivityAt&order=asc`,
  ];
  const run = await runPlanChecks({ label: 'points API', app, db, recorder, requests, headers: { token }, readySeconds: filled / 1000 });
  console.log(run.report);
  expect(run.failed).toEqual([]);
  expect(run.checked).toBeGreaterThan(20);
  expect(run.findings.map((f) => `${f.problems.join('; ')} — ${f.query.requests[0]}`)).toEqual([]);
});
