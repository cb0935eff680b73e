import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { keyedMessage, type GlobalSignOutRun, type GlobalSignOutRunInput, type GlobalSignOutSummary } from '@phoenix/contract';
import { countOngoingBattles, countOpenSessions, endOpenSessions, forceEndOngoingBattles } from '../../db/gameOperations';
import type { Outcome } from '@phoenix/server/db';
import type { Database, GlobalSignOutRunsTable } from '../../db/schema';
import { conflict, offsetOf } from '@phoenix/server/http';

/** The advisory lock every run takes for its transaction (any constant the app uses only here). */
export const RUN_LOCK_KEY = 4_212_001;

export function toRun(row: Selectable<GlobalSignOutRunsTable>): GlobalSignOutRun {
  return {
    id: row.id,
    ranAt: row.ran_at.toISOString(),
    adminEmail: row.admin_email,
    reason: row.reason,
    confirmedSessions: row.confirmed_sessions,
    confirmedBattles: row.confirmed_battles,
    sessionsEnded: row.sessions_ended,
    battlesEnded: row.battles_ended,
  };
}

async function latestRun(db: Kysely<Database>): Promise<GlobalSignOutRun | null> {
  const row = await db.selectFrom('global_sign_out_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toRun(row) : null;
}

export async function summary(db: Kysely<Database>, now: Date) {
  const [openSessions, ongoingBattles, last] = await Promise.all([countOpenSessions(db), countOngoingBattles(db), latestRun(db)]);
  return { openSessions, ongoingBattles, lastRunId: last?.id ?? null, checkedAt: now.toISOString() };
}

export async function listRuns(db: Kysely<Database>, page: { page: number; pageSize: number }) {
  const total = await db
    .selectFrom('global_sign_out_runs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('global_sign_out_runs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset(offsetOf(page))
    .execute();
  return { items: rows.map(toRun), total: Number(total.n) };
}

/**
 * One run, in the caller's transaction: the database guarantees there is never a second at once.
 * The transaction-scoped advisory lock refuses a run while another holds it (released by its
 * commit or rollback, even if the process dies), and under the lock the latest run must still be
 * the one the admin confirmed against: a run that committed just before (or, on a single-connection
 * PGlite, queued in front) is refused too, with that run as `current`. The counts hold as well:
 * each UPDATE counts the rows it locked, and if that is more than the figure the admin confirmed
 * (a session opened or a battle started since they read it) the run rolls back with 409 and the new
 * figures as `current` (a summary), so nobody is signed out beyond what was confirmed.
 */
export async function run(
  trx: Transaction<Database>,
  input: GlobalSignOutRunInput,
  by: string,
  now: Date,
): Promise<Outcome<GlobalSignOutRun>> {
  const locked = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${RUN_LOCK_KEY}::bigint) as locked`.execute(trx);
  if (!locked.rows[0]?.locked) {
    throw conflict(null, 'A sign-out of every player is running right now. Wait for it to finish, then check the counts again.');
  }
  const last = await latestRun(trx);
  if ((last?.id ?? null) !== input.lastRunId) {
    throw conflict(
      last,
      keyedMessage('another_sign_out_run_was_made', { ranAt: last?.ranAt ?? 'an unknown time', by: last?.adminEmail ?? 'another admin' }),
    );
  }
  const sessionsEnded = await endOpenSessions(trx, now);
  const battlesEnded = await forceEndOngoingBattles(trx, by, input.reason, now);
  if (sessionsEnded > input.confirmedSessions || battlesEnded > input.confirmedBattles) {
    const current: GlobalSignOutSummary = {
      openSessions: sessionsEnded,
      ongoingBattles: battlesEnded,
      lastRunId: last?.id ?? null,
      checkedAt: now.toISOString(),
    };
    throw conflict(
      current,
      keyedMessage('the_count_changed_now_n_sessions_and_n_battles', { sessions: sessionsEnded, battles: battlesEnded }),
    );
  }
  const row = await trx
    .insertInto('global_sign_out_runs')
    .values({
      ran_at: now,
      admin_email: by,
      reason: input.reason,
      confirmed_sessions: input.confirmedSessions,
      confirmed_battles: input.confirmedBattles,
      sessions_ended: sessionsEnded,
      battles_ended: battlesEnded,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const result = toRun(row);
  return {
    result,
    log: {
      action: 'globalSignOut.run',
      targetType: 'globalSignOut',
      targetId: result.id,
      before: { openSessions: input.confirmedSessions, ongoingBattles: input.confirmedBattles },
      after: { sessionsEnded, battlesEnded, reason: input.reason },
    },
  };
}
