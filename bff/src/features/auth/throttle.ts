import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Failed sign-ins per normalised email in a sliding window. Stored in the database so the limit
 * holds across restarts and across several BFF instances on one PostgreSQL.
 */
export async function recentFailures(
  db: Kysely<Database>,
  email: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('failed_at').as('oldest')])
    .where('email', '=', email)
    .where('failed_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function recordFailure(db: Kysely<Database>, email: string, now: Date, windowMs: number): Promise<void> {
  await db.insertInto('login_failures').values({ email, failed_at: now }).execute();
  // Housekeeping: rows older than the window no longer count for anyone.
  await db.deleteFrom('login_failures').where('failed_at', '<=', new Date(now.getTime() - windowMs)).execute();
}

export async function clearFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
