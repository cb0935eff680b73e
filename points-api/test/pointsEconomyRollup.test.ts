// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createPointsTestApp, type PointsTestApp } from './support/pointsTestApp';
import { sql } from 'kysely';
import { ECONOMY_DAYS_MAX, type EconomyDays } from '@phoenix/contract';
import { addDays, createJobRunner, dayOf, runRollup, scheduleRollup } from '@phoenix/server/jobs';
import type { AppContext } from '../src/context';
import { economyRollup } from '../src/features/pointsEconomy/rollup';

/**
 * The economy's daily rollup: queued once at start whatever the number of instances, a run writes
 * each day once (two runs, one row a day), and its figures are the ledger's own counts.
 */
let t: PointsTestApp;
let ctx: AppContext;
beforeAll(async () => {
  t = await createPointsTestApp({ seedLocalData: true });
  const jobs = createJobRunner(t.shared.db, { schema: 'points_boss', runWorkers: false });
  await jobs.start();
  ctx = { db: t.shared.db, now: t.shared.clock.now, settings: t.shared.settings, jobs };
});
afterAll(async () => {
  await ctx.jobs?.stop();
  await t.close();
});

const today = () => dayOf(t.shared.clock.now());
const rows = () => t.shared.db.selectFrom('points.economy_days').selectAll().orderBy('day').execute();

/** The ledger's own figures for a day: what the rollup must equal. */
async function counted(day: string) {
  const { rows } = await sql<{ entries: string; issued: string; spent: string }>`
    select count(*) as entries,
      coalesce(sum(amount) filter (where amount > 0 and kind <> 'reversal'), 0) as issued,
      coalesce(sum(-amount) filter (where amount < 0 and kind <> 'reversal'), 0) as spent
    from points.ledger_entries
    where created_at >= ${new Date(`${day}T00:00:00Z`)} and created_at < ${new Date(`${addDays(day, 1)}T00:00:00Z`)}`.execute(t.shared.db);
  return { entries: Number(rows[0]!.entries), issued: Number(rows[0]!.issued), spent: Number(rows[0]!.spent) };
}
const sum = (byKind: Record<string, number | undefined>) => Object.values(byKind).reduce<number>((s, n) => s + (n ?? 0), 0);

test('the start queued yesterday (now) and today (after midnight) once; another instance queues nothing more', async () => {
  const queued = await rows();
  expect(queued.map((r) => r.day)).toEqual(expect.arrayContaining([addDays(today(), -1), today()]));
  expect(queued.filter((r) => r.job_id).map((r) => r.day)).toEqual([addDays(today(), -1), today()]);
  expect(queued.find((r) => r.day === today())?.rolled_at).toBeNull();
  await scheduleRollup(ctx, economyRollup); // a second instance starting
  expect((await rows()).filter((r) => r.job_id)).toHaveLength(2);
});

test("the start's job rolls every day of the window once, with the ledger's counts; today stays unrolled", async () => {
  // The service's own worker runs yesterday's job at once: it fills in the window.
  for (let waited = 0; waited < 60_000; waited += 250) {
    const rolled = (await rows()).filter((r) => r.rolled_at !== null);
    if (rolled.length === ECONOMY_DAYS_MAX) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stored = await rows();
  expect(stored.filter((r) => r.rolled_at !== null)).toHaveLength(ECONOMY_DAYS_MAX);
  expect(stored.find((r) => r.day === today())?.rolled_at).toBeNull();
  let withEntries = 0;
  for (const row of stored.filter((r) => r.rolled_at !== null)) {
    const ledger = await counted(row.day);
    expect([row.day, row.entries, sum(row.issued), sum(row.spent)]).toEqual([row.day, ledger.entries, ledger.issued, ledger.spent]);
    if (ledger.entries > 0) withEntries += 1;
  }
  expect(withEntries).toBeGreaterThan(0); // the seed's entries are in some of the days
});

test('two runs write a day once: one row, the same figures', async () => {
  const yesterday = addDays(today(), -1);
  await t.shared.db.deleteFrom('points.economy_days').where('day', '=', yesterday).execute();
  const job = { day: yesterday };
  expect(await runRollup(ctx, economyRollup, job)).toEqual([yesterday]);
  const once = await rows();
  expect(await runRollup(ctx, economyRollup, job)).toEqual([]); // retried or duplicated: writes nothing
  expect(await rows()).toEqual(once);
  expect(once.filter((r) => r.day === yesterday)).toHaveLength(1);
  expect(once.find((r) => r.day === yesterday)?.entries).toBe((await counted(yesterday)).entries);
});

test('GET /economy/days: the rolled days and today so far; a bad number of days is a 400', async () => {
  const response = await t.call('GET', '/economy/days?days=7');
  expect(response.statusCode).toBe(200);
  const body = response.json() as EconomyDays;
  expect(body.today).toBe(today());
  expect(body.days.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => addDays(today(), -n)));
  for (const d of body.days) expect(d.entries).toBe((await counted(d.day)).entries);
  for (const bad of ['days=0', `days=${ECONOMY_DAYS_MAX + 1}`, 'days=abc', '']) {
    const refused = await t.call('GET', `/economy/days?${bad}`);
    expect([bad, refused.statusCode]).toEqual([bad, 400]);
    expect(refused.json().error.fieldErrors.days).toEqual(['Pick from 1 to 92 days']);
  }
});

test('the next run, after midnight, rolls the day just over and queues the next', async () => {
  const before = today();
  t.shared.clock.advanceMinutes(24 * 60);
  try {
    expect(await runRollup(ctx, economyRollup, { day: before })).toEqual([before]);
    await scheduleRollup(ctx, economyRollup);
    const stored = await rows();
    expect(stored.at(-1)).toMatchObject({ day: today(), rolled_at: null });
    expect(stored.at(-1)!.job_id).toBeTruthy();
  } finally {
    t.shared.clock.advanceMinutes(-24 * 60);
  }
});
