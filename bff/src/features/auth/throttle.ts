import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AppSettings } from '../../context';
import type { Database } from '../../db/schema';
import { countInWindow } from '@phoenix/server/http';

/**
 * The login throttle. Two counters per attempt, each a row in login_attempts:
 *  - account+client: the email together with the client address, so an attacker at one address
 *    cannot lock out the admin signing in from another;
 *  - client: every attempt from one address, whatever the email (stops spraying one password
 *    across many accounts).
 * An attempt is RESERVED before the password is checked, by one atomic upsert per counter
 * (insert ... on conflict do update ... returning): however many requests race, at most the
 * limit get past it. A successful sign-in gives its reservations back. Counters live in the
 * database, so the limit holds across restarts and across several BFFs on one PostgreSQL.
 */
export interface ThrottleKeys {
  account: string;
  client: string;
}

/** Keys are hashed: fixed length whatever the input, and no email or address stored in clear. */
export function throttleKeys(email: string, clientAddress: string): ThrottleKeys {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  return { account: `account:${digest(`${email}\n${clientAddress}`)}`, client: `client:${digest(clientAddress)}` };
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Counts one attempt on `key`; a window that has passed starts again at 1 (@phoenix/server's counter). */
async function reserve(db: Kysely<Database>, key: string, now: Date, windowMs: number) {
  const { count, windowStartedAt } = await countInWindow(db, { table: 'login_attempts', column: 'attempts' }, key, now, windowMs);
  return { attempts: count, windowStartedAt };
}

export async function reserveSignInAttempt(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  now: Date,
  settings: Pick<AppSettings, 'loginMaxFailures' | 'loginMaxFailuresPerClient' | 'loginWindowMs'>,
): Promise<Reservation> {
  const { loginWindowMs: windowMs } = settings;
  const blocked = (windowStartedAt: Date): Reservation => ({
    allowed: false,
    retryAfterMs: windowStartedAt.getTime() + windowMs - now.getTime(),
  });

  const client = await reserve(db, keys.client, now, windowMs);
  if (client.attempts === 1) await forgetExpired(db, now, windowMs); // housekeeping, once per new window
  if (client.attempts > settings.loginMaxFailuresPerClient) return blocked(client.windowStartedAt);

  const account = await reserve(db, keys.account, now, windowMs);
  if (account.attempts > settings.loginMaxFailures) return blocked(account.windowStartedAt);
  return { allowed: true };
}

/** After a successful sign-in: the account+client count starts over, the client gets its attempt back. */
export async function releaseSignInAttempt(db: Kysely<Database>, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', keys.account).execute();
  await db
    .updateTable('login_attempts')
    .set((eb) => ({ attempts: sql<number>`greatest(${eb.ref('attempts')} - 1, 0)` }))
    .where('key', '=', keys.client)
    .execute();
}

async function forgetExpired(db: Kysely<Database>, now: Date, windowMs: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('window_started_at', '<=', new Date(now.getTime() - windowMs))
    .execute();
}
