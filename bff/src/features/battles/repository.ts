import { sql, type Kysely } from 'kysely';
import { battlesResource, type Battle, type BattleParticipant } from '@phoenix/contract';
import { sortKey } from '@phoenix/server/db';
import type { BattlesTable, Database } from '../../db/schema';
import type { Selectable } from 'kysely';
import { versionedResource } from '../../db/versioned';

function idsOf(value: unknown): number[] {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value; // drivers return jsonb parsed; be safe
  return Array.isArray(parsed) ? parsed.map(Number) : [];
}

export function toBattle(row: Selectable<BattlesTable>): Battle {
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    playerIds: idsOf(row.player_ids),
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
    winnerPlayerId: row.winner_player_id,
    forceEndedBy: row.force_ended_by,
    forceEndReason: row.force_end_reason,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

export const ALREADY_ENDED = 'This battle has already ended: nothing was changed';

/**
 * Battles: read-only through the resource routes (create/update are `never` in the contract),
 * force-ended one at a time (`change` with the forceEnd verb). Filters: status, mode, player (through
 * battle_participants' (player_id, battle_id) index) and the start-time window.
 */
export const battles = versionedResource(battlesResource, {
  table: 'battles',
  toApi: toBattle,
  toColumns: (input: never) => input,
  sortKeys: {
    id: sortKey('id', 'plain'),
    startedAt: sortKey('started_at', 'plain'),
    endedAt: sortKey('ended_at', 'plain'),
    mode: sortKey('mode', 'plain'),
    status: sortKey('status', 'plain'),
  },
  // Without a sort in the URL: newest first (the contract's defaultSort, as the console asks for it).
  defaultOrder: [
    ['started_at', 'desc'],
    ['id', 'desc'],
  ],
  filters: [
    (qb, query) => (query.status ? qb.where('status', '=', query.status) : qb),
    (qb, query) => (query.mode ? qb.where('mode', '=', query.mode) : qb),
    (qb, query) =>
      query.playerId
        ? qb.where('id', 'in', (eb) => eb.selectFrom('battle_participants').select('battle_id').where('player_id', '=', query.playerId!))
        : qb,
    (qb, query) => (query.from ? qb.where('started_at', '>=', new Date(query.from)) : qb),
    (qb, query) => (query.to ? qb.where('started_at', '<=', new Date(query.to)) : qb),
  ],
  // A battle that is no longer ongoing (finished on its own meanwhile, or ended by someone else) stays as it is.
  frozen: (row, _now, verb) => (verb === 'forceEnd' && row.status !== 'ongoing' ? ALREADY_ENDED : null),
});

export async function participantsOf(db: Kysely<Database>, battleId: number): Promise<BattleParticipant[]> {
  const rows = await db
    .selectFrom('battle_participants')
    .select(['player_id', 'team', 'score', 'result'])
    .where('battle_id', '=', battleId)
    .orderBy('team')
    .orderBy('player_id')
    .execute();
  return rows.map((row) => ({ playerId: row.player_id, team: row.team, score: row.score, result: row.result }));
}

/**
 * `count` made-up battles, set-based (one INSERT … SELECT generate_series per table): the local
 * seed's few hundred and the benchmark's million. Ids continue after the highest one; about 1 in
 * 50 is ongoing (started within the last hour), 1 in 25 force-ended, the rest finished, spread over
 * `spanDays` before `now`; two players each, from 1..`players`.
 */
export async function generateBattles(db: Kysely<Database>, count: number, now: Date, options: { players: number; spanDays: number }) {
  const { players, spanDays } = options;
  const start = Number((await sql<{ max: number | null }>`select max(id) as max from battles`.execute(db)).rows[0]?.max ?? 0) + 1;
  const end = start + count - 1;
  await sql`
    insert into battles (id, mode, status, player_ids, started_at, ended_at, winner_player_id, force_ended_by, force_end_reason,
                         version, created_at, updated_at, updated_by)
    select i,
      (array['ranked', 'casual', 'tournament', 'friendly'])[1 + (i * 7) % 4],
      s.status,
      jsonb_build_array(p.a, p.b),
      s.started,
      case when s.status = 'ongoing' then null else s.started + make_interval(secs => 120 + (i * 37) % 900) end,
      case when s.status = 'finished' and i % 9 <> 0 then (case when i % 2 = 0 then p.a else p.b end) end,
      case when s.status = 'force_ended' then 'ops@phoenix.local' end,
      case when s.status = 'force_ended' then 'Stuck after a server restart' end,
      1, s.started, s.started, null
    from generate_series(${start}::integer, ${end}::integer) as i
    cross join lateral (select 1 + ((i::bigint * 7919) % ${players}::integer)::integer as a, 1 + ((i::bigint * 104729 + 1) % ${players}::integer)::integer as b) as p
    cross join lateral (
      select
        case when i % 50 = 0 then 'ongoing' when i % 25 = 1 then 'force_ended' else 'finished' end as status,
        case when i % 50 = 0 then ${now}::timestamptz - make_interval(secs => (i * 13) % 3600)
             else ${now}::timestamptz - make_interval(secs => 3600 + ((i::bigint * 2654435761) % (${spanDays}::bigint * 86400))::integer) end
          as started
    ) as s`.execute(db);
  await sql`
    insert into battle_participants (battle_id, player_id, team, score, result)
    select b.id, (b.player_ids ->> (t - 1))::integer, t, (b.id * (t + 3)) % 2500,
      case when b.status <> 'finished' then null
           when b.winner_player_id is null then 'draw'
           when b.winner_player_id = (b.player_ids ->> (t - 1))::integer then 'win' else 'loss' end
    from battles b cross join generate_series(1, 2) as t
    where b.id between ${start} and ${end} and (b.player_ids ->> 0) <> (b.player_ids ->> 1)
    union all
    select b.id, (b.player_ids ->> 0)::integer, 1, 0, case when b.status = 'finished' then 'draw' end
    from battles b
    where b.id between ${start} and ${end} and (b.player_ids ->> 0) = (b.player_ids ->> 1)`.execute(db);
  await sql`select setval(pg_get_serial_sequence('battles', 'id'), (select max(id) from battles))`.execute(db);
  return { first: start, last: end };
}
