import type { ShopItemCreate } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { catalogueIdsByCode } from '../../db/items';
import { mutate } from '@phoenix/server/db';
import { shopItems } from './routes';

const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString();

function localShopItems(now: number, item: Record<string, number>): ShopItemCreate[] {
  const always = { saleStart: iso(now - 30 * DAY), saleEnd: null, enabled: true };
  return [
    { itemId: item.gem, quantity: 100, price: 1000, currency: 'coin', stock: null, ...always },
    { itemId: item.energy_drink, quantity: 5, price: 50, currency: 'gem', stock: null, ...always },
    { itemId: item.health_potion, quantity: 10, price: 800, currency: 'coin', stock: null, ...always },
    { itemId: item.chest_key, quantity: 1, price: 120, currency: 'gem', stock: 500, ...always },
    { itemId: item.phoenix_blade, quantity: 1, price: 2500, currency: 'points', stock: 50, ...always },
    // Upcoming, sold out and disabled rows, so the "on sale now" and enabled filters show something.
    {
      itemId: item.flame_avatar,
      quantity: 1,
      price: 400,
      currency: 'gem',
      stock: 1000,
      saleStart: iso(now + 7 * DAY),
      saleEnd: iso(now + 21 * DAY),
      enabled: true,
    },
    { itemId: item.golden_title, quantity: 1, price: 5000, currency: 'points', stock: 0, ...always },
    { itemId: item.dragon_shield, quantity: 1, price: 900, currency: 'gem', stock: null, ...always, enabled: false },
  ];
}

/** Only into an empty table; in this order (each new row goes last). */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('shop_items').select('id').limit(1).executeTakeFirst()) return;
  const item = await catalogueIdsByCode(ctx.db);
  for (const shopItem of localShopItems(ctx.now().getTime(), item)) {
    await mutate(ctx, actor, (trx, now) => shopItems.create(trx, shopItem, actor.email, now));
  }
};
export default seed;
