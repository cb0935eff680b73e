// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import { DASHBOARD_SERIES_DAYS, type DashboardSummary } from '@phoenix/contract';
import { addDays, createJobRunner, dayOf, runRollup, scheduleRollup, type JobRunner } from '@phoenix/server/jobs';
import { dashboardRollup } from '../src/features/dashboard/rollup';

/**
 * The dashboard's figures over time: players seen lately (the last-seen index) and battles per day
 * (the daily rollup, written once a day by a durable job, and today's battles so far).
 */
let t: TestApp;
let token = '';
let jobs: JobRunner;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInAdmin(t)).token;
  jobs = createJobRunner(t.db, { runWorkers: false });
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

const HOUR = 3_600_000;
const ctx = () => ({ db: t.db, now: t.clock.now, jobs });
const today = () => dayOf(t.clock.now());
const rows = () => t.db.selectFrom('dashboard_days').selectAll().orderBy('day').execute();
const summary = async () => {
  const response = await t.call(token, { method: 'GET', url: '/dashboard/summary' });
  expect(response.statusCode).toBe(200);
  return response.json() as DashboardSummary;
};
/** Battles started on a day, counted from the battles table: what the rollup must equal. */
const battlesOn = async (day: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from battles
        where started_at >= ${new Date(`${day}T00:00:00Z`)} and started_at < ${new Date(`${addDays(day, 1)}T00:00:00Z`)}`.execute(t.db)
    ).rows[0]!.n,
  );

async function addBattles(hoursAgo: number[]) {
  const now = t.clock.now();
  await t.db
    .insertInto('battles')
    .values(
      hoursAgo.map((h) => ({
        mode: 'ranked' as const,
        status: 'finished' as const,
        player_ids: JSON.stringify([1, 2]),
        started_at: new Date(now.getTime() - h * HOUR),
        ended_at: now,
        version: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

test('the start queued yesterday (now) and today (after midnight) once; another instance queues nothing more', async () => {
  const queued = (await rows()).filter((r) => r.job_id);
  expect(queued.map((r) => r.day)).toEqual([addDays(today(), -1), today()]);
  await scheduleRollup(ctx(), dashboardRollup); // a second instance starting
  expect((await rows()).filter((r) => r.job_id)).toEqual(queued);
});

test('a run writes each day of the series once (two runs, one row a day) with the battles table counts', async () => {
  // The service's own worker may have rolled the window at start: start again from none rolled.
  for (let waited = 0; waited < 20_000 && (await rows()).filter((r) => r.rolled_at).length < DASHBOARD_SERIES_DAYS; waited += 250)
    await new Promise((resolve) => setTimeout(resolve, 250));
  await addBattles([1, 2, 30, 30, 30, 24 * 5, 24 * 5 + 1, 24 * 40]);
  await t.db.deleteFrom('dashboard_days').where('day', '<', today()).execute();

  const job = { day: addDays(today(), -1) };
  expect(await runRollup(ctx(), dashboardRollup, job)).toHaveLength(DASHBOARD_SERIES_DAYS);
  const once = await rows();
  expect(await runRollup(ctx(), dashboardRollup, job)).toEqual([]); // retried or duplicated: writes nothing
  expect(await rows()).toEqual(once);
  expect(new Set(once.map((r) => r.day)).size).toBe(once.length);
  for (const row of once.filter((r) => r.rolled_at)) expect([row.day, row.battles]).toEqual([row.day, await battlesOn(row.day)]);
  expect(once.reduce((sum, r) => sum + r.battles, 0)).toBeGreaterThanOrEqual(4);
});

test('the summary: battles per day (rolled days and today so far) and players seen in the last hour, day and week', async () => {
  const now = t.clock.now();
  const seen = [0.5, 0.9, 3, 20, 30, 24 * 6, 24 * 8, null];
  const { rows: ids } = await sql<{ id: number }>`select coalesce(max(id), 0) as id from players`.execute(t.db);
  const first = Number(ids[0]!.id) + 1;
  await t.db
    .insertInto('players')
    .values(
      seen.map((h, i) => ({
        id: first + i,
        name: `Seen ${i}`,
        created_at: now,
        last_seen_at: h === null ? null : new Date(now.getTime() - h * HOUR),
      })),
    )
    .execute();
  const countSeen = async (hours: number) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from players where last_seen_at >= ${new Date(now.getTime() - hours * HOUR)}`.execute(
          t.db,
        )
      ).rows[0]!.n,
    );
  const { activity } = await summary();
  expect(activity!.playersActive).toEqual({ hour: await countSeen(1), day: await countSeen(24), week: await countSeen(24 * 7) });
  expect(activity!.playersActive.hour).toBeGreaterThanOrEqual(2);

  const series = activity!.battlesPerDay;
  expect(series).toHaveLength(DASHBOARD_SERIES_DAYS);
  expect(series.at(-1)!.day).toBe(today());
  for (const d of series) expect([d.day, d.battles]).toEqual([d.day, await battlesOn(d.day)]);
  // A battle started now is in today's figure at once (today is not rolled: it is read from the index).
  await addBattles([0]);
  expect((await summary()).activity!.battlesPerDay.at(-1)!.battles).toBe(series.at(-1)!.battles + 1);

  // Players active is counted again once its reuse time is over (not on every read).
  await t.db
    .updateTable('players')
    .set({ last_seen_at: t.clock.now() })
    .where('id', '=', first + 7)
    .execute();
  expect((await summary()).activity!.playersActive.hour).toBe(activity!.playersActive.hour);
  t.clock.advanceMinutes(1);
  try {
    expect((await summary()).activity!.playersActive.week).toBe(activity!.playersActive.week + 1);
  } finally {
    t.clock.advanceMinutes(-1);
  }
});
