import type { NewsCreate } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { mutate } from '@phoenix/server/db';
import { news } from './routes';

const DAY = 24 * 3_600_000;
const iso = (at: number) => new Date(at).toISOString();

/** One published and pinned, one published, one scheduled (relative to start-up). */
function localNews(now: number): NewsCreate[] {
  return [
    {
      title: 'Welcome to the Ember Season',
      body: '## Ember Season is live\n\n- New battle pass tiers\n- Double-up weekends\n\nSee you in the arena!',
      category: 'update',
      publishStart: iso(now - 2 * DAY),
      publishEnd: null,
      pinned: true,
    },
    {
      title: 'Weekend double-up event',
      body: 'Win streaks pay **double** from Friday 18:00 to Sunday 23:59 (UTC).',
      category: 'event',
      publishStart: iso(now - DAY),
      publishEnd: iso(now + 6 * DAY),
      pinned: false,
    },
    {
      title: 'Planned maintenance next week',
      body: 'The game will be unavailable for about **2 hours** while we upgrade servers.',
      category: 'maintenance',
      publishStart: iso(now + 2 * DAY),
      publishEnd: iso(now + 9 * DAY),
      pinned: false,
    },
  ];
}

/** Only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('news').select('id').limit(1).executeTakeFirst()) return;
  for (const item of localNews(ctx.now().getTime())) {
    await mutate(ctx, actor, (trx, now) => news.create(trx, item, actor.email, now));
  }
};
export default seed;
