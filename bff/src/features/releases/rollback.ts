import { sql, type Transaction } from 'kysely';
import { REMOTE_NAMES, type PinHistoryEntry, type RemoteName, type RemoteVersionStats } from '@phoenix/contract';
import { takeCommitHook, writeActionLog, type ActionLogEntry, type LogActor } from '@phoenix/server/db';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { canaryOf, lockPins, readPins, writePins, type CanaryPinInFile, type PinsFile } from './pinsFile';
import { pruneReports, versionStats } from './repository';

/** The checks' queue: every minute (one job per minute across instances) and soon after a report that touched a canary. */
export const RELEASE_CHECK_QUEUE = 'release-checks';
/** Who the automatic rollback is, in the history (`by`) and the action log. */
export const ROLLBACK_ACTOR: LogActor = { id: null, email: 'automatic rollback' };
/** A report touching a canary queues at most one check per remote in this window. */
const REPORT_CHECK_WINDOW_MS = 10_000;
const MINUTE_MS = 60_000;

export interface ReleaseCheckJob {
  /** Only this remote (after a report); all of them otherwise. */
  remote?: RemoteName;
  /** A minute tick: it queues the next minute's when it is done. */
  minute?: string;
}

/**
 * One change of the pins file, as `mutate` makes a change of the database: in one transaction that
 * holds the pins' lock, `change` reads the file as it is now and returns the new file, its result
 * and its action-log entry (or null: nothing to do). The log row is written, an approved change
 * request's commit hook runs, and the file is replaced last: a failed write rolls the log back.
 */
export async function changePins<T>(
  ctx: Pick<AppContext, 'db' | 'now'>,
  actor: LogActor,
  file: string,
  change: (pins: PinsFile, trx: Transaction<Database>, now: Date) => Promise<{ pins: PinsFile; result: T; log: ActionLogEntry } | null>,
): Promise<T | null> {
  const now = ctx.now();
  const hook = takeCommitHook();
  return ctx.db.transaction().execute(async (trx) => {
    await lockPins(trx);
    const outcome = await change(await readPins(file), trx, now);
    if (!outcome) return null;
    await writeActionLog(trx, actor, outcome.log, now);
    if (hook) await hook(trx, now, outcome.result);
    await writePins(file, outcome.pins);
    return outcome.result;
  });
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/**
 * Whether the canary breaches its limits against the stable version (both counted over the sessions
 * first seen since the canary started): enough canary sessions, and a rate more than the allowed
 * increase above the stable's. The reason, in words, or null.
 */
export function breachOf(
  remote: string,
  stableVersion: string,
  canary: CanaryPinInFile,
  canaryStats: RemoteVersionStats,
  stableStats: RemoteVersionStats,
): string | null {
  const { minSessions, maxErrorRateIncrease } = canary.rollback;
  if (canaryStats.sessions < minSessions) return null;
  // Rounded to a millionth: 0.15 − 0.10 is not a breach of +0.05 through floating-point noise.
  if (Math.round((canaryStats.errorRate - stableStats.errorRate) * 1e6) <= Math.round(maxErrorRateIncrease * 1e6)) return null;
  return (
    `${remote} ${canary.version}: ${canaryStats.erroredSessions} of ${canaryStats.sessions} sessions with errors (${percent(canaryStats.errorRate)}) ` +
    `against ${stableStats.erroredSessions} of ${stableStats.sessions} (${percent(stableStats.errorRate)}) on ${stableVersion}; ` +
    `limit +${Math.round(maxErrorRateIncrease * 1000) / 10} points, at least ${minSessions} sessions`
  );
}

async function judge(db: AppContext['db'], remote: string, stable: string, canary: CanaryPinInFile): Promise<string | null> {
  const since = new Date(canary.startedAt);
  const from = Number.isNaN(since.getTime()) ? null : since;
  const [canaryStats, stableStats] = await Promise.all([
    versionStats(db, remote, canary.version, from),
    versionStats(db, remote, stable, from),
  ]);
  return breachOf(remote, stable, canary, canaryStats, stableStats);
}

/**
 * The automatic rollback: every canary (or `only`'s) is judged; one in breach is aborted under the
 * pins' lock, after reading the file again and judging again there, so two instances checking at
 * the same moment abort it once (the second finds no canary, or another one, and does nothing).
 * Returns the remotes whose canary it aborted.
 */
export async function runReleaseChecks(ctx: Pick<AppContext, 'db' | 'now'>, file: string, only?: RemoteName): Promise<RemoteName[]> {
  const pins = await readPins(file);
  const aborted: RemoteName[] = [];
  for (const remote of REMOTE_NAMES) {
    if (only && remote !== only) continue;
    const pin = pins.remotes?.[remote];
    const canary = canaryOf(pin);
    if (!pin || !canary || !(await judge(ctx.db, remote, pin.version, canary))) continue;
    const done = await changePins(ctx, ROLLBACK_ACTOR, file, async (fresh, trx, at) => {
      const current = fresh.remotes?.[remote];
      const still = canaryOf(current);
      if (!current || !still || still.version !== canary.version || still.startedAt !== canary.startedAt) return null;
      const reason = await judge(trx, remote, current.version, still);
      if (!reason) return null;
      const { canary: _removed, ...stable } = current;
      const entry: PinHistoryEntry = {
        at: at.toISOString(),
        action: 'auto-abort',
        target: remote,
        from: still.version,
        to: current.version,
        by: ROLLBACK_ACTOR.email,
        reason,
      };
      return {
        pins: { ...fresh, remotes: { ...fresh.remotes, [remote]: stable }, history: [...(fresh.history ?? []), entry] },
        result: remote,
        log: {
          action: 'release.autoAbort',
          targetType: 'release',
          targetId: remote,
          before: { stable: current.version, canary: still },
          after: { stable: current.version, canary: null, reason },
        },
      };
    });
    if (done) aborted.push(done);
  }
  return aborted;
}

/** Queues a check once per `key` across instances (the slot's primary key), in `trx` when given. */
export async function queueCheck(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  trx: Transaction<Database> | null,
  key: string,
  job: ReleaseCheckJob,
  afterSeconds: number,
): Promise<boolean> {
  const jobs = ctx.jobs;
  if (!jobs?.isRunning()) return false;
  const queue = async (t: Transaction<Database>) => {
    const slot = await sql<{ key: string }>`
      insert into release_check_slots (key) values (${key}) on conflict (key) do nothing returning key`.execute(t);
    if (slot.rows.length === 0) return false;
    await jobs.send<ReleaseCheckJob>(t, RELEASE_CHECK_QUEUE, job, Math.max(0, afterSeconds));
    return true;
  };
  return trx ? queue(trx) : ctx.db.transaction().execute(queue);
}

/** The next minute's check (once across instances): at start, and by each minute's run. */
export function scheduleNextMinute(ctx: Pick<AppContext, 'db' | 'jobs' | 'now'>): Promise<boolean> {
  const now = ctx.now().getTime();
  const next = (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS;
  const minute = new Date(next).toISOString();
  return queueCheck(ctx, null, `minute:${minute}`, { minute }, (next - now) / 1000);
}

/** After a report that touched `remote`'s canary: a check soon (one per remote per 10 s, across instances). */
export function queueCheckAfterReport(ctx: Pick<AppContext, 'db' | 'jobs' | 'now'>, trx: Transaction<Database>, remote: RemoteName) {
  const slot = Math.floor(ctx.now().getTime() / REPORT_CHECK_WINDOW_MS);
  return queueCheck(ctx, trx, `remote:${remote}:${slot}`, { remote }, 1);
}

/** Declares the checks' queue: each run judges the canaries, prunes old reports and (a minute's) queues the next minute's. */
export function defineReleaseChecks(ctx: AppContext, file: string | null): void {
  ctx.jobs?.define<ReleaseCheckJob>(
    RELEASE_CHECK_QUEUE,
    async (job) => {
      try {
        if (file) await runReleaseChecks(ctx, file, job.remote);
        if (job.minute) await pruneReports(ctx.db, ctx.now());
      } finally {
        if (job.minute) await scheduleNextMinute(ctx);
      }
    },
    { retryLimit: 2, expireInSeconds: 120 },
  );
}
