import { EMPTY_SEGMENT_CRITERIA } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { mutate } from '@phoenix/server/db';
import { segments } from '../../db/segments';

const DAY = 86_400_000;

/** LOCAL SEED DATA ONLY: one sample segment, only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('segments').select('id').limit(1).executeTakeFirst()) return;
  const weekAgo = new Date(ctx.now().getTime() - 7 * DAY).toISOString();
  await mutate(ctx, actor, (trx, now) =>
    segments.create(
      trx,
      {
        name: 'Active veterans with a wallet',
        description: 'Level 60, seen this week, with a linked wallet.',
        criteria: { ...EMPTY_SEGMENT_CRITERIA, levelMin: 60, wallet: 'has', lastSeenFrom: weekAgo },
      },
      actor.email,
      now,
    ),
  );
};
export default seed;
