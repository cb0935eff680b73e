import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../context';
import type { ServerDatabase } from '../db/schema';

// The admins' sessions in the shared `sessions` table: the BFF signs in and out, both services
// check tokens (http/auth.ts). Any service's database: typed here on the server tables.
type AnyDb = Kysely<any>;
const tables = (db: AnyDb) => db as Kysely<ServerDatabase>;

const LAST_USED_RESOLUTION_MS = 60_000;

export interface ActiveSession {
  sessionId: number;
  admin: Actor;
}

export async function createSession(
  trx: Transaction<any>,
  input: { adminId: number; tokenHash: string; now: Date; ttlMs: number },
): Promise<number> {
  const row = await tables(trx)
    .insertInto('sessions')
    .values({
      admin_id: input.adminId,
      token_hash: input.tokenHash,
      created_at: input.now,
      last_used_at: input.now,
      expires_at: new Date(input.now.getTime() + input.ttlMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The session behind a token if it is usable now: not revoked, within its absolute lifetime,
 * used within the idle timeout, and its admin still active. Using it bumps last_used_at.
 */
export async function useSession(db: AnyDb, input: { tokenHash: string; now: Date; idleMs: number }): Promise<ActiveSession | null> {
  const row = await tables(db)
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.admin_id')
    .select(['sessions.id as sessionId', 'sessions.last_used_at as lastUsedAt', 'admins.id as adminId', 'admins.email', 'admins.role'])
    .where('sessions.token_hash', '=', input.tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', input.now)
    .where('sessions.last_used_at', '>', new Date(input.now.getTime() - input.idleMs))
    .where('admins.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  // One write a minute per session is enough for a 30-minute idle timeout, and keeps reads read-only.
  if (input.now.getTime() - new Date(row.lastUsedAt).getTime() >= LAST_USED_RESOLUTION_MS) {
    await tables(db).updateTable('sessions').set({ last_used_at: input.now }).where('id', '=', row.sessionId).execute();
  }
  return { sessionId: row.sessionId, admin: { id: row.adminId, email: row.email, role: row.role } };
}

export async function revokeSession(trx: Transaction<any>, sessionId: number, now: Date): Promise<void> {
  await tables(trx).updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of an admin (disabling, password reset). Returns how many were open. */
export async function revokeAdminSessions(trx: Transaction<any>, adminId: number, now: Date): Promise<number> {
  const result = await tables(trx)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Replaces a stored password hash (the upgrade to argon2id at sign-in). */
export async function updatePasswordHash(trx: Transaction<any>, adminId: number, passwordHash: string): Promise<void> {
  await tables(trx).updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', adminId).execute();
}
