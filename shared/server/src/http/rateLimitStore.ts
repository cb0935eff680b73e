import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';

/**
 * One fixed-window counter, held by the database: one atomic upsert counts the call and starts a
 * new window once the old one has passed, so however many requests race (on however many
 * instances), each gets its own number. The table has (key primary key, <count column>,
 * window_started_at): the BFF's sign-in throttle (login_attempts.attempts) and the request limits
 * below (request_counts.hits). On the app clock (`now`), which tests move.
 */
export async function countInWindow(
  db: Kysely<any>,
  counter: { table: 'login_attempts' | 'request_counts'; column: 'attempts' | 'hits' },
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStartedAt: Date }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const count = sql.ref(`c.${counter.column}`);
  const { rows } = await sql<{ count: number; window_started_at: Date | string }>`
    insert into ${sql.table(counter.table)} as c (key, ${sql.ref(counter.column)}, window_started_at)
    values (${key}, 1, ${now})
    on conflict (key) do update set
      ${sql.ref(counter.column)} = case when c.window_started_at <= ${windowStart} then 1 else ${count} + 1 end,
      window_started_at = case when c.window_started_at <= ${windowStart} then ${now} else c.window_started_at end
    returning ${count} as count, window_started_at`.execute(db);
  const row = rows[0]!;
  return { count: Number(row.count), windowStartedAt: new Date(row.window_started_at) };
}

/**
 * @fastify/rate-limit's store on the shared database (request_counts, migration 0064): every
 * instance counts in the same row, so "60 searches a minute" is 60 whichever instances answer them.
 */
export async function countHit(db: Kysely<any>, key: string, now: Date, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { count, windowStartedAt } = await countInWindow(db, { table: 'request_counts', column: 'hits' }, key, now, windowMs);
  return { current: count, ttl: Math.max(0, windowStartedAt.getTime() + windowMs - now.getTime()) };
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
