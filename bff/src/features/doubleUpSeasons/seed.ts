import type { SeedLocalData } from '../../discoverFeatures';
import { generateSeasons } from './repository';

/** Two years of weekly seasons, 60 players each, only into an empty table. */
const seed: SeedLocalData = async (ctx) => {
  if (await ctx.db.selectFrom('double_up_seasons').select('id').limit(1).executeTakeFirst()) return;
  await generateSeasons(ctx.db, ctx.now(), 104, 60);
};
export default seed;
