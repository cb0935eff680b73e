import { sql, type Transaction } from 'kysely';
import {
  BAN_END_IN_THE_PAST,
  type Player,
  type PlayerBan,
  type PlayerBulkBan,
  type PlayerBulkBanResult,
  type PlayerUnban,
} from '@phoenix/contract';
import type { Actor } from '../../context';
import type { Outcome } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { conflict, validationFailed } from '@phoenix/server/http';
import { banInForce, players, unknownPlayerIds } from './repository';

/** How many ids a bulk action's log row keeps (the count says the rest). */
export const LOG_SAMPLE_SIZE = 20;

function assertFutureEnd(endsAt: string | null | undefined, now: Date): Date | null {
  if (!endsAt) return null;
  const end = new Date(endsAt);
  // The route's schema said so already (with the other fields' errors); kept for any other caller.
  if (end.getTime() <= now.getTime()) throw validationFailed({ endsAt: [BAN_END_IN_THE_PAST] });
  return end;
}

/** Ends a player's open game sessions (reason 'ban'); how many were open. */
async function endSessions(trx: Transaction<Database>, playerId: number, now: Date): Promise<number> {
  const result = await trx
    .updateTable('player_sessions')
    .set({ ended_at: now, end_reason: 'ban' })
    .where('player_id', '=', playerId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Bans one player: the ban recorded in its history, its game sessions ended, all in one transaction. */
export async function banPlayer(
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  input: PlayerBan,
  now: Date,
): Promise<Outcome<Player>> {
  const end = assertFutureEnd(input.endsAt, now);
  const { row, before } = await players.lockVersion(trx, id, input.version, now, 'ban');
  if (banInForce(row, now)) throw conflict(before, 'This player is already banned');
  await trx
    .insertInto('player_bans')
    .values({ player_id: id, reason: input.reason, banned_at: now, banned_by: actor.email, ends_at: end })
    .execute();
  const after = players.toApi(await players.updateRow(trx, id, { status: 'banned', ban_ends_at: end }, actor.email, now), now);
  const sessionsEnded = await endSessions(trx, id, now);
  return {
    result: after,
    log: { action: 'player.ban', targetType: 'player', targetId: id, before, after: { ...after, reason: input.reason, sessionsEnded } },
  };
}

/** Lifts the ban in force, with a reason kept in the ban's history. */
export async function unbanPlayer(
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  input: PlayerUnban,
  now: Date,
): Promise<Outcome<Player>> {
  const { row, before } = await players.lockVersion(trx, id, input.version, now, 'unban');
  if (!banInForce(row, now)) throw conflict(before, 'This player is not banned');
  await trx
    .updateTable('player_bans')
    .set({ lifted_at: now, lifted_by: actor.email, lift_reason: input.reason })
    .where('player_id', '=', id)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();
  const after = players.toApi(await players.updateRow(trx, id, { status: 'active', ban_ends_at: null }, actor.email, now), now);
  return {
    result: after,
    log: { action: 'player.unban', targetType: 'player', targetId: id, before, after: { ...after, reason: input.reason } },
  };
}

/**
 * Bans many players in one set-based statement (ids as one integer[] parameter): players already
 * banned are left as they are; each newly banned one gets its history row and its sessions ended.
 * One action-log row records the count and a sample of ids, and lists every banned id in action_log_targets.
 */
export async function banPlayers(
  trx: Transaction<Database>,
  actor: Actor,
  input: PlayerBulkBan,
  now: Date,
): Promise<Outcome<PlayerBulkBanResult>> {
  const end = assertFutureEnd(input.endsAt, now);
  const ids = [...new Set(input.ids)];
  const unknown = await unknownPlayerIds(trx, ids);
  const result = await sql<{ banned: string | number; sessions: string | number; ids: number[] | null; all_ids: number[] | null }>`
    with target as (
      select p.id from players p
      where p.id = any(${`{${ids.join(',')}}`}::integer[])
        and not (p.status = 'banned' and (p.ban_ends_at is null or p.ban_ends_at > ${now}))
      for update of p
    ), updated as (
      update players p
      set status = 'banned', ban_ends_at = ${end}, version = p.version + 1, updated_at = ${now}, updated_by = ${actor.email}
      from target where p.id = target.id
      returning p.id
    ), history as (
      insert into player_bans (player_id, reason, banned_at, banned_by, ends_at)
      select id, ${input.reason}, ${now}, ${actor.email}, ${end} from updated
    ), sessions as (
      update player_sessions s set ended_at = ${now}, end_reason = 'ban'
      from updated where s.player_id = updated.id and s.ended_at is null
      returning 1
    )
    select
      (select count(*) from updated) as banned,
      (select count(*) from sessions) as sessions,
      (select array_agg(id order by id) from (select id from updated order by id limit ${LOG_SAMPLE_SIZE}) sample) as ids,
      (select array_agg(id) from updated) as all_ids`.execute(trx);
  const row = result.rows[0];
  const banned = Number(row.banned);
  const outcome: PlayerBulkBanResult = { banned, alreadyBanned: ids.length - unknown.length - banned, unknown };
  return {
    result: outcome,
    log: {
      action: 'player.bulkBan',
      targetType: 'player',
      targetId: null,
      before: null,
      after: {
        count: banned,
        sample: row.ids ?? [],
        reason: input.reason,
        endsAt: end ? end.toISOString() : null,
        sessionsEnded: Number(row.sessions),
        alreadyBanned: outcome.alreadyBanned,
        unknownCount: unknown.length,
      },
      targets: { type: 'player', ids: row.all_ids ?? [] },
    },
  };
}
