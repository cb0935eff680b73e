import type { TreasureChestCreate } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { catalogueIdsByCode } from '../../db/items';
import { mutate } from '@phoenix/server/db';
import { treasureChests } from './routes';

function localChests(item: Record<string, number>): TreasureChestCreate[] {
  return [
    {
      name: 'Wooden chest',
      rarity: 'common',
      openCost: 200,
      costCurrency: 'coin',
      drops: [
        { itemId: item.coin, quantity: 500, weight: 60 },
        { itemId: item.health_potion, quantity: 2, weight: 25 },
        { itemId: item.iron_ore, quantity: 5, weight: 14 },
        { itemId: item.iron_sword, quantity: 1, weight: 1 },
      ],
    },
    {
      name: 'Ember chest',
      rarity: 'epic',
      openCost: 300,
      costCurrency: 'gem',
      drops: [
        { itemId: item.phoenix_feather, quantity: 3, weight: 50 },
        { itemId: item.ember_helm, quantity: 1, weight: 30 },
        { itemId: item.flame_avatar, quantity: 1, weight: 15 },
        { itemId: item.phoenix_blade, quantity: 1, weight: 5 },
      ],
    },
    {
      name: 'Dragon hoard',
      rarity: 'legendary',
      openCost: 1,
      costCurrency: 'points',
      drops: [
        { itemId: item.dragon_scale, quantity: 5, weight: 7 },
        { itemId: item.dragon_shield, quantity: 1, weight: 2 },
        { itemId: item.golden_title, quantity: 1, weight: 1 },
      ],
    },
  ];
}

/** Only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('treasure_chests').select('id').limit(1).executeTakeFirst()) return;
  const item = await catalogueIdsByCode(ctx.db);
  for (const chest of localChests(item)) {
    await mutate(ctx, actor, (trx, now) => treasureChests.create(trx, chest, actor.email, now));
  }
};
export default seed;
