import { sql, type Kysely } from 'kysely';
import { playersResource, type Player, type PlayerBanRecord } from '@phoenix/contract';
import type { Database, PlayerRow } from '../../db/schema';
import { sortKey } from '@phoenix/server/db';
import { versionedResource } from '../../db/versioned';
import { validationFailed, likeEscape } from '@phoenix/server/http';
import { playerNameSql } from './names';

export { unknownPlayerIds } from '../../db/playerIds';

/** A ban is in force while stored and not past its end: time alone lifts it. */
export const banInForce = (row: Pick<PlayerRow, 'status' | 'ban_ends_at'>, now: Date) =>
  row.status === 'banned' && (row.ban_ends_at === null || row.ban_ends_at.getTime() > now.getTime());

export function toPlayer(row: PlayerRow, now: Date): Player {
  const banned = banInForce(row, now);
  return {
    id: row.id,
    name: row.name,
    walletAddress: row.wallet_address,
    level: row.level,
    status: banned ? 'banned' : 'active',
    banEndsAt: banned && row.ban_ends_at ? row.ban_ends_at.toISOString() : null,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
    lastSeenAt: row.last_seen_at ? row.last_seen_at.toISOString() : null,
  };
}

const bannedNow = (now: Date) => sql<boolean>`(status = 'banned' and (ban_ends_at is null or ban_ends_at > ${now}))`;

/**
 * Players: list, export and get (the contract's resource); ban and unban are versioned changes
 * (service.ts). Players come from the game: no create, update or delete here.
 */
export const players = versionedResource(playersResource, {
  table: 'players',
  toApi: toPlayer,
  toColumns: () => {
    throw new Error('players come from the game: never inserted by the console');
  },
  sortKeys: {
    id: sortKey('id', 'plain'),
    name: sortKey('name', 'text'),
    level: sortKey('level', 'plain'),
    createdAt: sortKey('created_at', 'plain'),
    lastSeenAt: sortKey('last_seen_at', 'plain'),
  },
  filters: [
    (qb, query) => {
      const q = query.q?.trim();
      if (!q) return qb;
      switch (query.by) {
        case 'id': {
          const id = Number(q);
          if (!/^\d{1,10}$/.test(q) || id > 2_147_483_647) throw validationFailed({ q: ['Enter a player id (a whole number)'] });
          return qb.where('id', '=', id);
        }
        case 'wallet':
          return qb.where(sql`lower(wallet_address)`, '=', q.toLowerCase());
        case 'name':
          return qb.where(sql`lower(name)`, 'like', `${likeEscape(q.toLowerCase())}%`);
      }
    },
    (qb, query, now) =>
      query.status === 'banned' ? qb.where(bannedNow(now)) : query.status === 'active' ? qb.where(sql<boolean>`not ${bannedNow(now)}`) : qb,
    (qb, query) => (query.levelMin !== undefined ? qb.where('level', '>=', query.levelMin) : qb),
    (qb, query) => (query.levelMax !== undefined ? qb.where('level', '<=', query.levelMax) : qb),
  ],
});

/** A player's bans, newest first. */
export async function banHistory(db: Kysely<Database>, playerId: number, now: Date): Promise<PlayerBanRecord[]> {
  const rows = await db
    .selectFrom('player_bans')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('banned_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    playerId: row.player_id,
    reason: row.reason,
    bannedAt: row.banned_at.toISOString(),
    bannedBy: row.banned_by,
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    liftedAt: row.lifted_at ? row.lifted_at.toISOString() : null,
    liftedBy: row.lifted_by,
    liftReason: row.lift_reason,
    inForce: row.lifted_at === null && (row.ends_at === null || row.ends_at.getTime() > now.getTime()),
  }));
}

/**
 * LOCAL SEED DATA ONLY (called from seed.ts when seeding is on, and by the benchmark's generator):
 * `count` made-up players with ids 1..count and distinct realistic names (names.ts), generated
 * deterministically in one statement. Existing ids are left alone.
 */
export async function seedLocalPlayers(db: Kysely<Database>, count: number, now: Date): Promise<void> {
  await sql`
    insert into players (id, name, wallet_address, level, status, created_at, last_seen_at)
    select
      i,
      ${playerNameSql(sql`i`)},
      '0x' || md5('wallet-' || i) || substr(md5('salt-' || i), 1, 8),
      1 + (i * 7) % 60,
      case when i % 97 = 0 then 'banned' else 'active' end,
      ${now}::timestamptz - make_interval(days => 400 - (i % 365)),
      case when i % 5 = 0 then null else ${now}::timestamptz - make_interval(hours => i % 720) end
    from generate_series(1, ${count}::integer) as i
    on conflict (id) do nothing`.execute(db);
}

/**
 * BENCHMARK DATA ONLY: gives players 1..count the generator's current names (a bench database
 * filled by an older generator keeps its rows; this rewrites only the names that differ).
 */
export async function renameGeneratedPlayers(db: Kysely<Database>, count: number): Promise<number> {
  const result = await sql`
    update players set name = ${playerNameSql(sql`id`)}
    where id between 1 and ${count}::integer and name is distinct from ${playerNameSql(sql`id`)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
