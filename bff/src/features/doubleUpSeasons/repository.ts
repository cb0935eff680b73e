import { sql, type Kysely } from 'kysely';
import { DOUBLE_UP_TOP_PARTICIPANTS, doubleUpSeasonsResource, type DoubleUpParticipant } from '@phoenix/contract';
import { sortKey } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { versionedResource } from '../../db/versioned';

/** Double-up seasons: read-only (create/update are `never` in the contract), newest first. */
export const doubleUpSeasons = versionedResource(doubleUpSeasonsResource, {
  table: 'double_up_seasons',
  toApi: (row) => ({
    id: row.id,
    name: row.name,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    participants: row.participants,
    totalWagered: Number(row.total_wagered),
    paidOut: Number(row.paid_out),
    houseResult: Number(row.house_result),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  toColumns: (input: never) => input,
  sortKeys: {
    startsAt: sortKey('starts_at', 'plain'),
    participants: sortKey('participants', 'plain'),
    totalWagered: sortKey('total_wagered', 'plain'),
    paidOut: sortKey('paid_out', 'plain'),
    houseResult: sortKey('house_result', 'plain'),
  },
  defaultOrder: [
    ['starts_at', 'desc'],
    ['id', 'desc'],
  ],
  search: ['name'],
  filters: [
    // Seasons overlapping the window.
    (qb, query) => (query.from ? qb.where('ends_at', '>', new Date(query.from)) : qb),
    (qb, query) => (query.to ? qb.where('starts_at', '<', new Date(query.to)) : qb),
  ],
});

export async function topParticipants(db: Kysely<Database>, seasonId: number): Promise<DoubleUpParticipant[]> {
  const rows = await db
    .selectFrom('double_up_season_players')
    .selectAll()
    .where('season_id', '=', seasonId)
    .orderBy('net', 'desc')
    .orderBy('player_id')
    .limit(DOUBLE_UP_TOP_PARTICIPANTS)
    .execute();
  return rows.map((row, i) => ({
    rank: i + 1,
    playerId: row.player_id,
    wagered: Number(row.wagered),
    paidOut: Number(row.paid_out),
    net: Number(row.net),
    rounds: row.rounds,
  }));
}

/**
 * `weeks` weekly seasons ending before `now`, each with `players` participants, set-based; the
 * season totals are the sums of its players' rows (so the detail adds up).
 */
export async function generateSeasons(db: Kysely<Database>, now: Date, weeks: number, players: number): Promise<void> {
  await sql`
    insert into double_up_seasons (id, name, starts_at, ends_at, participants, total_wagered, paid_out, version, created_at, updated_at)
    select w, 'Season ' || w,
      date_trunc('week', ${now}::timestamptz) - make_interval(weeks => ${weeks}::integer - w + 1),
      date_trunc('week', ${now}::timestamptz) - make_interval(weeks => ${weeks}::integer - w),
      0, 0, 0, 1, ${now}::timestamptz, ${now}::timestamptz
    from generate_series(1, ${weeks}::integer) as w`.execute(db);
  await sql`
    insert into double_up_season_players (season_id, player_id, wagered, paid_out, rounds)
    select s.id, p, w.wagered, (w.wagered * (60 + (s.id * 31 + p * 17) % 85)) / 100, 1 + (s.id + p) % 40
    from double_up_seasons s
    cross join generate_series(1, ${players}::integer) as p
    cross join lateral (select (100 + ((s.id * 7919 + p * 104729) % 5000))::bigint * 10 as wagered) as w`.execute(db);
  await sql`
    update double_up_seasons s set participants = t.n, total_wagered = t.wagered, paid_out = t.paid
    from (select season_id, count(*) as n, sum(wagered) as wagered, sum(paid_out) as paid
          from double_up_season_players group by season_id) t
    where t.season_id = s.id`.execute(db);
  await sql`select setval(pg_get_serial_sequence('double_up_seasons', 'id'), (select max(id) from double_up_seasons))`.execute(db);
}
