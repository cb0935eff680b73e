import type { SeedLocalData } from '../../discoverFeatures';
import { generateBattles } from './repository';

/** A few hundred battles in every status (some ongoing), only into an empty table. */
const seed: SeedLocalData = async (ctx) => {
  if (await ctx.db.selectFrom('battles').select('id').limit(1).executeTakeFirst()) return;
  await generateBattles(ctx.db, 400, ctx.now(), { players: 2000, spanDays: 30 });
};
export default seed;
