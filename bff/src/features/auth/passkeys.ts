import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely, Transaction } from 'kysely';
import type { PasskeyOptions, PasskeyResponse } from '@phoenix/contract';
import type { WebauthnSettings } from '@phoenix/server/config';
import type { Database } from '../../db/schema';

// Passkeys (WebAuthn, SimpleWebAuthn): the options each ceremony starts with, and the checks of
// what the authenticator answered. Every challenge is stored, bound to who asked, and spent once.

const RP_NAME = 'Phoenix Admin';
/** As long as the password step's challenge: the browser's prompt waits for a person. */
export const CEREMONY_TTL_MS = 5 * 60_000;

/** Why a passkey answer was refused: the action log's reason; the admin reads `message`. */
export type PasskeyFailure = 'challengeUsed' | 'otherSession' | 'wrongOrigin' | 'unknownPasskey' | 'counterWentBack' | 'notVerified';
export interface PasskeyRefusal {
  refused: PasskeyFailure;
  message: string;
  /** The library's own words, for the log only. */
  detail?: string;
}

export const PASSKEY_MESSAGES: Record<PasskeyFailure, string> = {
  challengeUsed: 'This passkey request expired or was already used: start again',
  otherSession: 'This enrolment was started in another session: start again here',
  wrongOrigin: 'This passkey answer comes from another site: use the console at its usual address',
  unknownPasskey: 'This passkey is not one of yours: use one you added on the Security page',
  counterWentBack: 'The counter of this passkey went back: it may have been copied, use another factor',
  notVerified: 'The passkey answer could not be verified: try again',
};
export const refusal = (refused: PasskeyFailure, detail?: string): PasskeyRefusal => ({
  refused,
  message: PASSKEY_MESSAGES[refused],
  ...(detail ? { detail } : {}),
});

/** The library throws with a sentence; the origin, RP ID and counter checks are told apart for the admin. */
function classify(error: unknown): PasskeyRefusal {
  const detail = error instanceof Error ? error.message : String(error);
  if (/origin|RP ID/i.test(detail)) return refusal('wrongOrigin', detail);
  if (/counter/i.test(detail)) return refusal('counterWentBack', detail);
  return refusal('notVerified', detail);
}

/** The challenge the browser signed (clientDataJSON.challenge), to find its stored row; null when unreadable. */
export function challengeOf(response: PasskeyResponse): string | null {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof client.challenge === 'string' && client.challenge.length <= 128 ? client.challenge : null;
  } catch {
    return null;
  }
}

/** A stable, opaque user handle per admin: an authenticator keeps one passkey per account and site. */
const userHandleOf = (adminId: number) => new Uint8Array(createHash('sha256').update(`phoenix-admin:${adminId}`).digest());

const passkeysOf = (db: Kysely<Database> | Transaction<Database>, adminId: number) =>
  db
    .selectFrom('admin_factors')
    .select(['id', 'credential_id', 'public_key', 'sign_count', 'transports'])
    .where('admin_id', '=', adminId)
    .where('kind', '=', 'passkey')
    .where('confirmed_at', 'is not', null)
    .execute();

export const hasPasskey = async (db: Kysely<Database>, adminId: number) => (await passkeysOf(db, adminId)).length > 0;

const descriptors = (rows: { credential_id: string | null; transports: string | null }[]) =>
  rows.map((row) => ({ id: row.credential_id!, ...(row.transports ? { transports: row.transports.split(',') } : {}) }));

type Binding = { purpose: 'enrol' | 'stepUp'; sessionId: number } | { purpose: 'signIn'; signInChallengeId: number };

async function storeChallenge(db: Kysely<Database>, adminId: number, challenge: string, binding: Binding, now: Date, label?: string) {
  await db.transaction().execute(async (trx) => {
    // One ceremony at a time per session (or sign-in): an earlier one unanswered is dropped.
    let earlier = trx.deleteFrom('webauthn_challenges').where('admin_id', '=', adminId).where('purpose', '=', binding.purpose);
    earlier =
      binding.purpose === 'signIn'
        ? earlier.where('sign_in_challenge_id', '=', binding.signInChallengeId)
        : earlier.where('session_id', '=', binding.sessionId);
    await earlier.execute();
    await trx.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
    await trx
      .insertInto('webauthn_challenges')
      .values({
        admin_id: adminId,
        purpose: binding.purpose,
        challenge,
        session_id: binding.purpose === 'signIn' ? null : binding.sessionId,
        sign_in_challenge_id: binding.purpose === 'signIn' ? binding.signInChallengeId : null,
        label: label ?? null,
        expires_at: new Date(now.getTime() + CEREMONY_TTL_MS),
        created_at: now,
      })
      .execute();
  });
}

/** Options for navigator.credentials.create, bound to the enrolling session; the passkey will be called `label`. */
export async function registrationOptions(
  db: Kysely<Database>,
  settings: WebauthnSettings,
  admin: { id: number; email: string },
  sessionId: number,
  label: string,
  now: Date,
): Promise<PasskeyOptions> {
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: settings.rpId,
    userName: admin.email,
    userID: userHandleOf(admin.id),
    attestationType: 'none',
    // The same authenticator twice would be one factor counted as two.
    excludeCredentials: descriptors(await passkeysOf(db, admin.id)),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(db, admin.id, options.challenge, { purpose: 'enrol', sessionId }, now, label);
  return options as unknown as PasskeyOptions;
}

/** Options for navigator.credentials.get over the admin's passkeys, bound to a session (step-up) or a sign-in. */
export async function authenticationOptions(
  db: Kysely<Database>,
  settings: WebauthnSettings,
  adminId: number,
  binding: Exclude<Binding, { purpose: 'enrol' }>,
  now: Date,
): Promise<PasskeyOptions | null> {
  const passkeys = await passkeysOf(db, adminId);
  if (passkeys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: settings.rpId,
    allowCredentials: descriptors(passkeys),
    userVerification: 'preferred',
  });
  await storeChallenge(db, adminId, options.challenge, binding, now);
  return options as unknown as PasskeyOptions;
}

/**
 * Finds the stored challenge the answer signed and spends it (row locked: two answers cannot both
 * spend it). Another session's enrolment is refused without spending it: the right session may
 * still finish.
 */
async function spendChallenge(trx: Transaction<Database>, adminId: number, response: PasskeyResponse, binding: Binding, now: Date) {
  const challenge = challengeOf(response);
  if (!challenge) return refusal('notVerified', 'clientDataJSON has no challenge');
  const row = await trx
    .selectFrom('webauthn_challenges')
    .selectAll()
    .where('challenge', '=', challenge)
    .where('admin_id', '=', adminId)
    .where('purpose', '=', binding.purpose)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at.getTime() <= now.getTime()) return refusal('challengeUsed');
  const bound =
    binding.purpose === 'signIn' ? row.sign_in_challenge_id === binding.signInChallengeId : row.session_id === binding.sessionId;
  if (!bound) return binding.purpose === 'enrol' ? refusal('otherSession') : refusal('challengeUsed');
  await trx.updateTable('webauthn_challenges').set({ used_at: now }).where('id', '=', row.id).execute();
  return row;
}

/** A new passkey's attestation, checked; what to store, or why not. The challenge is spent either way. */
export async function checkRegistration(
  trx: Transaction<Database>,
  settings: WebauthnSettings,
  adminId: number,
  sessionId: number,
  response: PasskeyResponse,
  now: Date,
): Promise<PasskeyRefusal | { label: string; credentialId: string; publicKey: Uint8Array; counter: number; transports: string | null }> {
  const row = await spendChallenge(trx, adminId, response, { purpose: 'enrol', sessionId }, now);
  if ('refused' in row) return row;
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: row.challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      requireUserVerification: false,
    });
  } catch (error) {
    return classify(error);
  }
  if (!verified.verified) return refusal('notVerified');
  const { credential } = verified.registrationInfo;
  const taken = await trx.selectFrom('admin_factors').select('id').where('credential_id', '=', credential.id).executeTakeFirst();
  if (taken) return refusal('notVerified', 'credential already enrolled');
  return {
    label: row.label ?? 'Passkey',
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports?.length ? credential.transports.join(',').slice(0, 200) : null,
  };
}

/**
 * A passkey's assertion for a sign-in or a step-up, checked against the admin's passkeys; the
 * passkey's counter and last use are recorded. The challenge is spent either way.
 */
export async function checkAssertion(
  trx: Transaction<Database>,
  settings: WebauthnSettings,
  adminId: number,
  binding: Exclude<Binding, { purpose: 'enrol' }>,
  response: PasskeyResponse,
  now: Date,
): Promise<PasskeyRefusal | { factorId: number }> {
  const row = await spendChallenge(trx, adminId, response, binding, now);
  if ('refused' in row) return row;
  const passkey = (await passkeysOf(trx, adminId)).find((p) => p.credential_id === response.id);
  if (!passkey) return refusal('unknownPasskey');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: row.challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      credential: {
        id: passkey.credential_id!,
        publicKey: new Uint8Array(passkey.public_key!),
        counter: Number(passkey.sign_count ?? 0),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    return classify(error);
  }
  if (!verified.verified) return refusal('notVerified');
  await trx
    .updateTable('admin_factors')
    .set({ sign_count: verified.authenticationInfo.newCounter, last_used_at: now })
    .where('id', '=', passkey.id)
    .execute();
  return { factorId: passkey.id };
}
