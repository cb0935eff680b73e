import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminFactorListSchema,
  apiErrorSchema,
  FACTOR_PATHS,
  factorConfirmedSchema,
  factorConfirmSchema,
  factorRenameSchema,
  idParamSchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  totpEnrolmentStartSchema,
  type AdminFactorList,
  type FactorConfirmed,
  type RecoveryCodes,
  type TotpEnrolment,
  STEP_UP_WINDOW_MINUTES,
  stepUpDoneSchema,
  stepUpSchema,
  type StepUpDone,
  factorsResetSchema,
  type FactorsReset,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { notFound, requireActor, requireStepUp, tooManyRequests, validationFailed } from '@phoenix/server/http';
import { releaseSignInAttempt, reserveSignInAttempt, throttleKeys } from './throttle';
import { mutate } from '@phoenix/server/db';
import { markFactorVerified, revokeAdminSessions } from '@phoenix/server/auth';
import {
  acceptedStep,
  factorAdded,
  logFactorRefused,
  confirmedFactors,
  verifySecondFactor,
  newTotpSecret,
  replaceRecoveryCodes,
  toFactorView,
  unusedRecoveryCodes,
} from './secondFactor';
import { checkAssertion } from './passkeys';

/**
 * One's second factors on the Security page (auth level 'enrolment': a session that may only enrol
 * one reaches these too). An authenticator app is added in two steps, both from the same session:
 * start (a secret and its QR code), then confirm with the app's first code. The first factor comes
 * with ten recovery codes, shown once. A refused confirm is one action-log row.
 */
export function registerFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const enrolment = { auth: 'enrolment' as const };
  const sessionOf = (request: { auth: { sessionId: number } | null }) => request.auth!.sessionId;

  app.get(
    FACTOR_PATHS.factors,
    { config: enrolment, schema: { response: { 200: adminFactorListSchema } } },
    async (request): Promise<AdminFactorList> => {
      const actor = requireActor(request);
      return {
        required: ctx.settings.secondFactor === 'required',
        items: (await confirmedFactors(ctx.db, actor.id)).map(toFactorView),
        recoveryCodesLeft: await unusedRecoveryCodes(ctx.db, actor.id),
      };
    },
  );

  const startSchema = { body: totpEnrolmentStartSchema, response: { 200: totpEnrolmentSchema, 400: apiErrorSchema } };
  app.post(FACTOR_PATHS.totp, { config: enrolment, schema: startSchema }, async (request): Promise<TotpEnrolment> => {
    const actor = requireActor(request);
    const enrolment = await newTotpSecret(actor.email);
    const now = ctx.now();
    const row = await ctx.db.transaction().execute(async (trx) => {
      // One enrolment at a time: an earlier one never confirmed is dropped.
      await trx.deleteFrom('admin_factors').where('admin_id', '=', actor.id).where('confirmed_at', 'is', null).execute();
      return trx
        .insertInto('admin_factors')
        .values({
          admin_id: actor.id,
          kind: 'totp',
          label: request.body.label,
          secret: enrolment.secret,
          enrolled_by_session_id: sessionOf(request),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return { id: row.id, ...enrolment };
  });

  const confirmSchema = {
    params: idParamSchema,
    body: factorConfirmSchema,
    response: { 200: factorConfirmedSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  };
  app.post(
    `${FACTOR_PATHS.factors}/:id/confirm`,
    { config: enrolment, schema: confirmSchema },
    async (request): Promise<FactorConfirmed> => {
      const actor = requireActor(request);
      const { id } = request.params;
      const now = ctx.now();
      const pending = await ctx.db
        .selectFrom('admin_factors')
        .selectAll()
        .where('id', '=', id)
        .where('admin_id', '=', actor.id)
        .where('kind', '=', 'totp') // a passkey is stored confirmed (passkeyRoutes.ts)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (!pending) throw notFound('No enrolment in progress: start again');
      const refused = async (reason: 'otherSession' | 'wrongCode', message: string) => {
        await logFactorRefused(ctx, actor, { reason, factorId: id }, now);
        return validationFailed({ code: [message] }, message);
      };
      if (pending.enrolled_by_session_id !== sessionOf(request)) {
        throw await refused('otherSession', 'This enrolment was started in another session: start again here');
      }
      const step = acceptedStep(pending.secret ?? '', request.body.code, now, null);
      if (step === null) throw await refused('wrongCode', 'That code is not the one the app shows now: try the next one');
      return mutate(ctx, actor, async (trx) => {
        await trx
          .updateTable('admin_factors')
          .set({ confirmed_at: now, last_used_step: step, last_used_at: now })
          .where('id', '=', id)
          .execute();
        return factorAdded(trx, actor.id, sessionOf(request), { id, kind: pending.kind, label: pending.label }, now);
      });
    },
  );

  const renameSchema = {
    params: idParamSchema,
    body: factorRenameSchema,
    response: { 200: z.object({ ok: z.literal(true) }), 400: apiErrorSchema, 404: apiErrorSchema },
  };
  app.patch(`${FACTOR_PATHS.factors}/:id`, { config: enrolment, schema: renameSchema }, async (request): Promise<{ ok: true }> => {
    const actor = requireActor(request);
    const { id } = request.params;
    return mutate(ctx, actor, async (trx) => {
      const before = await trx
        .selectFrom('admin_factors')
        .select('label')
        .where('id', '=', id)
        .where('admin_id', '=', actor.id)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      if (!before) throw notFound('No such factor');
      await trx.updateTable('admin_factors').set({ label: request.body.label }).where('id', '=', id).execute();
      return {
        result: { ok: true as const },
        log: {
          action: 'auth.factorRenamed',
          targetType: 'admin',
          targetId: actor.id,
          before: { factorId: id, label: before.label },
          after: { factorId: id, label: request.body.label },
        },
      };
    });
  });

  /** Never the last one where a factor is required; without any left, the recovery codes go too. */
  const removeSchema = {
    params: idParamSchema,
    response: { 200: z.object({ ok: z.literal(true) }), 400: apiErrorSchema, 404: apiErrorSchema },
  };
  app.delete(`${FACTOR_PATHS.factors}/:id`, { config: enrolment, schema: removeSchema }, async (request): Promise<{ ok: true }> => {
    const actor = requireActor(request);
    const { id } = request.params;
    return mutate(ctx, actor, async (trx) => {
      await trx.selectFrom('admins').select('id').where('id', '=', actor.id).forUpdate().execute(); // two removals at once
      const factors = await confirmedFactors(trx, actor.id);
      const factor = factors.find((f) => f.id === id);
      if (!factor) throw notFound('No such factor');
      if (factors.length === 1 && ctx.settings.secondFactor === 'required') {
        throw validationFailed(
          { factor: ['A second factor is required: add another before removing this one'] },
          'A second factor is required: add another before removing this one',
        );
      }
      await trx.deleteFrom('admin_factors').where('id', '=', id).execute();
      if (factors.length === 1) await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', actor.id).execute();
      return {
        result: { ok: true as const },
        log: {
          action: 'auth.factorRemoved',
          targetType: 'admin',
          targetId: actor.id,
          before: { factorId: id, kind: factor.kind, label: factor.label },
          after: null,
        },
      };
    });
  });

  const regenerateSchema = { response: { 200: recoveryCodesSchema, 400: apiErrorSchema } };
  app.post(FACTOR_PATHS.recoveryCodes, { config: enrolment, schema: regenerateSchema }, async (request): Promise<RecoveryCodes> => {
    const actor = requireActor(request);
    return mutate(ctx, actor, async (trx, now) => {
      if ((await confirmedFactors(trx, actor.id)).length === 0) {
        throw validationFailed({}, 'Add a second factor first: recovery codes stand in for one');
      }
      const recoveryCodes = await replaceRecoveryCodes(trx, actor.id, now);
      return {
        result: { recoveryCodes },
        log: {
          action: 'auth.recoveryCodesRegenerated',
          targetType: 'admin',
          targetId: actor.id,
          before: null,
          after: { count: recoveryCodes.length },
        },
      };
    });
  });

  /**
   * Step-up: a code (the app's, or a recovery code) or a passkey's answer (to the step-up options,
   * passkeyRoutes.ts) proves the factor again for this session; the operation that asked (403
   * step_up_required) is then sent again. Wrong codes and refused answers count in the sign-in
   * throttle and are logged.
   */
  const stepUpRouteSchema = { body: stepUpSchema, response: { 200: stepUpDoneSchema, 400: apiErrorSchema, 429: apiErrorSchema } };
  app.post(FACTOR_PATHS.stepUp, { schema: stepUpRouteSchema }, async (request): Promise<StepUpDone> => {
    const actor = requireActor(request);
    const now = ctx.now();
    const throttle = throttleKeys(actor.email, request.ip);
    const reservation = await reserveSignInAttempt(ctx.db, throttle, now, ctx.settings);
    if (!reservation.allowed) throw tooManyRequests('Too many wrong codes. Try again later.', reservation.retryAfterMs / 1000);
    const { code, passkey } = request.body;
    const outcome = await mutate(ctx, actor, async (trx) => {
      const checked = passkey
        ? await checkAssertion(trx, ctx.settings.webauthn, actor.id, { purpose: 'stepUp', sessionId: sessionOf(request) }, passkey, now)
        : await verifySecondFactor(trx, actor.id, code ?? '', now);
      const refusedPasskey = checked && 'refused' in checked ? checked : null;
      if (checked && !refusedPasskey) {
        await markFactorVerified(trx, sessionOf(request), now);
        const factor = 'kind' in checked ? checked.kind : 'passkey';
        return { result: null, log: { action: 'auth.stepUp', targetType: 'admin', targetId: actor.id, before: null, after: { factor } } };
      }
      const reason = refusedPasskey ? `passkey.${refusedPasskey.refused}` : 'wrongSecondFactor';
      return {
        result: refusedPasskey?.message ?? 'That code did not work: enter the current one',
        log: { action: 'auth.stepUpRefused', targetType: 'admin', targetId: actor.id, before: null, after: { reason, client: request.ip } },
      };
    });
    // A refusal: its message (null when the factor was proved), by the field the admin used.
    if (outcome !== null) throw validationFailed(passkey ? { passkey: [outcome] } : { code: [outcome] }, outcome);
    await releaseSignInAttempt(ctx.db, throttle);
    return { verifiedUntil: new Date(now.getTime() + STEP_UP_WINDOW_MINUTES * 60_000).toISOString() };
  });

  /**
   * A lost factor, recovered by another admin: every factor and recovery code of the account goes,
   * and its sessions end (it signs in again with its password, then enrols anew). Step-up, logged.
   */
  requireStepUp(app, 'POST /admins/:id/reset-factors');
  const resetSchema = { params: idParamSchema, response: { 200: factorsResetSchema, 400: apiErrorSchema, 404: apiErrorSchema } };
  app.post('/admins/:id/reset-factors', { schema: resetSchema, config: { scope: 'admins' } }, async (request): Promise<FactorsReset> => {
    const actor = requireActor(request);
    const { id } = request.params;
    if (id === actor.id) throw validationFailed({}, 'Change your own factors on your Security page');
    return mutate(ctx, actor, async (trx, now) => {
      const target = await trx.selectFrom('admins').select(['id', 'email']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!target) throw notFound('No such admin account');
      const removed = await trx.deleteFrom('admin_factors').where('admin_id', '=', id).returning(['id', 'label']).execute();
      const codes = await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', id).executeTakeFirst();
      const endedSessions = await revokeAdminSessions(trx, id, now);
      const result = { removedFactors: removed.length, removedRecoveryCodes: Number(codes.numDeletedRows), endedSessions };
      return {
        result,
        log: {
          action: 'auth.factorsReset',
          targetType: 'admin',
          targetId: id,
          before: { factors: removed.map((f) => f.label) },
          after: result,
        },
      };
    });
  });
}
