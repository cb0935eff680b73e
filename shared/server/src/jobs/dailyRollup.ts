import { sql, type Kysely } from 'kysely';
import type { JobRunner } from './runner';

const DAY_MS = 86_400_000;
/** A day is rolled this long after it ends: an entry stamped a moment before midnight has committed by then. */
const AFTER_MIDNIGHT_MS = 10 * 60_000;

/**
 * A daily rollup: one row per UTC day (`day` 'YYYY-MM-DD', the primary key) holding the day's figures,
 * written by a durable job so that a chart of the last weeks reads a few rows instead of millions.
 * The table has `day`, `job_id`, `rolled_at` and one column per figure (see the migrations that create them).
 *
 * Several instances share the database: a day's job is queued by the instance whose insert of the
 * day's row landed (the primary key refuses the others), and a run writes only days not rolled yet
 * (`rolled_at is null`), so a retried or duplicated job writes nothing twice.
 */
export interface DailyRollup<Figures extends Record<string, unknown>> {
  queue: string;
  /** The table, schema-qualified when it is not in the search path (points.economy_days). */
  table: string;
  /** How many days up to the run's day a run fills in when they are missing (the first run after a deploy). */
  backfillDays: number;
  /** The figures of [from, to): a range of an index, grouped. */
  figures(db: Kysely<any>, from: Date, to: Date): Promise<Figures>;
}

export interface RollupJob {
  day: string;
}

interface RollupContext {
  db: Kysely<any>;
  now: () => Date;
  jobs?: JobRunner;
}

export const dayOf = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number): string => dayOf(startOfDay(day).getTime() + days * DAY_MS);

/**
 * Queues, once whatever the number of instances: yesterday's roll now if no instance did (the first
 * start, or after a stop of more than a day), and today's roll shortly after tonight's midnight.
 * Called at start and by each run.
 */
export async function scheduleRollup(ctx: RollupContext, rollup: DailyRollup<Record<string, unknown>>): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error(`${rollup.queue}: needs the started job runner`);
  const now = ctx.now();
  const today = dayOf(now);
  const plan: [string, number][] = [
    [addDays(today, -1), 0],
    [today, (startOfDay(addDays(today, 1)).getTime() + AFTER_MIDNIGHT_MS - now.getTime()) / 1000],
  ];
  for (const [day, afterSeconds] of plan) {
    await ctx.db.transaction().execute(async (trx) => {
      const queued = await sql<{ day: string }>`
        insert into ${sql.table(rollup.table)} (day) values (${day}) on conflict (day) do nothing returning day`.execute(trx);
      if (queued.rows.length === 0) return;
      const jobId = await jobs.send<RollupJob>(trx, rollup.queue, { day }, Math.max(0, afterSeconds));
      await sql`update ${sql.table(rollup.table)} set job_id = ${jobId} where day = ${day}`.execute(trx);
    });
  }
}

/**
 * A run: every day of the window ending at `job.day` that is not rolled yet (never a day not over)
 * gets its figures, oldest first, each in one upsert that writes only a row not rolled meanwhile by
 * another run. Returns the days it wrote.
 */
export async function runRollup(ctx: RollupContext, rollup: DailyRollup<Record<string, unknown>>, job: RollupJob): Promise<string[]> {
  const lastOver = addDays(dayOf(ctx.now()), -1);
  const last = job.day < lastOver ? job.day : lastOver;
  const first = addDays(last, -(rollup.backfillDays - 1));
  const done = await sql<{ day: string }>`
    select day from ${sql.table(rollup.table)} where day >= ${first} and day <= ${last} and rolled_at is not null`.execute(ctx.db);
  const rolled = new Set(done.rows.map((r) => r.day));
  const written: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (rolled.has(day)) continue;
    const figures = await rollup.figures(ctx.db, startOfDay(day), startOfDay(addDays(day, 1)));
    const names = Object.keys(figures);
    const values = names.map((name) => toColumn(figures[name]));
    const result = await sql<{ day: string }>`
      insert into ${sql.table(rollup.table)} (day, rolled_at, ${sql.join(names.map((n) => sql.id(n)))})
      values (${day}, ${ctx.now()}, ${sql.join(values)})
      on conflict (day) do update set rolled_at = excluded.rolled_at,
        ${sql.join(names.map((n) => sql`${sql.id(n)} = excluded.${sql.id(n)}`))}
      where ${sql.table(rollup.table)}.rolled_at is null
      returning day`.execute(ctx.db);
    if (result.rows.length > 0) written.push(day);
  }
  return written;
}

const toColumn = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value);

/** Declares the rollup's queue: each run writes its days, then queues the next. */
export function defineRollup(ctx: RollupContext, rollup: DailyRollup<Record<string, unknown>>): void {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error(`${rollup.queue}: needs the job runner`);
  jobs.define<RollupJob>(rollup.queue, async (job) => {
    await runRollup(ctx, rollup, job);
    await scheduleRollup(ctx, rollup);
  });
}

/** The rolled days of [from, to] (rows of days not rolled yet are left out). */
export async function rolledDays<Row>(db: Kysely<any>, table: string, from: string, to: string): Promise<(Row & { day: string })[]> {
  const result = await sql<Row & { day: string }>`
    select * from ${sql.table(table)} where day >= ${from} and day <= ${to} and rolled_at is not null order by day`.execute(db);
  return result.rows;
}
