import { sql } from 'kysely';
import type { SeedLocalData } from '../../discoverFeatures';

/**
 * Player game sessions for the local console (only into an empty table): the first 400 players
 * are online now, and everyone has a few ended sessions behind them.
 */
const seed: SeedLocalData = async (ctx) => {
  if (await ctx.db.selectFrom('player_sessions').select('id').limit(1).executeTakeFirst()) return;
  const now = ctx.now();
  await sql`
    insert into player_sessions (player_id, started_at, ended_at, end_reason)
    select p.id, ${now}::timestamptz - make_interval(hours => 24 * k + p.id % 20),
           ${now}::timestamptz - make_interval(hours => 24 * k + p.id % 20) + interval '40 minutes',
           case when (p.id + k) % 7 = 0 then 'expired' else 'logout' end
    from players p cross join generate_series(1, 3) as k
    where p.id <= 1000
    union all
    select p.id, ${now}::timestamptz - make_interval(mins => p.id % 90), null, null
    from players p
    where p.id <= 400 and p.status = 'active'`.execute(ctx.db);
};
export default seed;
