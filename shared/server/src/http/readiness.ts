import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { z } from 'zod';

/** What /ready checks, each service with its own database, migrator and job runner. */
export interface ReadinessChecks {
  /** Resolves when the database answers a query. */
  database: () => Promise<void>;
  /** The migrations this service's migrator has not applied (empty: current). */
  pendingMigrations: () => Promise<string[]>;
  /** True once the job runner has started (and until it stops). */
  jobsRunning: () => boolean;
}

type CheckResult = 'ok' | 'unreachable' | 'not checked' | 'not started' | `${number} pending` | 'failed';

/** GET /ready: public; its body, ready (200) or not (503), says each check's result and, when not ready, the failed ones. */
const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.object({ database: z.string(), migrations: z.string(), jobs: z.string() }),
  failed: z.array(z.string()).optional(),
});
const READY_ROUTE = {
  config: { auth: 'public' as const, doc: { summary: 'Readiness: the database, the migrations and the jobs' } },
  schema: { response: { 200: readinessSchema, 503: readinessSchema } },
};

/** A database that does not answer within this is as good as unreachable for a probe. */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /ready (public): 200 when the service can do its work (the database answers, its migrations
 * are all applied, its job runner runs), else 503 naming the check that failed, for the load
 * balancer and the orchestrator. The body says which check failed, never why (connection details
 * stay in the log). /health stays the liveness answer: the process is up.
 */
export function installReadiness(app: FastifyInstance, checks: ReadinessChecks): void {
  // The last answer on /metrics too (the probes ask every few seconds), so an alert needs no prober of its own.
  const readyGauge = app.hasDecorator('metrics')
    ? new Gauge({
        name: 'phoenix_ready',
        help: "The last /ready answer: 1 ready, 0 not (why: the log's 'not ready' lines)",
        registers: [app.metrics],
      })
    : null;
  app.get('/ready', READY_ROUTE, async (request, reply) => {
    const results: Record<'database' | 'migrations' | 'jobs', CheckResult> = {
      database: 'ok',
      migrations: 'not checked',
      jobs: checks.jobsRunning() ? 'ok' : 'not started',
    };
    try {
      await withTimeout(checks.database());
      try {
        const pending = await withTimeout(checks.pendingMigrations());
        results.migrations = pending.length === 0 ? 'ok' : `${pending.length} pending`;
        if (pending.length > 0) request.log.warn({ pending }, 'not ready: migrations pending');
      } catch (error) {
        results.migrations = 'failed';
        request.log.warn({ err: error }, 'not ready: migrations could not be read');
      }
    } catch (error) {
      results.database = 'unreachable';
      request.log.warn({ err: error }, 'not ready: the database does not answer');
    }
    const failed = Object.entries(results)
      .filter(([, result]) => result !== 'ok' && result !== 'not checked')
      .map(([name]) => name);
    readyGauge?.set(failed.length === 0 ? 1 : 0);
    return reply
      .status(failed.length === 0 ? 200 : 503)
      .send({ ok: failed.length === 0, checks: results, ...(failed.length ? { failed } : {}) });
  });
}
