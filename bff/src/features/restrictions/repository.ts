import { sql, type Kysely, type Transaction } from 'kysely';
import type { EffectiveRestriction, PlayerRestriction, PlayerRestrictionCreate, PlayerRestrictions } from '@phoenix/contract';
import type { Outcome } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { conflict, notFound, validationFailed } from '@phoenix/server/http';

const inForce = (now: Date) => sql<boolean>`(r.ends_at is null or r.ends_at > ${now})`;

async function assertPlayer(db: Kysely<Database>, playerId: number): Promise<void> {
  const player = await db.selectFrom('players').select('id').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw notFound('This player does not exist');
}

async function directRestrictions(db: Kysely<Database>, playerId: number, now: Date): Promise<PlayerRestriction[]> {
  const rows = await db
    .selectFrom('player_api_restrictions as r')
    .innerJoin('game_apis as a', 'a.id', 'r.api_id')
    .select(['r.api_id', 'a.code', 'a.name', 'r.ends_at', 'r.created_at', 'r.created_by'])
    .where('r.player_id', '=', playerId)
    .where(inForce(now))
    .orderBy('a.code')
    .execute();
  return rows.map((row) => ({
    apiId: row.api_id,
    apiCode: row.code,
    apiName: row.name,
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  }));
}

/**
 * A player's restrictions now: the direct ones in force, and the effective ones = the direct ones
 * ∪ the APIs of every policy the player is in, one row per (API, source), ordered by API code.
 */
export async function playerRestrictions(db: Kysely<Database>, playerId: number, now: Date): Promise<PlayerRestrictions> {
  await assertPlayer(db, playerId);
  const direct = await directRestrictions(db, playerId, now);
  const fromPolicies = await sql<{ api_id: number; code: string; name: string; policy_id: number; policy_name: string }>`
    select a.id as api_id, a.code, a.name, p.id as policy_id, p.name as policy_name
    from policy_members m
    join policies p on p.id = m.policy_id
    cross join lateral unnest(p.api_ids) as given(api_id)
    join game_apis a on a.id = given.api_id
    where m.player_id = ${playerId}`.execute(db);
  const policies = await db
    .selectFrom('policy_members as m')
    .innerJoin('policies as p', 'p.id', 'm.policy_id')
    .select(['p.id', 'p.name'])
    .where('m.player_id', '=', playerId)
    .orderBy(sql`lower(p.name)`)
    .execute();
  const effective: EffectiveRestriction[] = [
    ...direct.map((r) => ({
      apiId: r.apiId,
      apiCode: r.apiCode,
      apiName: r.apiName,
      source: { kind: 'direct' as const },
      endsAt: r.endsAt,
    })),
    ...fromPolicies.rows.map((row) => ({
      apiId: row.api_id,
      apiCode: row.code,
      apiName: row.name,
      source: { kind: 'policy' as const, policyId: row.policy_id, policyName: row.policy_name },
      endsAt: null,
    })),
  ];
  const sourceKey = (r: EffectiveRestriction) => (r.source.kind === 'direct' ? '' : r.source.policyName.toLowerCase());
  effective.sort((a, b) => a.apiCode.localeCompare(b.apiCode) || sourceKey(a).localeCompare(sourceKey(b)));
  return { direct, effective, policies };
}

/**
 * Restricts one API for a player. An API already restricted and in force is a 409; one whose end
 * has passed is replaced (the primary key is player + API).
 */
export async function restrictApi(
  trx: Transaction<Database>,
  playerId: number,
  input: PlayerRestrictionCreate,
  by: string,
  now: Date,
): Promise<Outcome<PlayerRestriction>> {
  if (input.endsAt && Date.parse(input.endsAt) <= now.getTime()) {
    throw validationFailed({ endsAt: ['The end of a restriction must be in the future'] });
  }
  await assertPlayer(trx, playerId);
  const api = await trx.selectFrom('game_apis').selectAll().where('id', '=', input.apiId).executeTakeFirst();
  if (!api) throw validationFailed({ apiId: ['No such API in the catalogue'] });
  const existing = await trx
    .selectFrom('player_api_restrictions as r')
    .selectAll()
    .where('r.player_id', '=', playerId)
    .where('r.api_id', '=', input.apiId)
    .forUpdate()
    .executeTakeFirst();
  const stillInForce = existing && (existing.ends_at === null || existing.ends_at.getTime() > now.getTime());
  if (stillInForce) throw conflict(null, 'This API is already restricted for this player');
  const row = await trx
    .insertInto('player_api_restrictions')
    .values({ player_id: playerId, api_id: input.apiId, ends_at: input.endsAt, created_at: now, created_by: by })
    .onConflict((oc) => oc.columns(['player_id', 'api_id']).doUpdateSet({ ends_at: input.endsAt, created_at: now, created_by: by }))
    .returningAll()
    .executeTakeFirstOrThrow();
  const after: PlayerRestriction = {
    apiId: api.id,
    apiCode: api.code,
    apiName: api.name,
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
  return { result: after, log: { action: 'player.restrictApi', targetType: 'player', targetId: playerId, before: null, after } };
}

/** Lifts a direct restriction (404 when the player has none in force for that API). */
export async function unrestrictApi(
  trx: Transaction<Database>,
  playerId: number,
  apiId: number,
  now: Date,
): Promise<Outcome<{ ok: true }>> {
  await assertPlayer(trx, playerId);
  const before = (await directRestrictions(trx, playerId, now)).find((r) => r.apiId === apiId);
  if (!before) throw notFound('This API is not restricted for this player');
  await trx.deleteFrom('player_api_restrictions').where('player_id', '=', playerId).where('api_id', '=', apiId).execute();
  return { result: { ok: true }, log: { action: 'player.unrestrictApi', targetType: 'player', targetId: playerId, before, after: null } };
}
