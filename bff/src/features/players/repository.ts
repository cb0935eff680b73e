import { sql, type Kysely } from 'kysely';
import type { Player } from '@phoenix/contract';
import type { Database, PlayerRow } from '../../db/schema';

export function toPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    name: row.name,
    walletAddress: row.wallet_address,
    level: row.level,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at ? row.last_seen_at.toISOString() : null,
  };
}

/**
 * The ids (unique, valid player ids) that are not in the players table, in the order given.
 * One query with one int[] parameter (100,000 ids travel as one array value, parsed natively, the
 * same on PGlite and PostgreSQL), anti-joined on the primary key. The key range of the given ids
 * bounds the players side to an index-only range scan (without it PostgreSQL hashes the whole
 * table); the order given is restored here rather than sorted in the database.
 */
export async function unknownPlayerIds(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  let low = ids[0];
  let high = ids[0];
  for (const id of ids) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  // The answer comes back as one text value too: 50,000 one-column rows cost the driver more to parse.
  const result = await sql<{ ids: string }>`
    select coalesce(string_agg(given.id::text, ','), '') as ids
    from unnest(${intArray(ids)}::integer[]) as given(id)
    where not exists (select 1 from players p where p.id = given.id and p.id between ${low}::integer and ${high}::integer)`.execute(db);
  const text = result.rows[0]?.ids ?? '';
  const unknown = new Set(text ? text.split(',').map(Number) : []);
  return ids.filter((id) => unknown.has(id));
}

/** An integer[] parameter as PostgreSQL's array text ('{1,2,3}'): one compact value both drivers pass as is. */
function intArray(ids: readonly number[]): string {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('player ids must be integers');
  return `{${ids.join(',')}}`;
}

/**
 * LOCAL SEED DATA ONLY (called from seed.ts when seeding is on): `count` made-up players with
 * ids 1..count, generated deterministically in one statement. Existing ids are left alone.
 */
export async function seedLocalPlayers(db: Kysely<Database>, count: number, now: Date): Promise<void> {
  await sql`
    insert into players (id, name, wallet_address, level, status, created_at, last_seen_at)
    select
      i,
      'Player ' || lpad(i::text, 4, '0'),
      '0x' || md5('wallet-' || i) || substr(md5('salt-' || i), 1, 8),
      1 + (i * 7) % 60,
      case when i % 97 = 0 then 'banned' else 'active' end,
      ${now}::timestamptz - make_interval(days => 400 - (i % 365)),
      case when i % 5 = 0 then null else ${now}::timestamptz - make_interval(hours => i % 720) end
    from generate_series(1, ${count}::integer) as i
    on conflict (id) do nothing`.execute(db);
}
