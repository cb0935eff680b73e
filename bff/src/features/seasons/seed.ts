import type { SeasonCreate, SeasonTier } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { catalogueIdsByCode } from '../../db/items';
import { mutate } from '@phoenix/server/db';
import { seasons } from './routes';

const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString();

/** `count` tiers, 1,000 XP apart, alternating two free and two premium rewards. */
function tiers(count: number, free: [number, number], premium: [number, number]): SeasonTier[] {
  return Array.from({ length: count }, (_, i) => ({
    level: i + 1,
    xpRequired: i * 1000,
    freeReward: { itemId: free[i % 2], quantity: i % 2 === 0 ? 100 * (i + 1) : 1 },
    premiumReward: { itemId: premium[i % 2], quantity: i % 2 === 0 ? 10 * (i + 1) : 1 },
  }));
}

/** An ended, the current and the next season: back to back, never overlapping. */
function localSeasons(now: number, item: Record<string, number>): SeasonCreate[] {
  return [
    {
      name: 'Season 1: Frost',
      startsAt: iso(now - 100 * DAY),
      endsAt: iso(now - 40 * DAY),
      premiumPrice: 950,
      tiers: tiers(10, [item.coin, item.health_potion], [item.gem, item.frost_avatar]),
    },
    {
      name: 'Season 2: Ember',
      startsAt: iso(now - 40 * DAY),
      endsAt: iso(now + 20 * DAY),
      premiumPrice: 950,
      tiers: tiers(20, [item.coin, item.energy_drink], [item.gem, item.flame_avatar]),
    },
    {
      name: 'Season 3: Dragon',
      startsAt: iso(now + 20 * DAY),
      endsAt: iso(now + 80 * DAY),
      premiumPrice: 1200,
      tiers: tiers(15, [item.coin, item.chest_key], [item.gem, item.dragon_scale]),
    },
  ];
}

/** Only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('seasons').select('id').limit(1).executeTakeFirst()) return;
  const item = await catalogueIdsByCode(ctx.db);
  for (const season of localSeasons(ctx.now().getTime(), item)) {
    await mutate(ctx, actor, (trx, now) => seasons.create(trx, season, actor.email, now));
  }
};
export default seed;
