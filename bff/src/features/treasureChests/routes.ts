import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { treasureChestsResource, dropChances, type TreasureChestCreate, type TreasureChestUpdate } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { assertCatalogueItems } from '../../db/items';
import { sortKey } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { versionedResource } from '../../db/versioned';
import { registerResourceRoutes } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'economy';

const base = versionedResource(treasureChestsResource, {
  table: 'treasure_chests',
  toApi: (row) => {
    const chances = dropChances(row.drops.map((drop) => drop.weight));
    return {
      id: row.id,
      name: row.name,
      rarity: row.rarity,
      openCost: row.open_cost,
      costCurrency: row.cost_currency,
      drops: row.drops.map((drop, i) => ({ itemId: drop.itemId, quantity: drop.quantity, weight: drop.weight, chance: chances[i] })),
      version: row.version,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      updatedBy: row.updated_by,
    };
  },
  toColumns: (input) => ({
    name: input.name,
    rarity: input.rarity,
    open_cost: input.openCost,
    cost_currency: input.costCurrency,
    drops: JSON.stringify(input.drops.map(({ itemId, quantity, weight }) => ({ itemId, quantity, weight }))),
  }),
  sortKeys: {
    name: sortKey('name', 'text'),
    // Rarity in its own order (common → legendary), not alphabetically.
    rarity: sql`array_position(array['common', 'rare', 'epic', 'legendary']::varchar[], rarity)`,
    openCost: sortKey('open_cost', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['name'],
  filters: [(qb, query) => (query.rarity ? qb.where('rarity', '=', query.rarity) : qb)],
});

/**
 * Treasure chests: a name, rarity, open cost and a drop table (catalogue item, quantity, weight >
 * 0, no item twice). Each drop's `chance` is what a player is shown: dropChances of the weights.
 */
export const treasureChests = {
  ...base,
  async create(trx: Transaction<Database>, input: TreasureChestCreate, by: string, now: Date) {
    await assertCatalogueItems(trx, input.drops, (i) => `drops.${i}.itemId`);
    return base.create(trx, input, by, now);
  },
  async update(trx: Transaction<Database>, id: number, input: TreasureChestUpdate, by: string, now: Date) {
    await assertCatalogueItems(trx, input.drops, (i) => `drops.${i}.itemId`);
    return base.update(trx, id, input, by, now);
  },
};

export default (app: FastifyInstance, ctx: AppContext) => registerResourceRoutes(app, ctx, treasureChests);
