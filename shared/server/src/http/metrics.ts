import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type CounterConfiguration } from 'prom-client';
import { bearerCheck, type BearerAccess } from './bearer';
import { routeOf } from './logging';

/**
 * Who may read /metrics: anyone (a local environment), the holder of METRICS_TOKEN (sent as
 * `authorization: Bearer <token>`), or nobody (a deployed environment without a token).
 */
export type MetricsAccess = BearerAccess;

/** The database's connections: a pg pool's counts, or PGlite's session gate (one session). */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

/** One job queue's counts (pg-boss). */
export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  deferred: number;
  failed: number;
  /** Seconds the oldest due job has waited to start (0: none waits). */
  oldestWaitingSeconds?: number;
}

export interface MetricsOptions {
  /** The `service` label on every series (bff, points). */
  service: string;
  access: MetricsAccess;
  /** The pool's counts at scrape time; null when the driver has none to tell (PGlite on a worker). */
  pool?: () => PoolCounts | null;
  /** The job queues' counts; read at most every QUEUE_STATS_TTL_MS (one query per queue table). */
  queues?: () => Promise<QueueCounts[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per app: tests build many apps in one process). */
    metrics: Registry;
  }
}

const QUEUE_STATS_TTL_MS = 5_000;
/** Request durations in seconds: most answers take milliseconds, exports and bulk changes seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A counter of this app's, e.g. the sign-in throttle's refusals (features/auth). */
export function appCounter<T extends string>(app: FastifyInstance, config: Omit<CounterConfiguration<T>, 'registers'>): Counter<T> {
  return new Counter<T>({ ...config, registers: [app.metrics] });
}

/** GET /metrics in Prometheus's text format, and the series both services share. */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  // The process and runtime series under their stock names (process_cpu_seconds_total,
  // nodejs_eventloop_lag_seconds…), which the standard Node.js dashboards and alerts read; the
  // services' own series are phoenix_*.
  collectDefaultMetrics({ register: registry });
  app.decorate('metrics', registry);
  const registers = [registry];

  const duration = new Histogram({
    name: 'phoenix_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (never the raw URL) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe({ method: request.method, route: routeOf(request), status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const pool = options.pool;
  new Gauge({
    name: 'phoenix_db_pool_connections',
    help: 'Database connections: in_use, idle, and waiting (requests queued for a connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const counts = pool?.();
      if (!counts) return;
      this.set({ state: 'in_use' }, counts.total - counts.idle);
      this.set({ state: 'idle' }, counts.idle);
      this.set({ state: 'waiting' }, counts.waiting);
    },
  });

  const queues = options.queues;
  let cached: { at: number; counts: QueueCounts[] } | null = null;
  /** The queues' counts, read at most every QUEUE_STATS_TTL_MS for both gauges; null when unavailable. */
  const queueCounts = async (): Promise<QueueCounts[] | null> => {
    if (!queues) return null;
    if (!cached || Date.now() - cached.at > QUEUE_STATS_TTL_MS) {
      try {
        cached = { at: Date.now(), counts: await queues() };
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: job queue counts unavailable');
        return null;
      }
    }
    return cached.counts;
  };
  new Gauge({
    name: 'phoenix_job_queue_jobs',
    help: 'Jobs per queue and state (queued, active, deferred, failed: failed ones still retained)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const counts = await queueCounts();
      if (!counts) return;
      this.reset();
      for (const q of counts) {
        for (const state of ['queued', 'active', 'deferred', 'failed'] as const) this.set({ queue: q.name, state }, q[state]);
      }
    },
  });
  new Gauge({
    name: 'phoenix_job_queue_oldest_waiting_seconds',
    help: 'Per queue, how long the oldest job that is due has waited to start (0: none waits); growing means no instance takes its jobs',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      const counts = await queueCounts();
      if (!counts) return;
      this.reset();
      for (const q of counts) if (q.oldestWaitingSeconds !== undefined) this.set({ queue: q.name }, q.oldestWaitingSeconds);
    },
  });

  const allowed = bearerCheck(options.access, 'Metrics', 'METRICS_TOKEN');
  app.get('/metrics', METRICS_ROUTE, async (request, reply) => {
    allowed(request.headers.authorization);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** GET /metrics: public in the guard (its own bearer check), Prometheus's text format (documented, never serialized). */
const METRICS_ROUTE = {
  config: { auth: 'public' as const, doc: { summary: 'Metrics (Prometheus)' } },
  schema: {
    response: {
      200: {
        description: "The service's metrics in Prometheus's text exposition format",
        content: { 'text/plain': { schema: z.string() } },
      },
    },
  },
};
