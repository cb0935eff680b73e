import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  RELEASE_VERSION,
  type ReleaseReportEvent,
  type ReleaseReportKind,
  type RemoteName,
  type RemoteOverride,
  type RemoteVersionStats,
} from '@phoenix/contract';
import type { Database } from '../../db/schema';
import type { PinsFile } from './pinsFile';

/** Error events of one (session, remote, version) counted in detail; past it they only bump `sampled`. */
export const DETAILED_ERRORS_PER_SESSION = 50;
/** Without a pins file: distinct versions of one remote kept (a new one past it is refused). */
export const MAX_VERSIONS_WITHOUT_PINS = 20;
/** Report rows older than this are pruned (by the checks' job, or at most hourly by reports without one). */
export const REPORT_RETENTION_DAYS = 30;
/** Versions a remote lists on the versions page (the most recently reported, besides its stable and canary). */
const LISTED_VERSIONS = 20;
const DAY_MS = 86_400_000;

/** The session's key in the reports: a hash of its id, never its token (the rows hold no personal data). */
export const sessionKeyOf = (sessionId: number): string =>
  createHash('sha256').update(`phoenix-release-session:${sessionId}`).digest('hex').slice(0, 40);

/**
 * The versions of `remote` a report may name. With the pins file: the stable and canary pins, every
 * version its history names for the remote, and the versions of live QA overrides. Without one: any
 * released-looking version, as long as the remote has fewer than MAX_VERSIONS_WITHOUT_PINS already.
 */
export async function isKnownVersion(
  db: Kysely<Database>,
  pins: PinsFile | null,
  remote: RemoteName,
  version: string,
  now: Date,
): Promise<boolean> {
  if (!RELEASE_VERSION.test(version)) return false;
  if (pins) {
    const pin = pins.remotes?.[remote];
    if (pin?.version === version || pin?.canary?.version === version) return true;
    if ((pins.history ?? []).some((h) => h.target === remote && (h.from === version || h.to === version))) return true;
    // A live override's: its session still open (an ended one's override is never loaded again).
    const override = await db
      .selectFrom('release_overrides')
      .innerJoin('sessions', 'sessions.id', 'release_overrides.session_id')
      .select('release_overrides.version')
      .where('release_overrides.remote', '=', remote)
      .where('release_overrides.version', '=', version)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .limit(1)
      .executeTakeFirst();
    return override !== undefined;
  }
  const seen = await db
    .selectFrom('release_sessions')
    .select('version')
    .distinct()
    .where('remote', '=', remote)
    .limit(MAX_VERSIONS_WITHOUT_PINS + 1)
    .execute();
  return seen.some((row) => row.version === version) || seen.length < MAX_VERSIONS_WITHOUT_PINS;
}

export interface ReportOutcome {
  accepted: number;
  sampled: number;
  /** What was counted, for the metric: one per counted event. */
  counted: { remote: string; version: string; kind: ReleaseReportKind }[];
  /** The (remote, version) pairs the report touched. */
  touched: { remote: RemoteName; version: string }[];
}

/**
 * Counts one report of a session: per (remote, version) its row (first seen, last seen), then its
 * error events up to DETAILED_ERRORS_PER_SESSION in detail (the count and the last error), the rest
 * sampled. The row is locked while it is counted, so two reports of one session at once add up.
 */
export async function recordReport(
  trx: Transaction<Database>,
  sessionKey: string,
  events: readonly ReleaseReportEvent[],
  now: Date,
): Promise<ReportOutcome> {
  const groups = new Map<string, ReleaseReportEvent[]>();
  for (const event of events) {
    const key = `${event.remote}\u0000${event.version}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  const outcome: ReportOutcome = { accepted: 0, sampled: 0, counted: [], touched: [] };
  for (const group of groups.values()) {
    const { remote, version } = group[0]!;
    outcome.touched.push({ remote, version });
    await trx
      .insertInto('release_sessions')
      .values({ remote, version, session_key: sessionKey, first_at: now, last_at: now })
      .onConflict((oc) => oc.columns(['remote', 'version', 'session_key']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('release_sessions')
      .select('errors')
      .where('remote', '=', remote)
      .where('version', '=', version)
      .where('session_key', '=', sessionKey)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const errors = group.filter((e) => e.kind !== 'session');
    const room = Math.max(0, DETAILED_ERRORS_PER_SESSION - row.errors);
    const detailed = errors.slice(0, room);
    const dropped = errors.length - detailed.length;
    const last = detailed.at(-1);
    await trx
      .updateTable('release_sessions')
      .set((eb) => ({
        last_at: now,
        errors: eb('errors', '+', detailed.length),
        sampled: eb('sampled', '+', dropped),
        ...(last
          ? {
              last_error_kind: last.kind,
              last_error_message: (last.message ?? '').slice(0, 300),
              last_error_page: last.page,
              last_error_at: now,
            }
          : {}),
      }))
      .where('remote', '=', remote)
      .where('version', '=', version)
      .where('session_key', '=', sessionKey)
      .execute();
    const counted = [...group.filter((e) => e.kind === 'session'), ...detailed];
    outcome.accepted += counted.length;
    outcome.sampled += dropped;
    outcome.counted.push(...counted.map((e) => ({ remote, version, kind: e.kind })));
  }
  return outcome;
}

/** One version's figures over the sessions first seen since `since` (all kept ones when null). */
export async function versionStats(db: Kysely<Database>, remote: string, version: string, since: Date | null): Promise<RemoteVersionStats> {
  let totals = db
    .selectFrom('release_sessions')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('sessions'),
      eb.fn.count<string | number>(sql`case when errors > 0 then 1 end`).as('errored'),
      eb.fn.coalesce(eb.fn.sum<string | number>('errors'), sql<number>`0`).as('errors'),
    ])
    .where('remote', '=', remote)
    .where('version', '=', version);
  if (since) totals = totals.where('first_at', '>=', since);
  let lastQuery = db
    .selectFrom('release_sessions')
    .select(['last_error_kind', 'last_error_message', 'last_error_page', 'last_error_at'])
    .where('remote', '=', remote)
    .where('version', '=', version)
    .where('last_error_at', 'is not', null)
    .orderBy('last_error_at', 'desc')
    .limit(1);
  if (since) lastQuery = lastQuery.where('first_at', '>=', since);
  const [row, last] = await Promise.all([totals.executeTakeFirstOrThrow(), lastQuery.executeTakeFirst()]);
  const sessions = Number(row.sessions);
  const erroredSessions = Number(row.errored);
  return {
    version,
    sessions,
    erroredSessions,
    errors: Number(row.errors),
    errorRate: sessions === 0 ? 0 : erroredSessions / sessions,
    lastError:
      last && last.last_error_at
        ? {
            kind: last.last_error_kind as Exclude<ReleaseReportKind, 'session'>,
            message: last.last_error_message ?? '',
            page: last.last_error_page ?? '',
            at: last.last_error_at.toISOString(),
          }
        : null,
  };
}

/**
 * The figures a remote's versions page shows: its stable and canary first (counted since the canary
 * started, so the two compare like for like, as the automatic rollback compares them), then the
 * other versions reported within the retention, most recently seen first.
 */
export async function remoteVersionStats(
  db: Kysely<Database>,
  remote: string,
  pinned: { stable: string | null; canary: { version: string; startedAt: string } | null },
  now: Date,
): Promise<RemoteVersionStats[]> {
  const since = pinned.canary ? new Date(pinned.canary.startedAt) : null;
  const sinceOk = since && !Number.isNaN(since.getTime()) ? since : null;
  const first = [pinned.stable, pinned.canary?.version].filter((v): v is string => Boolean(v));
  const others = await db
    .selectFrom('release_sessions')
    .select('version')
    .select((eb) => eb.fn.max('last_at').as('seen'))
    .where('remote', '=', remote)
    .where('last_at', '>=', new Date(now.getTime() - REPORT_RETENTION_DAYS * DAY_MS))
    .groupBy('version')
    .orderBy('seen', 'desc')
    .limit(LISTED_VERSIONS)
    .execute();
  const stats: RemoteVersionStats[] = [];
  for (const version of first) stats.push(await versionStats(db, remote, version, sinceOk));
  for (const { version } of others) if (!first.includes(version)) stats.push(await versionStats(db, remote, version, null));
  return stats;
}

/** Report rows, check slots and the overrides of ended sessions past their time (rows: REPORT_RETENTION_DAYS; slots: a day). */
export async function pruneReports(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('release_overrides')
    .where((eb) =>
      eb(
        'session_id',
        'in',
        eb
          .selectFrom('sessions')
          .select('id')
          .where((s) => s.or([s('revoked_at', 'is not', null), s('expires_at', '<=', now)])),
      ),
    )
    .execute();
  await db
    .deleteFrom('release_sessions')
    .where('last_at', '<', new Date(now.getTime() - REPORT_RETENTION_DAYS * DAY_MS))
    .execute();
  await db
    .deleteFrom('release_check_slots')
    .where('created_at', '<', new Date(now.getTime() - DAY_MS))
    .execute();
}

const toOverride = (row: { remote: string; version: string; integrity: string | null; created_at: Date }): RemoteOverride => ({
  remote: row.remote as RemoteName,
  version: row.version,
  ...(row.integrity ? { integrity: row.integrity } : {}),
  createdAt: row.created_at.toISOString(),
});

export async function listOverrides(db: Kysely<Database>, sessionId: number): Promise<RemoteOverride[]> {
  const rows = await db
    .selectFrom('release_overrides')
    .select(['remote', 'version', 'integrity', 'created_at'])
    .where('session_id', '=', sessionId)
    .orderBy('remote')
    .execute();
  return rows.map(toOverride);
}

/** The session's override of `remote` (one per remote: a new one replaces it); returns it and the one it replaced. */
export async function putOverride(
  trx: Transaction<Database>,
  sessionId: number,
  input: { remote: RemoteName; version: string; integrity?: string },
  now: Date,
): Promise<{ override: RemoteOverride; replaced: RemoteOverride | null }> {
  const before = await trx
    .selectFrom('release_overrides')
    .select(['remote', 'version', 'integrity', 'created_at'])
    .where('session_id', '=', sessionId)
    .where('remote', '=', input.remote)
    .executeTakeFirst();
  const values = { version: input.version, integrity: input.integrity ?? null, created_at: now };
  const row = await trx
    .insertInto('release_overrides')
    .values({ session_id: sessionId, remote: input.remote, ...values })
    .onConflict((oc) => oc.columns(['session_id', 'remote']).doUpdateSet(values))
    .returning(['remote', 'version', 'integrity', 'created_at'])
    .executeTakeFirstOrThrow();
  return { override: toOverride(row), replaced: before ? toOverride(before) : null };
}

export async function deleteOverride(trx: Transaction<Database>, sessionId: number, remote: RemoteName): Promise<RemoteOverride | null> {
  const row = await trx
    .deleteFrom('release_overrides')
    .where('session_id', '=', sessionId)
    .where('remote', '=', remote)
    .returning(['remote', 'version', 'integrity', 'created_at'])
    .executeTakeFirst();
  return row ? toOverride(row) : null;
}
