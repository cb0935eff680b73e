import { fromKysely, fromPglite, PgBoss, type Db } from 'pg-boss';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { rawConnectionOf } from '../db/connect';
import { withStartupLock } from '../db/startupLock';

/**
 * Durable background jobs on pg-boss, in the BFF's own database (its tables live in their own
 * schema, `pgboss` by default). A feature declares a queue and its handler once (`define`), sends
 * jobs inside the transaction of the change that asks for them (so a rolled-back change leaves no
 * job behind), and cancels them the same way. Jobs wait in the database: they survive a restart
 * and run once a worker is up again. On PostgreSQL a running job carries a heartbeat: when its
 * process dies, another instance fails and retries it within `takeoverBoundSeconds` (about half a
 * minute by default), and `expireInSeconds` still bounds a live attempt. A handler must therefore
 * tolerate a second attempt (the distribution resumes from its cursor, its delivery key refusing a
 * second delivery; the draw locks its round).
 *
 * pg-boss 12 declares Node ≥ 22.12; it is pinned (bff/package.json) and this module's tests run it
 * on Node 20 too, on PGlite and on PostgreSQL.
 */
export interface JobInfo {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True on the last attempt pg-boss will make. */
  lastAttempt: boolean;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface QueueSettings {
  /** Retries after a failed attempt (default 3). */
  retryLimit?: number;
  /** Seconds an attempt may run before it is considered dead and retried (default 15 min). */
  expireInSeconds?: number;
}

export interface JobRunnerOptions {
  /** pg-boss's schema (default 'pgboss'). */
  schema?: string;
  /** false: the schema is the owner's to create (db/servingRole.ts); pg-boss only adds its tables. */
  createSchema?: boolean;
  /** How often an idle worker looks for due jobs, in seconds (default 1; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** false: jobs are queued but none runs in this process (a test that checks the database stays still). */
  runWorkers?: boolean;
  /**
   * A running job's heartbeat, in seconds (pg-boss's `heartbeatSeconds`, at least 10): its worker
   * refreshes it every half of that, and a job not refreshed for that long (its process died) is
   * failed and retried, by any instance. Default 15 on PostgreSQL; null turns it off. Off on PGlite
   * (one process, whose long statements would hold up the refresh): a restart waits out `expireInSeconds`.
   */
  heartbeatSeconds?: number | null;
  /**
   * How often the supervisor (of whichever instance claims the pass) fails jobs whose heartbeat
   * stopped or that expired: default 10 s with a heartbeat, else 60 s.
   */
  superviseIntervalSeconds?: number;
  /** Delay before the first retry of a failed attempt, in seconds, doubling (with jitter) each retry (default 5). */
  retryDelaySeconds?: number;
  /** Where pg-boss's own errors go (the app's logger). */
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** A queue's jobs by state, for /metrics. */
export interface QueueJobCounts {
  name: string;
  queued: number;
  active: number;
  deferred: number;
  /** Failed jobs pg-boss still retains (a rolling count of recent failures). */
  failed: number;
  /** How long the oldest job that is due (queued or to retry, its start time passed) has waited, in seconds; 0 with none. */
  oldestWaitingSeconds: number;
}

const DEFAULTS = { heartbeatSeconds: 15, superviseIntervalSeconds: 10, retryDelaySeconds: 5, pollingIntervalSeconds: 1 };

/**
 * The longest a job held by a dead instance waits before another instance runs it again: its
 * heartbeat goes stale, a supervisor pass notices, the first retry's delay (at most twice
 * `retryDelaySeconds`) passes, a worker polls. 36 s with the defaults (PostgreSQL); null without a heartbeat.
 */
export function takeoverBoundSeconds(options: JobRunnerOptions = {}): number | null {
  const heartbeat = options.heartbeatSeconds === undefined ? DEFAULTS.heartbeatSeconds : options.heartbeatSeconds;
  if (heartbeat === null) return null;
  return (
    heartbeat +
    (options.superviseIntervalSeconds ?? DEFAULTS.superviseIntervalSeconds) +
    2 * (options.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds) +
    (options.pollingIntervalSeconds ?? DEFAULTS.pollingIntervalSeconds)
  );
}

export interface JobRunner {
  define<T extends object>(queue: string, handler: JobHandler<T>, settings?: QueueSettings): void;
  /** Creates pg-boss's schema if needed, then the queues and their workers. */
  start(): Promise<void>;
  /** Stops taking jobs and waits (up to 30 s) for running handlers to finish. */
  stop(): Promise<void>;
  /** Queues a job in `trx`; it runs after `startAfterSeconds` (0 = as soon as a worker is free). */
  send<T extends object>(trx: Transaction<any>, queue: string, data: T, startAfterSeconds?: number): Promise<string>;
  /** Cancels a queued job in `trx` (no effect once it has run). */
  cancel(trx: Transaction<any>, queue: string, id: string): Promise<void>;
  /** Started and not stopped (/ready). */
  isRunning(): boolean;
  /** Each defined queue's jobs by state (empty until started). */
  queueCounts(): Promise<QueueJobCounts[]>;
}

/**
 * pg-boss's own statements go through the BFF's database: on PGlite (one session) under Kysely's
 * connection lock, so they never interleave with a Kysely transaction; on PostgreSQL through the
 * same pool (multi-statement text without parameters runs as a simple query, as pg-boss expects).
 */
function databaseOf(db: Kysely<any>): Db {
  const raw = rawConnectionOf(db);
  if (!raw) throw new Error('jobs: the database was not opened with createDb (db/connect.ts)');
  if (raw.kind === 'pglite') {
    const embedded = fromPglite(raw.pglite);
    return { executeSql: (text, values) => db.connection().execute(() => embedded.executeSql(text, values)) };
  }
  return {
    async executeSql(text, values) {
      const result = (await raw.pool.query(text, values)) as unknown as { rows?: unknown[] } | { rows?: unknown[] }[];
      // Several statements in one text answer one result each: keep every RETURNING row.
      const rows = Array.isArray(result) ? result.flatMap((r) => r.rows ?? []) : (result.rows ?? []);
      return { rows };
    },
  };
}

export function createJobRunner(db: Kysely<any>, options: JobRunnerOptions = {}): JobRunner {
  const queues = new Map<string, { handler: JobHandler<object>; settings: QueueSettings }>();
  let boss: PgBoss | null = null;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? DEFAULTS.pollingIntervalSeconds;
  const onPostgres = () => raw(db) === 'postgres';
  const heartbeatSeconds = () =>
    options.heartbeatSeconds === undefined ? (onPostgres() ? DEFAULTS.heartbeatSeconds : null) : options.heartbeatSeconds;

  const started = () => {
    if (!boss) throw new Error('jobs: the job runner is not started');
    return boss;
  };

  return {
    define(queue, handler, settings = {}) {
      if (boss) throw new Error(`jobs: define queue ${queue} before start()`);
      queues.set(queue, { handler: handler as JobHandler<object>, settings });
    },

    async start() {
      if (boss) return;
      const schema = options.schema ?? 'pgboss';
      const heartbeat = heartbeatSeconds();
      // Without a heartbeat nothing needs a pass that often: pg-boss's own default (60 s).
      const superviseIntervalSeconds = options.superviseIntervalSeconds ?? (heartbeat === null ? 60 : DEFAULTS.superviseIntervalSeconds);
      const instance = new PgBoss({
        db: databaseOf(db),
        schema,
        createSchema: options.createSchema ?? true,
        backend: onPostgres() ? 'postgres' : 'pglite',
        schedule: false, // no cron schedules: jobs are sent with a start time
        // Its pass fails jobs whose heartbeat stopped: as often as the takeover bound needs.
        superviseIntervalSeconds,
        monitorIntervalSeconds: superviseIntervalSeconds,
      });
      instance.on('error', (error) => options.log?.error({ err: error }, 'jobs: pg-boss error'));
      // Instances started together take turns at creating the schema and the queues: pg-boss's
      // "create schema if not exists" fails when another creates it at the same moment.
      await withStartupLock(db, `pg-boss:${schema}`, async () => {
        await instance.start();
        for (const [queue, { settings }] of queues) {
          const queueOptions = {
            retryLimit: settings.retryLimit ?? 3,
            retryDelay: options.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
            retryBackoff: true,
            expireInSeconds: settings.expireInSeconds ?? 900,
          };
          await instance.createQueue(queue, { ...queueOptions, ...(heartbeat === null ? {} : { heartbeatSeconds: heartbeat }) });
          // createQueue leaves an existing queue as it was: bring its settings up to date.
          await instance.updateQueue(queue, { ...queueOptions, heartbeatSeconds: heartbeat });
        }
      });
      for (const [queue, { handler, settings }] of queues) {
        const retryLimit = settings.retryLimit ?? 3;
        if (options.runWorkers === false) continue;
        await instance.work<object>(queue, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          const retryCount = (job as { retryCount?: number }).retryCount ?? 0;
          await handler(job.data, { id: job.id, retryCount, lastAttempt: retryCount >= retryLimit });
        });
      }
      boss = instance;
    },

    async stop() {
      const instance = boss;
      boss = null;
      await instance?.stop({ graceful: true, timeout: 30_000, close: false });
    },

    async send(trx, queue, data, startAfterSeconds = 0) {
      const id = await started().send(queue, data, {
        db: fromKysely(trx),
        ...(startAfterSeconds > 0 ? { startAfter: Math.ceil(startAfterSeconds) } : {}),
      });
      if (!id) throw new Error(`jobs: ${queue} refused the job`);
      return id;
    },

    async cancel(trx, queue, id) {
      await started().cancel(queue, id, { db: fromKysely(trx) });
    },

    isRunning: () => boss !== null,

    async queueCounts() {
      if (!boss || queues.size === 0) return [];
      const names = [...queues.keys()];
      const found = await boss.getQueues(names);
      // pg-boss counts, but does not age, what waits: its job table (state < active is pg-boss's
      // own "not yet started", served by its index on name and start_after for those states).
      const waiting = await sql<{ name: string; age: number | string }>`
        select name, extract(epoch from now() - min(start_after))::float8 as age
        from ${sql.id(options.schema ?? 'pgboss', 'job')}
        where name in (${sql.join(names)}) and state < 'active' and start_after <= now()
        group by name`.execute(db);
      const ages = new Map(waiting.rows.map((r) => [r.name, Math.max(0, Number(r.age))]));
      return found.map((q) => ({
        name: q.name,
        queued: q.queuedCount,
        active: q.activeCount,
        deferred: q.deferredCount,
        failed: q.failedCount,
        oldestWaitingSeconds: ages.get(q.name) ?? 0,
      }));
    },
  };
}

const raw = (db: Kysely<any>) => rawConnectionOf(db)?.kind;
