import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  FACTOR_PATHS,
  factorConfirmedSchema,
  passkeyEnrolmentSchema,
  passkeyEnrolmentStartSchema,
  passkeyOptionsSchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  type FactorConfirmed,
  type LoginResponse,
  type PasskeyOptions,
} from '@phoenix/contract';
import { countWrongAnswer, spendSignInChallenge } from './signInChallenges';
import type { AppContext } from '../../context';
import { mutate } from '@phoenix/server/db';
import { requireActor, validationFailed } from '@phoenix/server/http';
import { releaseSignInAttempt, type ThrottleKeys } from './throttle';
import { factorAdded, logFactorRefused } from './secondFactor';
import { authenticationOptions, checkRegistration, checkAssertion, refusal, registrationOptions, type PasskeyRefusal } from './passkeys';
import type { SignInFailure } from './routes';

type SignInCall = typeof FACTOR_PATHS.signInPasskeyOptions | typeof FACTOR_PATHS.signInPasskey;

/** What the password step of routes.ts lends the passkey sign-in: its challenge check, its refusal, its session. */
export interface SignInSteps {
  openChallenge: (
    call: SignInCall,
    challenge: string,
    ip: string,
    now: Date,
    attempt?: boolean,
  ) => Promise<{ pending: { challengeId: number; id: number; email: string }; throttle: ThrottleKeys }>;
  refuse: (call: SignInCall, ip: string, adminId: number | null, reason: SignInFailure) => Promise<Error>;
  openSession: (
    request: FastifyRequest,
    admin: { id: number; email: string },
    factor: { verifiedAt: Date },
    extraLog: Record<string, unknown>,
    upgradedHash: null,
  ) => Promise<string>;
}

/** A refused passkey answer: a 400 the form shows in text, by the field that asked for it. */
const refusedError = (refusal: PasskeyRefusal) => validationFailed({ passkey: [refusal.message] }, refusal.message);

/**
 * Passkeys (WebAuthn): each ceremony is two calls, options then the authenticator's answer. Adding
 * one is an enrolment route (a session that may only enrol reaches it) and must be finished by the
 * session that started it; signing in answers the password step's challenge; a step-up's answer
 * goes to POST /security/step-up (factorRoutes.ts). A refused answer is one action-log row and a 400.
 */
export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext, signIn: SignInSteps): void {
  const { webauthn } = ctx.settings;
  const enrolment = { auth: 'enrolment' as const };
  const sessionOf = (request: { auth: { sessionId: number } | null }) => request.auth!.sessionId;

  const optionsSchema = { body: passkeyEnrolmentStartSchema, response: { 200: passkeyOptionsSchema, 400: apiErrorSchema } };
  app.post(FACTOR_PATHS.passkeyOptions, { config: enrolment, schema: optionsSchema }, async (request): Promise<PasskeyOptions> => {
    const actor = requireActor(request);
    return registrationOptions(ctx.db, webauthn, actor, sessionOf(request), request.body.label, ctx.now());
  });

  const enrolSchema = { body: passkeyEnrolmentSchema, response: { 200: factorConfirmedSchema, 400: apiErrorSchema } };
  app.post(FACTOR_PATHS.passkey, { config: enrolment, schema: enrolSchema }, async (request): Promise<FactorConfirmed> => {
    const actor = requireActor(request);
    const now = ctx.now();
    // Its own transaction: the challenge stays spent when the answer is refused.
    const checked = await ctx.db
      .transaction()
      .execute((trx) => checkRegistration(trx, webauthn, actor.id, sessionOf(request), request.body.response, now));
    if ('refused' in checked) {
      const reason = { reason: `passkey.${checked.refused}`, kind: 'passkey', ...(checked.detail ? { detail: checked.detail } : {}) };
      await logFactorRefused(ctx, actor, reason, now);
      throw refusedError(checked);
    }
    return mutate(ctx, actor, async (trx) => {
      const row = await trx
        .insertInto('admin_factors')
        .values({
          admin_id: actor.id,
          kind: 'passkey',
          label: checked.label,
          secret: null,
          credential_id: checked.credentialId,
          public_key: checked.publicKey,
          sign_count: checked.counter,
          transports: checked.transports,
          enrolled_by_session_id: sessionOf(request),
          confirmed_at: now,
          last_used_at: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return factorAdded(trx, actor.id, sessionOf(request), { id: row.id, kind: 'passkey', label: checked.label }, now);
    });
  });

  const stepUpOptionsSchema = { response: { 200: passkeyOptionsSchema, 400: apiErrorSchema } };
  app.post(FACTOR_PATHS.stepUpPasskeyOptions, { schema: stepUpOptionsSchema }, async (request): Promise<PasskeyOptions> => {
    const actor = requireActor(request);
    const options = await authenticationOptions(
      ctx.db,
      webauthn,
      actor.id,
      { purpose: 'stepUp', sessionId: sessionOf(request) },
      ctx.now(),
    );
    if (!options) throw validationFailed({}, 'No passkey on this account: use a code');
    return options;
  });

  const signInOptionsSchema = {
    body: passkeySignInOptionsSchema,
    response: { 200: passkeyOptionsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  };
  app.post(
    FACTOR_PATHS.signInPasskeyOptions,
    { config: { auth: 'public' }, schema: signInOptionsSchema },
    async (request): Promise<PasskeyOptions> => {
      const now = ctx.now();
      const { pending } = await signIn.openChallenge(FACTOR_PATHS.signInPasskeyOptions, request.body.challenge, request.ip, now, false);
      const binding = { purpose: 'signIn' as const, signInChallengeId: pending.challengeId };
      const options = await authenticationOptions(ctx.db, webauthn, pending.id, binding, now);
      if (!options) throw validationFailed({}, 'No passkey on this account: use a code');
      return options;
    },
  );

  const signInSchema = {
    body: passkeySignInSchema,
    response: { 200: z.object({ token: z.string() }), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  };
  app.post(FACTOR_PATHS.signInPasskey, { config: { auth: 'public' }, schema: signInSchema }, async (request): Promise<LoginResponse> => {
    const call = FACTOR_PATHS.signInPasskey;
    const now = ctx.now();
    const { pending, throttle } = await signIn.openChallenge(call, request.body.challenge, request.ip, now);
    const binding = { purpose: 'signIn' as const, signInChallengeId: pending.challengeId };
    const checked = await ctx.db.transaction().execute(async (trx) => {
      const result = await checkAssertion(trx, webauthn, pending.id, binding, request.body.response, now);
      if ('refused' in result) return result;
      return (await spendSignInChallenge(trx, pending.challengeId, now)) ? result : refusal('challengeUsed');
    });
    if ('refused' in checked) {
      await countWrongAnswer(ctx.db, pending.challengeId);
      await signIn.refuse(call, request.ip, pending.id, `passkey.${checked.refused}`);
      throw refusedError(checked);
    }
    const token = await signIn.openSession(
      request,
      pending,
      { verifiedAt: now },
      { secondFactor: 'passkey', factorId: checked.factorId },
      null,
    );
    await releaseSignInAttempt(ctx.db, throttle);
    return { token };
  });
}
