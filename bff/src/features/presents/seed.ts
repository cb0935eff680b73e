import type { PresentCreate } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { catalogueIdsByCode } from '../../db/items';
import { mutate } from '@phoenix/server/db';
import { presents } from './routes';

const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString();

function localPresents(now: number, item: Record<string, number>): PresentCreate[] {
  return [
    {
      name: 'Welcome pack',
      description: 'For every new player: a head start in their first week.',
      startsAt: iso(now - 10 * DAY),
      endsAt: iso(now + 60 * DAY),
      items: [
        { itemId: item.coin, quantity: 5000 },
        { itemId: item.energy_drink, quantity: 3 },
        { itemId: item.iron_sword, quantity: 1 },
      ],
    },
    {
      name: 'Maintenance apology',
      description: 'Sorry for the longer maintenance on the weekend.',
      startsAt: iso(now - 2 * DAY),
      endsAt: iso(now + 12 * DAY),
      items: [
        { itemId: item.gem, quantity: 300 },
        { itemId: item.revive_token, quantity: 2 },
      ],
    },
    {
      name: 'Ember Festival gift',
      description: 'Opens with the festival.',
      startsAt: iso(now + 7 * DAY),
      endsAt: iso(now + 21 * DAY),
      items: [
        { itemId: item.flame_avatar, quantity: 1 },
        { itemId: item.phoenix_feather, quantity: 10 },
      ],
    },
    {
      name: 'Spring login bonus',
      description: 'Last spring’s campaign.',
      startsAt: iso(now - 120 * DAY),
      endsAt: iso(now - 90 * DAY),
      items: [{ itemId: item.xp_boost, quantity: 5 }],
    },
  ];
}

/** Only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('presents').select('id').limit(1).executeTakeFirst()) return;
  const item = await catalogueIdsByCode(ctx.db);
  for (const present of localPresents(ctx.now().getTime(), item)) {
    await mutate(ctx, actor, (trx, now) => presents.create(trx, present, actor.email, now));
  }
};
export default seed;
