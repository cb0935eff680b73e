import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  dropChances,
  lootboxesResource,
  spinWheelDocument,
  type LootboxCreate,
  type LootboxUpdate,
  type PointsRewardKind,
  type SpinWheelUpdate,
  type PermissionScope,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { assertCatalogueItems, toJson, sortKey } from '@phoenix/server/db';
import type { Database } from '../../db/database';
import { versionedDocument, versionedResource } from '../../db/versioned';
import { registerDocumentRoutes, registerResourceRoutes } from '@phoenix/server/http';

/**
 * The permission scope of this feature's routes (shared/contract permissions.ts): the points
 * programme is the economy role's; a route may name its own.
 */
export const scope: PermissionScope = 'economy';

interface Reward {
  kind: PointsRewardKind;
  itemId: number | null;
  amount: number;
}

/** As stored: a points reward names no item, whatever the form sent. */
const storedReward = ({ kind, itemId, amount }: Reward): Reward => ({ kind, itemId: kind === 'item' ? itemId : null, amount });

/** Item rewards must name a catalogue item (the BFF's `items`, same database): a 400 on the row's itemId. */
async function assertRewardItems(trx: Transaction<Database>, rows: readonly Reward[], path: string) {
  const items = rows.flatMap((row, index) => (row.kind === 'item' && row.itemId !== null ? [{ itemId: row.itemId, index }] : []));
  await assertCatalogueItems(trx, items, (i) => `${path}.${items[i]!.index}.itemId`);
}

const lootboxBase = versionedResource(lootboxesResource, {
  table: 'points.lootboxes',
  toApi: (row) => ({
    id: row.id,
    name: row.name,
    price: row.price,
    rewards: row.rewards.map((reward) => ({ ...storedReward(reward), probability: reward.probability })),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  // The contract has already refused probabilities that do not add up to exactly 10000 basis points.
  toColumns: (input) => ({
    name: input.name,
    price: input.price,
    rewards: JSON.stringify(input.rewards.map((reward) => ({ ...storedReward(reward), probability: reward.probability }))),
  }),
  sortKeys: {
    name: sortKey('name', 'text'),
    price: sortKey('price', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['name'],
});

/** Lootboxes: a name, a price in points, and rewards (item or points) whose probabilities add up to exactly 100.00%. */
export const lootboxes = {
  ...lootboxBase,
  async create(trx: Transaction<Database>, input: LootboxCreate, by: string, now: Date) {
    await assertRewardItems(trx, input.rewards, 'rewards');
    return lootboxBase.create(trx, input, by, now);
  },
  async update(trx: Transaction<Database>, id: number, input: LootboxUpdate, by: string, now: Date) {
    await assertRewardItems(trx, input.rewards, 'rewards');
    return lootboxBase.update(trx, id, input, by, now);
  },
};

const spinBase = versionedDocument(spinWheelDocument, {
  table: 'points.spin_wheel',
  toApi: (row) => {
    const chances = dropChances(row.segments.map((segment) => segment.weight));
    return {
      segments: row.segments.map((segment, i) => ({ ...storedReward(segment), weight: segment.weight, chance: chances[i] ?? 0 })),
      freeSpinsPerDay: row.free_spins_per_day,
      version: row.version,
      updatedAt: row.updated_at.toISOString(),
      updatedBy: row.updated_by,
    };
  },
  toColumns: (input) => ({
    segments: toJson(input.segments.map((segment) => ({ ...storedReward(segment), weight: segment.weight }))) ?? '[]',
    free_spins_per_day: input.freeSpinsPerDay,
  }),
});

/** The spin wheel: segments (reward, weight > 0), free spins a day; each segment's `chance` is what a player is shown. */
export const spinWheel = {
  ...spinBase,
  async save(trx: Transaction<Database>, input: SpinWheelUpdate, by: string, now: Date) {
    await assertRewardItems(trx, input.segments, 'segments');
    return spinBase.save(trx, input, by, now);
  },
};

export default async function registerPointsGamesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerResourceRoutes(app, ctx, lootboxes);
  await registerDocumentRoutes(app, ctx, spinWheel as never);
}
