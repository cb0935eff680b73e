// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createPointsTestApp, insertLegacyTickets, type PointsTestApp } from './support/pointsTestApp';
import { sql } from 'kysely';
import type { EconomyReport } from '@phoenix/contract';
import type { AppContext } from '../src/context';
import { nextNightlyRun, runNightlyReconciliation, scheduleNextReconciliation } from '../src/features/pointsEconomy/nightly';

/**
 * The economy report and its reconciliation, on the local seed: the books balance (every
 * figure 0); old data and a tampered balance are each reported; the nightly run stores its figures
 * once, queues the next night once, and /metrics shows them.
 */
let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp({ seedLocalData: true });
});
afterAll(() => t.close());

const day = (offsetDays: number) => new Date(t.shared.clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const report = async (from: string, to: string) => {
  const response = await t.call('GET', `/economy/report?from=${from}&to=${to}`);
  expect(response.statusCode).toBe(200);
  return response.json() as EconomyReport;
};
const ctxOf = (): AppContext => ({ db: t.shared.db, now: t.shared.clock.now, settings: t.shared.settings, jobs: undefined });
const quietLog = { info: jest.fn(), warn: jest.fn() } as unknown as Parameters<typeof runNightlyReconciliation>[2];

test('on the local seed the books balance: Σ entries = Σ balances, and every other figure is 0', async () => {
  const { reconciliation, days } = await report(day(-14), day(0));
  expect(reconciliation).toMatchObject({ accountsOff: 0, ticketsWithoutDebit: 0, unpaidPrizes: 0, mismatches: [] });
  expect(reconciliation.entriesTotal).toBe(reconciliation.balancesTotal);
  expect(reconciliation.entriesTotal).toBeGreaterThan(0);
  // The last day's circulation is every point held; the days add up from the opening sum.
  expect(days).toHaveLength(15);
  expect(days.at(-1)!.circulation).toBe(reconciliation.balancesTotal);
  // The seed's tickets were paid for (lottery debits) and the drawn round's prizes paid (lottery credits).
  const spent = days.reduce((sum, d) => sum + (d.spent.lottery ?? 0), 0);
  const won = days.reduce((sum, d) => sum + (d.issued.lottery ?? 0), 0);
  expect(spent).toBe((24 + 18) * 100);
  expect(won).toBe(10_000 + 3 * 1_000);
});

test('each way the books can be off is reported', async () => {
  const { rows } = await sql<{ id: number; drawAt: string }>`
    insert into points.lottery_rounds (name, ticket_price, prizes, draw_at, seed, seed_hash, version, updated_at, created_at)
    values ('Old round', 10, '[{"rank":1,"reward":50,"count":1}]', ${new Date(t.shared.clock.now().getTime() + 3_600_000)}, ${'a'.repeat(64)}, ${'b'.repeat(64)}, 1, now(), now())
    returning id, draw_at as "drawAt"`.execute(t.shared.db);
  const round = rows[0]!;
  await insertLegacyTickets(t.shared.db, round.id, [999]);
  // A drawn prize whose winner has no account, and a balance moved without an entry (both old data).
  await sql`update points.lottery_rounds set drawn_at = now(), winners = '[{"slot":0,"rank":1,"reward":50,"ticketId":1,"playerId":999}]' where id = ${round.id}`.execute(
    t.shared.db,
  );
  await t.shared.db.transaction().execute(async (trx) => {
    await sql`alter table points.accounts disable trigger balance_moved_by_entry`.execute(trx);
    await sql`update points.accounts set balance = balance + 5 where id = 3`.execute(trx);
    await sql`alter table points.accounts enable trigger balance_moved_by_entry`.execute(trx);
  });
  const { reconciliation } = await report(day(-1), day(0));
  expect(reconciliation).toMatchObject({ accountsOff: 1, ticketsWithoutDebit: 1, unpaidPrizes: 1 });
  expect(reconciliation.balancesTotal - reconciliation.entriesTotal).toBe(5);
  expect(reconciliation.mismatches).toEqual(['totals', 'accountsOff', 'ticketsWithoutDebit', 'unpaidPrizes']);
});

test('the nightly run: stored once, the next night queued once, its figures on /metrics', async () => {
  const now = t.shared.clock.now();
  const tonight = nextNightlyRun(now).toISOString().slice(0, 10);
  // Queued at start (buildPointsApp), and again by another instance: one row, one job.
  const queued = await t.shared.db.selectFrom('points.economy_reconciliations').selectAll().where('night', '=', tonight).execute();
  expect(queued).toHaveLength(1);
  expect(queued[0]!.job_id).toBeTruthy();
  expect(queued[0]!.ran_at).toBeNull();

  const metricsBefore = (await t.call('GET', '/metrics')).body;
  expect(metricsBefore).not.toMatch(/phoenix_points_reconciliation_mismatch\{/);

  const withJobs = await ctxWithJobs();
  // The job runs at its time: then the next run is the night after.
  const untilRun = Math.ceil((nextNightlyRun(now).getTime() - now.getTime()) / 60_000) + 1;
  t.shared.clock.advanceMinutes(untilRun);
  expect(await runNightlyReconciliation(withJobs, { night: tonight }, quietLog)).toBe(true);
  expect(await runNightlyReconciliation(withJobs, { night: tonight }, quietLog)).toBe(false); // retried: stored once
  const stored = await t.shared.db.selectFrom('points.economy_reconciliations').selectAll().orderBy('night').execute();
  expect(stored.find((r) => r.night === tonight)?.figures).toMatchObject({ accountsOff: 1, unpaidPrizes: 1 });
  // The night after, queued once by the run (twice run, once queued).
  expect(stored.filter((r) => r.night > tonight)).toHaveLength(1);
  await scheduleNextReconciliation(withJobs);
  expect(await t.shared.db.selectFrom('points.economy_reconciliations').select('night').execute()).toHaveLength(stored.length);
  t.shared.clock.advanceMinutes(-untilRun);

  const metrics = (await t.call('GET', '/metrics')).body;
  expect(metrics).toMatch(/phoenix_points_reconciliation_mismatch\{figure="accountsOff",service="points"\} 1/);
  expect(metrics).toMatch(/phoenix_points_reconciliation_mismatch\{figure="totals",service="points"\} -5/);
  const { lastNightly } = await report(day(0), day(0));
  expect(lastNightly).toMatchObject({ accountsOff: 1, ticketsWithoutDebit: 1 });
});

test('a period the report cannot cover is a 400 that says why', async () => {
  for (const [query, field] of [
    [`from=${day(0)}&to=${day(-1)}`, 'to'],
    [`from=${day(-100)}&to=${day(0)}`, 'to'],
    ['from=2030-02-30&to=2030-03-01', 'from'],
    ['from=yesterday&to=2030-03-01', 'from'],
    ['to=2030-03-01', 'from'],
  ] as const) {
    const response = await t.call('GET', `/economy/report?${query}`);
    expect([query, response.statusCode]).toEqual([query, 400]);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
  }
});

/** The app's own job runner, so a run queues its next night as the started service does. */
async function ctxWithJobs(): Promise<AppContext> {
  const { createJobRunner } = await import('@phoenix/server/jobs');
  const jobs = createJobRunner(t.shared.db, { schema: 'points_boss', runWorkers: false });
  await jobs.start();
  afterAllStops.push(() => jobs.stop());
  return { ...ctxOf(), jobs };
}
const afterAllStops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of afterAllStops) await stop();
});
