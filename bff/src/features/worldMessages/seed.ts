import type { WorldMessageCreate } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { mutate } from '@phoenix/server/db';
import { worldMessages } from './routes';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (at: number) => new Date(at).toISOString();

function localWorldMessages(now: number): WorldMessageCreate[] {
  return [
    { message: 'Welcome to the Ember Season!', severity: 'info', displayStart: iso(now - HOUR), displayEnd: iso(now + 3 * DAY) },
    {
      message: 'Servers restart for maintenance in 2 days.',
      severity: 'warning',
      displayStart: iso(now + DAY),
      displayEnd: iso(now + 2 * DAY),
    },
  ];
}

/** Only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('world_messages').select('id').limit(1).executeTakeFirst()) return;
  for (const message of localWorldMessages(ctx.now().getTime())) {
    await mutate(ctx, actor, (trx, now) => worldMessages.create(trx, message, actor.email, now));
  }
};
export default seed;
