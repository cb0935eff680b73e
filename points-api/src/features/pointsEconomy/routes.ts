import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import {
  economyDaysQuerySchema,
  economyDaysSchema,
  economyQuerySchema,
  economyReconciliationSchema,
  economyReportSchema,
  type EconomyReport,
  type PermissionScope,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { economyReport, reconcile } from './figures';
import { defineRollup } from '@phoenix/server/jobs';
import { economyDaysOf, economyRollup } from './rollup';
import { ECONOMY_RECONCILE_QUEUE, lastNightly, runNightlyReconciliation, type EconomyReconcileJob } from './nightly';

/**
 * The permission scope of this feature's routes (shared/contract permissions.ts): the points
 * programme is the economy role's; a route may name its own.
 */
export const scope: PermissionScope = 'economy';

/**
 * The economy report (Points Management → Economy): a period's days and the reconciliation, now
 * and as the last nightly run stored it. The nightly run is a durable job (nightly.ts); its figures
 * are on /metrics, so an alert can fire on `phoenix_points_reconciliation_mismatch > 0`.
 */
export default function registerEconomyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('economy: needs the job runner (ctx.jobs)');
  jobs.define<EconomyReconcileJob>(ECONOMY_RECONCILE_QUEUE, async (job) => {
    await runNightlyReconciliation(ctx, job, app.log);
  });

  app.get('/economy/report', { schema: { querystring: economyQuerySchema, response: { 200: economyReportSchema } } }, async (request) => {
    const query = request.query;
    const figures = await economyReport(ctx.db, query, ctx.now());
    const report: EconomyReport = { from: query.from, to: query.to, ...figures, lastNightly: await lastNightly(ctx) };
    return report;
  });

  // The daily rollup's job (rollup.ts): its first run is queued at start (app.ts).
  defineRollup(ctx, economyRollup);

  // Points issued and spent per day (the dashboard's chart): the rollup's rows and today's entries.
  app.get('/economy/days', { schema: { querystring: economyDaysQuerySchema, response: { 200: economyDaysSchema } } }, async (request) =>
    economyDaysOf(ctx.db, request.query.days, ctx.now()),
  );

  app.get('/economy/reconciliation', { schema: { response: { 200: economyReconciliationSchema } } }, async () =>
    reconcile(ctx.db, ctx.now()),
  );

  // Read at scrape time from the stored run (any instance answers the same): one primary-key lookup.
  new Gauge({
    name: 'phoenix_points_reconciliation_mismatch',
    help: "The last nightly reconciliation's figures that should be 0 (totals: entries minus balances), by figure; absent before the first run",
    labelNames: ['figure'] as const,
    registers: [app.metrics],
    async collect() {
      let figures: Awaited<ReturnType<typeof lastNightly>>;
      try {
        figures = await lastNightly(ctx);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: the last reconciliation is unavailable');
        return;
      }
      this.reset();
      if (!figures) return;
      this.set({ figure: 'totals' }, figures.entriesTotal - figures.balancesTotal);
      this.set({ figure: 'accountsOff' }, figures.accountsOff);
      this.set({ figure: 'ticketsWithoutDebit' }, figures.ticketsWithoutDebit);
      this.set({ figure: 'unpaidPrizes' }, figures.unpaidPrizes);
    },
  });
}
