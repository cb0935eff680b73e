import { sql } from 'kysely';
import { GLOBAL_SCOPES, playersScope, policiesResource, presentDistributionsResource } from '@phoenix/contract';
import { pastBudget, usedToday, type Applies, type CallContext, type GlobalOperation } from '@phoenix/server/http';

/**
 * Operations on a list of player ids (issue "Trust II"): a per-call limit alone let an admin split
 * 100,000 ids into calls just under it, so they also count per admin per UTC day against
 * CHANGE_CONTROL_IDS_PER_DAY; a ban or a restriction (policy members added) of more players than
 * CHANGE_CONTROL_BULK_BAN in one call is global by itself.
 */

/** The actions whose log rows count against the id budget. */
const ID_LIST_ACTIONS = ['player.bulkBan', 'policy.addMembers', 'presentDistribution.create'];

/**
 * How many distinct ids a past call named, from its log row: a distribution keeps `listedIds` (0
 * for all players); a bulk ban and a policy's members keep what was done, already done and unknown.
 */
const LOGGED_IDS = sql`case action
  when 'presentDistribution.create' then coalesce((after->>'listedIds')::int, 0)
  else coalesce((after->>'count')::int, 0) + coalesce((after->>'alreadyBanned')::int, 0)
    + coalesce((after->>'alreadyMembers')::int, 0) + coalesce((after->>'unknownCount')::int, 0)
end`;

const idsOf = (body: unknown, name: string): unknown[] => {
  const ids = (body as Record<string, unknown> | undefined)?.[name];
  return Array.isArray(ids) ? ids : [];
};
const distinct = (ids: unknown[]) => new Set(ids).size;

/** Past the admin's id budget with `size` more ids today: global, saying what is left. */
async function pastIdBudget({ settings, actor, db, now, counted }: CallContext, size: number): Promise<Applies> {
  const used = await usedToday(db, actor, ID_LIST_ACTIONS, LOGGED_IDS, now);
  return pastBudget({ what: 'player ids in id-list operations', unit: 'ids', limit: settings.idsPerDay }, used, size, counted);
}

/** A ban or restriction of many players: global above the bulk-ban limit, else within the day's id budget. */
const bulkBanApplies = (name: string) => async (call: CallContext) => {
  const size = distinct(idsOf(call.body, name));
  return size > call.settings.bulkBanAbove || pastIdBudget(call, size);
};

/** A present: to all players always global; to a list above the bulk limit, or past the day's id budget. */
async function presentApplies(call: CallContext): Promise<Applies> {
  if ((call.body as Record<string, unknown> | undefined)?.target !== 'list') return true;
  const ids = idsOf(call.body, 'playerIds');
  return ids.length > call.settings.bulkIdsAbove || pastIdBudget(call, distinct(ids));
}

export const ID_LIST_OPERATIONS: GlobalOperation[] = [
  {
    name: 'presentDistribution.create',
    method: 'POST',
    url: presentDistributionsResource.path,
    applies: presentApplies,
    scope: (_p, body) =>
      (body as Record<string, unknown> | undefined)?.target === 'list'
        ? playersScope(idsOf(body, 'playerIds').length)
        : GLOBAL_SCOPES.allPlayers,
    current: (_path, _p, body) => ({
      method: 'POST',
      url: `${presentDistributionsResource.path}/preview`,
      body: {
        target: (body as Record<string, unknown> | undefined)?.target,
        playerIds: idsOf(body, 'playerIds'),
        segmentId: (body as Record<string, unknown> | undefined)?.segmentId ?? null,
      },
    }),
  },
  {
    name: 'player.bulkBan',
    method: 'POST',
    url: '/players/ban',
    applies: bulkBanApplies('ids'),
    scope: (_p, body) => `ban of ${playersScope(distinct(idsOf(body, 'ids')))}`,
    // The preview: which of the ids are not players.
    current: (_path, _p, body) => ({ method: 'POST', url: '/players/validate-ids', body: { ids: idsOf(body, 'ids') } }),
  },
  {
    name: 'policy.addMembers',
    method: 'POST',
    url: `${policiesResource.path}/:id/members`,
    applies: bulkBanApplies('ids'),
    scope: (p, body) => `${playersScope(distinct(idsOf(body, 'ids')))} in policy ${p.id}`,
    current: (_path, p) => ({ method: 'GET', url: `${policiesResource.path}/${p.id}` }),
  },
];
