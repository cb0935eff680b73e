import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, type AdminFactor, type FactorConfirmed, type FactorKind } from '@phoenix/contract';
import { hashToken, markFactorVerified } from '@phoenix/server/auth';
import { writeActionLog, type LogActor, type Outcome } from '@phoenix/server/db';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';

// Second factors: TOTP (RFC 6238, otpauth) and single-use recovery codes (stored as sha-256).

const ISSUER = 'Phoenix Admin';
const PERIOD_SECONDS = 30;

const totpOf = (email: string, secret: Secret) =>
  new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });

/** A new TOTP secret (160 bits) for `email`: base32, its otpauth:// URI and that URI as a QR code (SVG data URL). */
export async function newTotpSecret(email: string) {
  const totp = totpOf(email, new Secret({ size: 20 }));
  const uri = totp.toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: totp.secret.base32, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a code matches (one step of clock drift either way), or null. A step at or before
 * `lastUsedStep` is refused: a code is accepted once, even within its 30 seconds.
 */
export function acceptedStep(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf('-', Secret.fromBase32(secret)).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

// Recovery codes: 10 characters of an alphabet without look-alikes (about 50 bits), shown as xxxxx-xxxxx.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Replaces the admin's recovery codes with a new set; returns the codes (shown once). */
export async function replaceRecoveryCodes(trx: Transaction<Database>, adminId: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await trx
    .insertInto('admin_recovery_codes')
    .values(codes.map((code) => ({ admin_id: adminId, code_hash: hashToken(normaliseRecoveryCode(code)), created_at: now })))
    .execute();
  return codes;
}

export const confirmedFactors = (db: Kysely<Database>, adminId: number) =>
  db.selectFrom('admin_factors').selectAll().where('admin_id', '=', adminId).where('confirmed_at', 'is not', null).orderBy('id').execute();

/**
 * A factor just confirmed (a TOTP's first code, a passkey's attestation), in its transaction: the
 * admin's first factor brings ten recovery codes (shown once), the session counts as having proved
 * it (step-up), and the action log says what was added.
 */
export async function factorAdded(
  trx: Transaction<Database>,
  adminId: number,
  sessionId: number,
  factor: { id: number; kind: FactorKind; label: string },
  now: Date,
): Promise<Outcome<FactorConfirmed>> {
  const first = (await confirmedFactors(trx, adminId)).every((other) => other.id === factor.id);
  const recoveryCodes = first ? await replaceRecoveryCodes(trx, adminId, now) : null;
  await markFactorVerified(trx, sessionId, now);
  return {
    result: { recoveryCodes },
    log: {
      action: 'auth.factorAdded',
      targetType: 'admin',
      targetId: adminId,
      before: null,
      after: { factorId: factor.id, kind: factor.kind, label: factor.label, recoveryCodesIssued: first },
    },
  };
}

/** A refused enrolment step (wrong code, another session, a refused passkey): one action-log row of its own. */
export function logFactorRefused(
  ctx: AppContext,
  actor: LogActor & { id: number },
  after: Record<string, unknown>,
  now: Date,
): Promise<void> {
  return ctx.db
    .transaction()
    .execute((trx) =>
      writeActionLog(trx, actor, { action: 'auth.factorRefused', targetType: 'admin', targetId: actor.id, before: null, after }, now),
    );
}

export async function unusedRecoveryCodes(db: Kysely<Database>, adminId: number): Promise<number> {
  const row = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const toFactorView = (row: {
  id: number;
  kind: FactorKind;
  label: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}): AdminFactor => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

export type VerifiedFactor = { kind: 'totp'; factorId: number } | { kind: 'recoveryCode' };

/**
 * Checks a code against the admin's confirmed factors: six digits against each authenticator app
 * (its row locked, so two requests cannot both spend one code), anything else as a recovery code
 * (spent by the same statement that finds it). Null when nothing matched.
 */
export async function verifySecondFactor(
  trx: Transaction<Database>,
  adminId: number,
  code: string,
  now: Date,
): Promise<VerifiedFactor | null> {
  const typed = code.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const factors = await trx
      .selectFrom('admin_factors')
      .select(['id', 'secret', 'last_used_step'])
      .where('admin_id', '=', adminId)
      .where('confirmed_at', 'is not', null)
      .where('kind', '=', 'totp')
      .forUpdate()
      .execute();
    for (const factor of factors) {
      const step = acceptedStep(factor.secret ?? '', typed, now, factor.last_used_step === null ? null : Number(factor.last_used_step));
      if (step === null) continue;
      await trx.updateTable('admin_factors').set({ last_used_step: step, last_used_at: now }).where('id', '=', factor.id).execute();
      return { kind: 'totp', factorId: factor.id };
    }
    return null;
  }
  const spent = await trx
    .updateTable('admin_recovery_codes')
    .set({ used_at: now })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', hashToken(normaliseRecoveryCode(typed)))
    .where('used_at', 'is', null)
    .where(sql<boolean>`exists (select 1 from admin_factors f where f.admin_id = ${adminId} and f.confirmed_at is not null)`)
    .returning('id')
    .executeTakeFirst();
  return spent ? { kind: 'recoveryCode' } : null;
}
