import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';

/**
 * @fastify/rate-limit's store on the shared database (request_counts, migration 0064): every
 * instance counts in the same row, so "60 searches a minute" is 60 whichever instances answer them.
 * A fixed window per key, like the sign-in throttle's (auth/throttle.ts in the BFF): one atomic
 * upsert counts the call and starts a new window once the old one has passed, so however many
 * requests race, each gets its own number. On the app clock (`now`), which tests move.
 */
export async function countHit(db: Kysely<any>, key: string, now: Date, windowMs: number): Promise<{ current: number; ttl: number }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const { rows } = await sql<{ hits: number; window_started_at: Date | string }>`
    insert into request_counts as rc (key, hits, window_started_at)
    values (${key}, 1, ${now})
    on conflict (key) do update set
      hits = case when rc.window_started_at <= ${windowStart} then 1 else rc.hits + 1 end,
      window_started_at = case when rc.window_started_at <= ${windowStart} then ${now} else rc.window_started_at end
    returning hits, window_started_at`.execute(db);
  const row = rows[0]!;
  const ttl = new Date(row.window_started_at).getTime() + windowMs - now.getTime();
  return { current: Number(row.hits), ttl: Math.max(0, ttl) };
}

/**
 * The store class the plugin instantiates (its `store` option takes a constructor). Keys name the
 * admin and the kind of call (requestLimits.ts), so every route shares one store: `child` is itself.
 * A row per admin and kind: the table stays small without clean-up.
 */
export function databaseRateLimitStore(db: Kysely<any>, now: () => Date): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(db, key, now(), timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
