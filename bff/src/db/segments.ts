// Segments: shared by the segments feature (count, members, export) and the present distributions
// (a segment as the target of a send).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { balanceBoundsOf, segmentsResource, type Segment, type SegmentCriteria } from '@phoenix/contract';
import { sortKey } from '@phoenix/server/db';
import { validationFailed } from '@phoenix/server/http';
import type { Database, SegmentsTable } from './schema';
import type { Selectable } from 'kysely';
import { versionedResource } from './versioned';

export function toSegment(row: Selectable<SegmentsTable>): Segment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    criteria: row.criteria,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** Segments: list (search on name and description), get, create, edit and delete through the contract's resource. */
export const segments = versionedResource(segmentsResource, {
  table: 'segments',
  toApi: toSegment,
  toColumns: (input) => ({ name: input.name, description: input.description, criteria: JSON.stringify(input.criteria) }),
  sortKeys: {
    name: sortKey('name', 'text'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['name', 'description'],
  unique: { column: 'name', message: 'A segment with this name already exists' },
});

/** A ban in force now (its end read against the clock, as everywhere). */
const bannedNow = (now: Date) => sql<boolean>`(p.status = 'banned' and (p.ban_ends_at is null or p.ban_ends_at > ${now}))`;

/**
 * The criteria as one condition on `players p`. Each criterion is served by an index: level,
 * status, created_at, last_seen_at (0002), the partial index of players without a wallet (0069),
 * the restrictions by player (0069) and the members by player (0024); PostgreSQL combines them.
 */
export function segmentFilter(c: SegmentCriteria, now: Date): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (c.levelMin !== null) parts.push(sql`p.level >= ${c.levelMin}`);
  if (c.levelMax !== null) parts.push(sql`p.level <= ${c.levelMax}`);
  if (c.status === 'banned') parts.push(bannedNow(now));
  if (c.status === 'active') parts.push(sql`not ${bannedNow(now)}`);
  if (c.createdFrom) parts.push(sql`p.created_at >= ${new Date(c.createdFrom)}`);
  if (c.createdTo) parts.push(sql`p.created_at <= ${new Date(c.createdTo)}`);
  if (c.lastSeenFrom) parts.push(sql`p.last_seen_at >= ${new Date(c.lastSeenFrom)}`);
  if (c.lastSeenTo) parts.push(sql`p.last_seen_at <= ${new Date(c.lastSeenTo)}`);
  if (c.wallet === 'has') parts.push(sql`p.wallet_address is not null`);
  if (c.wallet === 'hasNot') parts.push(sql`p.wallet_address is null`);
  if (c.restricted !== null) {
    const restricted = sql<boolean>`(exists (select 1 from player_api_restrictions r where r.player_id = p.id and (r.ends_at is null or r.ends_at > ${now}))
      or exists (select 1 from policy_members m where m.player_id = p.id))`;
    parts.push(c.restricted === 'yes' ? restricted : sql`not ${restricted}`);
  }
  if (c.policyId !== null)
    parts.push(sql`exists (select 1 from policy_members m where m.policy_id = ${c.policyId} and m.player_id = p.id)`);
  const balance = balanceFilter(c);
  if (balance) parts.push(balance);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`;
}

/**
 * The points balance, read from the points API's accounts (one database, ADR 0002); no account is 0
 * points. A range holding 0 keeps the players with no account in it (none of their accounts lies
 * outside); a range above 0 needs an account in it. Both by the accounts' primary key.
 */
function balanceFilter(c: SegmentCriteria): RawBuilder<boolean> | null {
  const { min, max } = balanceBoundsOf(c);
  if (min === null && max === null) return null;
  const lo = min ?? 0;
  if (lo === 0) {
    return max === null ? null : sql<boolean>`not exists (select 1 from points.accounts a where a.id = p.id and a.balance > ${max})`;
  }
  return sql<boolean>`exists (select 1 from points.accounts a where a.id = p.id and a.balance >= ${lo}${max === null ? sql`` : sql` and a.balance <= ${max}`})`;
}

/**
 * What the criteria name must be there: a policy (a 400 on criteria.policyId); for a balance, the
 * points accounts readable by this service (a BFF on a database without the points API, or whose
 * serving role was not granted them, says so instead of failing).
 */
export async function assertCriteriaRefsExist(db: Kysely<Database>, c: SegmentCriteria): Promise<void> {
  if (c.policyId !== null) {
    const found = await db.selectFrom('policies').select('id').where('id', '=', c.policyId).executeTakeFirst();
    if (!found) throw validationFailed({ 'criteria.policyId': ['This policy does not exist'] });
  }
  await assertBalanceReadable(db, c);
}

/** A balance criterion needs the points accounts readable by this service (a 400 at its field, not a 500). */
export async function assertBalanceReadable(db: Kysely<Database>, c: SegmentCriteria): Promise<void> {
  const { min, max } = balanceBoundsOf(c);
  if (min === null && max === null) return;
  const { rows } = await sql<{ readable: boolean }>`
    select coalesce(has_table_privilege(to_regclass('points.accounts'), 'select'), false) as readable`.execute(db);
  if (!rows[0]?.readable) {
    const message = 'Point balances cannot be read here: the points tables are missing or this service may not read them';
    throw validationFailed({ [min !== null ? 'criteria.balanceMin' : 'criteria.balanceMax']: [message] });
  }
}

/** How many players match now. */
export async function countSegment(db: Kysely<Database>, c: SegmentCriteria, now: Date, extra?: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from players p where ${segmentFilter(c, now)} ${extra ? sql`and ${extra}` : sql``}`.execute(db);
  return Number(rows[0].count);
}

/** The members' ids now, ascending; `limit` bounds how many are read (a bulk action reads one more than it allows). */
export async function segmentMemberIds(db: Kysely<Database>, c: SegmentCriteria, now: Date, limit: number): Promise<number[]> {
  const { rows } = await sql<{ ids: string | null }>`
    select string_agg(id::text, ',' order by id) as ids
    from (select p.id from players p where ${segmentFilter(c, now)} order by p.id limit ${limit}) as members`.execute(db);
  const text = rows[0]?.ids;
  return text ? text.split(',').map(Number) : [];
}

/** The members' ids in batches by id (the CSV export). */
export async function* segmentMemberBatches(db: Kysely<Database>, c: SegmentCriteria, now: Date, batchSize: number) {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number }>`
      select p.id from players p where ${segmentFilter(c, now)} and p.id > ${after} order by p.id limit ${batchSize}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
    if (rows.length < batchSize) return;
  }
}
