import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { presentsResource, type ItemQuantityRow, type Present, type PresentCreate, type PresentUpdate } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { assertCatalogueItems } from '../../db/items';
import { sortKey, timeWindowFilter } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { versionedResource, type RowOf } from '../../db/versioned';
import { conflict, registerResourceRoutes } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'economy';

export const DISTRIBUTED_ITEMS_FROZEN =
  'This present has been distributed: its items can no longer change (its name, description and period can)';

function statusAt(row: RowOf<'presents'>, now: Date): Present['status'] {
  if (now < row.starts_at) return 'upcoming';
  return now < row.ends_at ? 'claimable' : 'ended';
}

const sameItems = (a: readonly ItemQuantityRow[], b: readonly ItemQuantityRow[]) =>
  a.length === b.length && a.every((row, i) => row.itemId === b[i].itemId && row.quantity === b[i].quantity);

const base = versionedResource(presentsResource, {
  table: 'presents',
  toApi: (row, now) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    items: row.items,
    status: statusAt(row, now),
    distributedAt: row.distributed_at ? row.distributed_at.toISOString() : null,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  toColumns: (input) => ({
    name: input.name,
    description: input.description,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    items: JSON.stringify(input.items.map(({ itemId, quantity }) => ({ itemId, quantity }))),
  }),
  sortKeys: {
    name: sortKey('name', 'text'),
    startsAt: sortKey('starts_at', 'plain'),
    endsAt: sortKey('ends_at', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['name', 'description'],
  filters: [timeWindowFilter({ before: 'upcoming', during: 'claimable', after: 'ended' })],
  frozen: (row, _now, verb) =>
    verb === 'delete' && row.distributed_at ? 'This present has been distributed to players and can no longer be deleted' : null,
});

/**
 * Presents: a gift of catalogue items with a claim period. Every row names a catalogue item (400
 * on the row), no item twice (the contract); once distributed, a change of its items is a 409
 * (players hold it), while its texts and period stay editable.
 */
export const presents = {
  ...base,
  async create(trx: Transaction<Database>, input: PresentCreate, by: string, now: Date) {
    await assertCatalogueItems(trx, input.items);
    return base.create(trx, input, by, now);
  },
  async update(trx: Transaction<Database>, id: number, input: PresentUpdate, by: string, now: Date) {
    await assertCatalogueItems(trx, input.items);
    const { row, before } = await base.lockVersion(trx, id, input.version, now, 'update');
    if (row.distributed_at && !sameItems(row.items, input.items)) throw conflict(before, DISTRIBUTED_ITEMS_FROZEN);
    return base.update(trx, id, input, by, now);
  },
  /** A present with a distribution (even a cancelled one) stays: the distribution names it. */
  async remove(trx: Transaction<Database>, id: number, version: number, now: Date) {
    const { before } = await base.lockVersion(trx, id, version, now, 'delete');
    const distributed = await trx.selectFrom('present_distributions').select('id').where('present_id', '=', id).limit(1).executeTakeFirst();
    if (distributed) throw conflict(before, 'This present has a distribution and can no longer be deleted');
    return base.remove(trx, id, version, now);
  },
};

export default (app: FastifyInstance, ctx: AppContext) => registerResourceRoutes(app, ctx, presents);
