import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { keyedMessage, seasonsResource, type Season, type SeasonCreate, type SeasonUpdate } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { assertCatalogueItems } from '../../db/items';
import { sortKey, timeWindowFilter } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { versionedResource, type RowOf } from '../../db/versioned';
import { conflict, validationFailed, registerResourceRoutes } from '@phoenix/server/http';
import type { ErrorText } from '@phoenix/server';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'economy';

function statusAt(row: RowOf<'seasons'>, now: Date): Season['status'] {
  if (now < row.starts_at) return 'upcoming';
  return now < row.ends_at ? 'active' : 'ended';
}

const base = versionedResource(seasonsResource, {
  table: 'seasons',
  toApi: (row, now) => ({
    id: row.id,
    name: row.name,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    premiumPrice: row.premium_price,
    tiers: row.tiers,
    status: statusAt(row, now),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  toColumns: (input) => ({
    name: input.name,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    premium_price: input.premiumPrice,
    tiers: JSON.stringify(
      input.tiers.map((tier) => ({
        level: tier.level,
        xpRequired: tier.xpRequired,
        freeReward: { itemId: tier.freeReward.itemId, quantity: tier.freeReward.quantity },
        premiumReward: { itemId: tier.premiumReward.itemId, quantity: tier.premiumReward.quantity },
      })),
    ),
  }),
  sortKeys: { name: sortKey('name', 'text'), startsAt: sortKey('starts_at', 'plain'), updatedAt: sortKey('updated_at', 'plain') },
  search: ['name'],
  filters: [timeWindowFilter({ before: 'upcoming', during: 'active', after: 'ended' })],
  frozen: (row, now, verb) => {
    if (now >= row.ends_at) return 'This season has ended: it is read-only';
    if (verb === 'delete' && now >= row.starts_at) return 'This season has started: it can no longer be deleted';
    return null;
  },
});

/**
 * Periods never overlap: checked under a transaction-scoped advisory lock, so two saves at once
 * cannot both pass. Every reward names a catalogue item.
 */
async function checkSeason(trx: Transaction<Database>, input: SeasonCreate, exceptId?: number) {
  await assertCatalogueItems(
    trx,
    input.tiers.flatMap((tier) => [tier.freeReward, tier.premiumReward]),
    (i) => `tiers.${Math.floor(i / 2)}.${i % 2 === 0 ? 'freeReward' : 'premiumReward'}.itemId`,
  );
  await sql`select pg_advisory_xact_lock(hashtext('seasons.period'))`.execute(trx);
  let overlapping = trx
    .selectFrom('seasons')
    .select(['name', 'starts_at', 'ends_at'])
    .where('starts_at', '<', new Date(input.endsAt))
    .where('ends_at', '>', new Date(input.startsAt));
  if (exceptId !== undefined) overlapping = overlapping.where('id', '<>', exceptId);
  const other = await overlapping.executeTakeFirst();
  if (other) {
    const period = `${other.starts_at.toISOString()} – ${other.ends_at.toISOString()}`;
    throw validationFailed({ startsAt: [`Overlaps the season "${other.name}" (${period}): seasons never overlap`] });
  }
}

/** Once started, a season's tiers stay (more may be added) and their XP requirements and its start are fixed. */
function startedChange(row: RowOf<'seasons'>, input: SeasonUpdate): ErrorText | null {
  if (new Date(input.startsAt).getTime() !== row.starts_at.getTime()) return 'This season has started: its start can no longer change';
  for (const tier of row.tiers) {
    const kept = input.tiers.find((t) => t.level === tier.level);
    if (!kept) return keyedMessage('this_season_has_started_tier_n_can_no_longer_be_removed', { level: tier.level });
    if (kept.xpRequired !== tier.xpRequired)
      return keyedMessage('this_season_has_started_the_xp_of_tier_n_can_no_longer_change', { level: tier.level });
  }
  return null;
}

export const seasons = {
  ...base,
  async create(trx: Transaction<Database>, input: SeasonCreate, by: string, now: Date) {
    await checkSeason(trx, input);
    return base.create(trx, input, by, now);
  },
  async update(trx: Transaction<Database>, id: number, input: SeasonUpdate, by: string, now: Date) {
    const { row, before } = await base.lockVersion(trx, id, input.version, now, 'update');
    if (now >= row.starts_at) {
      const reason = startedChange(row, input);
      if (reason) throw conflict(before, reason);
    }
    await checkSeason(trx, input, id);
    return base.update(trx, id, input, by, now);
  },
};

export default (app: FastifyInstance, ctx: AppContext) => registerResourceRoutes(app, ctx, seasons);
