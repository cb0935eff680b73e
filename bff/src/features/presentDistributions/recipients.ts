import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DistributionTarget, SegmentCriteria } from '@phoenix/contract';
import type { Database } from '../../db/schema';
import { segmentFilter } from '../../db/segments';

/**
 * Who receives a distribution: every active player, or the listed ids that are active players
 * (a banned player receives nothing). The preview, the stored count and the run use this one rule.
 * A ban lifts itself at its end (players' ban_ends_at), so "banned" is read against the clock.
 */
export function recipientFilter(target: DistributionTarget, playerIds: readonly number[]): RawBuilder<boolean> {
  const active = sql<boolean>`not (p.status = 'banned' and (p.ban_ends_at is null or p.ban_ends_at > now()))`;
  // A segment's send runs on its members' ids, fixed when it starts (run.ts): a list from then on.
  return target === 'all' ? active : sql<boolean>`${active} and p.id = any(${intArray(playerIds)}::integer[])`;
}

/** A segment's recipients before its members are fixed: its active members now. */
export function segmentRecipientFilter(criteria: SegmentCriteria, now: Date): RawBuilder<boolean> {
  const active = sql<boolean>`not (p.status = 'banned' and (p.ban_ends_at is null or p.ban_ends_at > now()))`;
  return sql<boolean>`${active} and ${segmentFilter(criteria, now)}`;
}

export async function countSegmentRecipients(db: Kysely<Database>, criteria: SegmentCriteria, now: Date) {
  const { rows } = await sql<{
    count: string;
  }>`select count(*) as count from players p where ${segmentRecipientFilter(criteria, now)}`.execute(db);
  return Number(rows[0].count);
}

/** An integer[] parameter as array text ('{1,2,3}'): one value, parsed natively by both drivers. */
export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

export async function countRecipients(db: Kysely<Database>, target: DistributionTarget, playerIds: readonly number[]) {
  const { rows } = await sql<{
    count: string;
  }>`select count(*) as count from players p where ${recipientFilter(target, playerIds)}`.execute(db);
  return Number(rows[0].count);
}

/** Listed ids that are not players at all. */
export async function countUnknown(db: Kysely<Database>, playerIds: readonly number[]) {
  if (playerIds.length === 0) return 0;
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from unnest(${intArray(playerIds)}::integer[]) as given(id)
    where not exists (select 1 from players p where p.id = given.id)`.execute(db);
  return Number(rows[0].count);
}
