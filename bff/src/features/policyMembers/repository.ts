import { sql, type Kysely, type Transaction } from 'kysely';
import type { PolicyMember, PolicyMemberCheck, PolicyMemberQuery, PolicyMembersAdded, PolicyMembersRemoved } from '@phoenix/contract';
import { cappedCount, type Outcome } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { notFound, validationFailed, offsetOf, likeEscape } from '@phoenix/server/http';
import { intArray, unknownPlayerIds } from '../../db/playerIds';
import { toPolicy } from '../../db/policies';

/** How many ids a bulk change's log row keeps (the count says the rest). */
export const MEMBER_LOG_SAMPLE = 20;

const missingPolicy = () => notFound('This policy does not exist');

/** Locks the policy row for the transaction: member changes of one policy run one after another, its count stays exact. */
async function lockPolicy(trx: Transaction<Database>, policyId: number) {
  const row = await trx.selectFrom('policies').selectAll().where('id', '=', policyId).forUpdate().executeTakeFirst();
  if (!row) throw missingPolicy();
  return row;
}

/** A page of members, newest first: q is an exact player id or a name prefix (case-insensitive). */
export async function listMembers(db: Kysely<Database>, policyId: number, query: PolicyMemberQuery) {
  const policy = await db.selectFrom('policies').select(['id', 'member_count']).where('id', '=', policyId).executeTakeFirst();
  if (!policy) throw missingPolicy();
  let qb = db.selectFrom('policy_members as m').innerJoin('players as p', 'p.id', 'm.player_id').where('m.policy_id', '=', policyId);
  const q = query.q?.trim();
  if (q) {
    if (/^\d+$/.test(q)) {
      if (q.length > 10 || Number(q) > 2_147_483_647) throw validationFailed({ q: ['Enter a player id (a whole number) or a name'] });
      qb = qb.where('m.player_id', '=', Number(q));
    } else qb = qb.where(sql`lower(p.name)`, 'like', `${likeEscape(q.toLowerCase())}%`);
  }
  // Unfiltered, the policy's own count (kept in the member change's transaction) is the total: a
  // policy of a million players is not counted again on each page. A search is counted up to the cap.
  const [total, rows] = await Promise.all([
    q ? cappedCount(db, qb) : { total: Number(policy.member_count), totalCapped: false },
    qb
      .select(['m.player_id', 'p.name', 'p.level', 'm.added_at', 'm.added_by'])
      .orderBy('m.added_at', 'desc')
      .orderBy('m.player_id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
  ]);
  const items: PolicyMember[] = rows.map((row) => ({
    playerId: row.player_id,
    name: row.name,
    level: row.level,
    addedAt: row.added_at.toISOString(),
    addedBy: row.added_by,
  }));
  return { items, ...total };
}

/** The given ids (unique) that are members already, in the order given. One query on the primary key. */
async function memberIds(db: Kysely<Database>, policyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await sql<{ ids: string }>`
    select coalesce(string_agg(m.player_id::text, ','), '') as ids
    from unnest(${intArray(ids)}::integer[]) as given(id)
    join policy_members m on m.policy_id = ${policyId} and m.player_id = given.id`.execute(db);
  const text = result.rows[0]?.ids ?? '';
  const members = new Set(text ? text.split(',').map(Number) : []);
  return ids.filter((id) => members.has(id));
}

/** Before confirming a bulk add: which ids are not players, which are already in the policy. */
export async function checkMembers(db: Kysely<Database>, policyId: number, ids: readonly number[]): Promise<PolicyMemberCheck> {
  const policy = await db.selectFrom('policies').select(['id', 'member_count']).where('id', '=', policyId).executeTakeFirst();
  if (!policy) throw missingPolicy();
  const unique = [...new Set(ids)];
  const [unknown, alreadyMembers] = await Promise.all([unknownPlayerIds(db, unique), memberIds(db, policyId, unique)]);
  return { unknown, alreadyMembers };
}

/**
 * Adds players to a policy in one set-based statement: the ids travel as one integer[] (unnest),
 * joined on players (unknown ids drop out), `on conflict do nothing` skips members already in.
 * The count on the policy moves by the rows inserted; one action-log row with the count and a
 * sample, whatever the number of ids (100,000 fit in one request).
 */
export async function addMembers(
  trx: Transaction<Database>,
  policyId: number,
  ids: readonly number[],
  by: string,
  now: Date,
): Promise<Outcome<PolicyMembersAdded>> {
  const before = await lockPolicy(trx, policyId);
  const unique = [...new Set(ids)];
  const unknown = await unknownPlayerIds(trx, unique);
  const result = await sql<{ added: string | number; sample: number[] | null; all_ids: number[] | null }>`
    with inserted as (
      insert into policy_members (policy_id, player_id, added_at, added_by)
      select ${policyId}, p.id, ${now}, ${by}
      from unnest(${intArray(unique)}::integer[]) as given(id)
      join players p on p.id = given.id
      on conflict do nothing
      returning player_id
    )
    select
      (select count(*) from inserted) as added,
      (select array_agg(player_id order by player_id) from (select player_id from inserted order by player_id limit ${MEMBER_LOG_SAMPLE}) s) as sample,
      (select array_agg(player_id) from inserted) as all_ids`.execute(trx);
  const added = Number(result.rows[0].added);
  const after = await trx
    .updateTable('policies')
    .set((eb) => ({ member_count: eb('member_count', '+', added) }))
    .where('id', '=', policyId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const outcome: PolicyMembersAdded = { added, alreadyMembers: unique.length - unknown.length - added, unknown };
  return {
    result: outcome,
    log: {
      action: 'policy.addMembers',
      targetType: 'policy',
      targetId: policyId,
      before: { memberCount: before.member_count },
      after: {
        count: added,
        sample: (result.rows[0].sample ?? []).map(Number),
        memberCount: toPolicy(after).memberCount,
        alreadyMembers: outcome.alreadyMembers,
        unknownCount: unknown.length,
      },
      targets: { type: 'player', ids: (result.rows[0].all_ids ?? []).map(Number) },
    },
  };
}

/** Removes the given players from a policy (set-based; ids not in it are ignored); one log row with count and sample. */
export async function removeMembers(
  trx: Transaction<Database>,
  policyId: number,
  ids: readonly number[],
): Promise<Outcome<PolicyMembersRemoved>> {
  const before = await lockPolicy(trx, policyId);
  const unique = [...new Set(ids)];
  const result = await sql<{ removed: string | number; sample: number[] | null; all_ids: number[] | null }>`
    with removed as (
      delete from policy_members m
      using unnest(${intArray(unique)}::integer[]) as given(id)
      where m.policy_id = ${policyId} and m.player_id = given.id
      returning m.player_id
    )
    select
      (select count(*) from removed) as removed,
      (select array_agg(player_id order by player_id) from (select player_id from removed order by player_id limit ${MEMBER_LOG_SAMPLE}) s) as sample,
      (select array_agg(player_id) from removed) as all_ids`.execute(trx);
  const removed = Number(result.rows[0].removed);
  await trx
    .updateTable('policies')
    .set((eb) => ({ member_count: eb('member_count', '-', removed) }))
    .where('id', '=', policyId)
    .execute();
  return {
    result: { removed },
    log: {
      action: 'policy.removeMembers',
      targetType: 'policy',
      targetId: policyId,
      before: { memberCount: before.member_count },
      after: { count: removed, sample: (result.rows[0].sample ?? []).map(Number), memberCount: before.member_count - removed },
      targets: { type: 'player', ids: (result.rows[0].all_ids ?? []).map(Number) },
    },
  };
}
