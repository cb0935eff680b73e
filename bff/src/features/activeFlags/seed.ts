import type { ActiveFlagCreate } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { mutate } from '@phoenix/server/db';
import { activeFlags } from './routes';

const LOCAL_FLAGS: ActiveFlagCreate[] = [
  { key: 'battle.double-up', description: 'Double-up wagers after a win', enabled: true },
  { key: 'shop.flash-sale', description: 'Show the flash-sale banner in the shop', enabled: false },
  { key: 'points.referral', description: 'Referral rewards in the points app', enabled: true },
];

/** Only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('active_flags').select('id').limit(1).executeTakeFirst()) return;
  for (const flag of LOCAL_FLAGS) {
    await mutate(ctx, actor, (trx, now) => activeFlags.create(trx, flag, actor.email, now));
  }
};
export default seed;
