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
  /** Opened without a second factor where one is required: it may only enrol one. */
  enrolmentOnly: boolean;
  /** When this session last proved a second factor (null: never). */
  factorVerifiedAt: Date | null;
  /** The admin has a confirmed second factor (then step-up operations ask for it again). */
  hasFactor: boolean;
}

/** Where a session was opened from, as the Security page shows it (cut to the columns' sizes). */
export interface SessionClient {
  userAgent: string | null;
  address: string | null;
}

export async function createSession(
  trx: Transaction<any>,
  input: {
    adminId: number;
    tokenHash: string;
    now: Date;
    ttlMs: number;
    client?: SessionClient;
    /** A sign-in that proved a second factor (its time), or one that may only enrol one. */
    factor?: { verifiedAt: Date } | { enrolmentOnly: true };
  },
): Promise<number> {
  const row = await tables(trx)
    .insertInto('sessions')
    .values({
      admin_id: input.adminId,
      token_hash: input.tokenHash,
      created_at: input.now,
      last_used_at: input.now,
      expires_at: new Date(input.now.getTime() + input.ttlMs),
      user_agent: input.client?.userAgent?.slice(0, 512) || null,
      client_address: input.client?.address?.slice(0, 64) || null,
      enrolment_only: !!input.factor && 'enrolmentOnly' in input.factor,
      factor_verified_at: input.factor && 'verifiedAt' in input.factor ? input.factor.verifiedAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A session still usable at `now` (not revoked, within its lifetime and the idle timeout). */
export interface OpenSession {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  clientAddress: string | null;
}

/** The open sessions of an admin, newest first (the Security page, the per-admin limit). */
export async function openSessions(db: AnyDb, input: { adminId: number; now: Date; idleMs: number }): Promise<OpenSession[]> {
  const rows = await tables(db)
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'user_agent', 'client_address'])
    .where('admin_id', '=', input.adminId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', input.now)
    .where('last_used_at', '>', new Date(input.now.getTime() - input.idleMs))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at),
    lastUsedAt: new Date(r.last_used_at),
    expiresAt: new Date(r.expires_at),
    userAgent: r.user_agent,
    clientAddress: r.client_address,
  }));
}

/**
 * Keeps at most `keep` open sessions of an admin: the oldest others end (MAX_SESSIONS_PER_ADMIN,
 * at sign-in). The admin's row is locked first, so two sign-ins at once cannot both keep N.
 * Returns the ids it ended.
 */
export async function endOldestSessions(
  trx: Transaction<any>,
  input: { adminId: number; keep: number; now: Date; idleMs: number },
): Promise<number[]> {
  await tables(trx).selectFrom('admins').select('id').where('id', '=', input.adminId).forUpdate().execute();
  const open = await openSessions(trx, input);
  const ended = open.slice(input.keep).map((s) => s.id);
  if (ended.length > 0) {
    await tables(trx)
      .updateTable('sessions')
      .set({ revoked_at: input.now })
      .where('id', 'in', ended)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return ended;
}

/** Ends one open session of an admin; false when it is not one (another admin's, ended, unknown). */
export async function endAdminSession(trx: Transaction<any>, input: { adminId: number; sessionId: number; now: Date }): Promise<boolean> {
  const result = await tables(trx)
    .updateTable('sessions')
    .set({ revoked_at: input.now })
    .where('id', '=', input.sessionId)
    .where('admin_id', '=', input.adminId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', input.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The session behind a token if it is usable now: not revoked, within its absolute lifetime,
 * used within the idle timeout, and its admin still active. Using it bumps last_used_at.
 */
export async function useSession(db: AnyDb, input: { tokenHash: string; now: Date; idleMs: number }): Promise<ActiveSession | null> {
  const row = await tables(db)
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.admin_id')
    .select((eb) => [
      'sessions.id as sessionId',
      'sessions.last_used_at as lastUsedAt',
      'sessions.enrolment_only as enrolmentOnly',
      'sessions.factor_verified_at as factorVerifiedAt',
      'admins.id as adminId',
      'admins.email',
      'admins.role',
      'admins.roles',
      // (No `sql` import: this module is loaded by tests as CommonJS, and kysely's runtime is ESM only.)
      eb
        .exists(
          eb
            .selectFrom('admin_factors as f')
            .select('f.id')
            .whereRef('f.admin_id', '=', 'admins.id')
            .where('f.confirmed_at', 'is not', null),
        )
        .as('hasFactor'),
    ])
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
  return {
    sessionId: row.sessionId,
    admin: { id: row.adminId, email: row.email, role: row.role, roles: row.roles },
    enrolmentOnly: row.enrolmentOnly,
    factorVerifiedAt: row.factorVerifiedAt ? new Date(row.factorVerifiedAt) : null,
    hasFactor: row.hasFactor === true,
  };
}

export async function revokeSession(trx: Transaction<any>, sessionId: number, now: Date): Promise<void> {
  await tables(trx).updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * Ends every session of an admin (disabling, password reset, sign out everywhere), or every one
 * but `exceptSessionId` (an admin's own password change keeps the session it was made from).
 * Returns how many were open.
 */
export async function revokeAdminSessions(
  trx: Transaction<any>,
  adminId: number,
  now: Date,
  { exceptSessionId }: { exceptSessionId?: number } = {},
): Promise<number> {
  let query = tables(trx).updateTable('sessions').set({ revoked_at: now }).where('admin_id', '=', adminId).where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Replaces a stored password hash (the upgrade to argon2id at sign-in). */
export async function updatePasswordHash(trx: Transaction<any>, adminId: number, passwordHash: string): Promise<void> {
  await tables(trx).updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', adminId).execute();
}

/** This session proved a second factor now (enrolment done, step-up): it may do everything again. */
export async function markFactorVerified(trx: Transaction<any>, sessionId: number, now: Date): Promise<void> {
  await tables(trx).updateTable('sessions').set({ factor_verified_at: now, enrolment_only: false }).where('id', '=', sessionId).execute();
}
