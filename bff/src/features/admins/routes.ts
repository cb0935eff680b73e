import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminAccountSchema,
  adminCreateSchema,
  adminResetPasswordSchema,
  adminStatusUpdateSchema,
  adminUpdateSchema,
  idParamSchema,
  type AdminInvited,
  type AdminWithOneTimePassword,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { HttpError, requireActor } from '@phoenix/server/http';
import { registerReadRoutes, requireStepUp, versionedChange } from '@phoenix/server/http';
import { mutate } from '@phoenix/server/db';
import { hashPassword } from '@phoenix/server/auth';
import { admins } from './repository';
import { newOneTimePassword } from './oneTimePassword';
import { changeAdminRole, changeAdminStatus, createAdmin, oneTimePasswordExpiry, resetAdminPassword } from './service';
import { issueInvitation, type InvitationKind } from '../../db/adminInvitations';
import type { Mailer } from '../../mail/mailer';
import { invitationMail } from './invitationMail';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'admins';

/**
 * Admin accounts (management): list / export / get, create and reset with a one-time password
 * (shown once, stored hashed, to be changed at the next sign-in), role, disable / enable.
 */
/** The account with the one-time password shown once (the contract's AdminWithOneTimePassword). */
const withOneTimePassword = z.object({ account: adminAccountSchema, oneTimePassword: z.string(), expiresAt: z.string() });
/** Or, where the secret must not reach the acting admin, the invitation mailed to the account's owner. */
const invited = z.object({ account: adminAccountSchema, invitation: z.object({ sentTo: z.string(), expiresAt: z.string() }) });
const issued = z.union([withOneTimePassword, invited]);

export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerReadRoutes(app, ctx, admins);
  // Managing admins and exporting their emails ask for the second factor again (step-up).
  requireStepUp(
    app,
    'GET /admins/export.csv',
    'POST /admins',
    'PUT /admins/:id',
    'PATCH /admins/:id/status',
    'POST /admins/:id/reset-password',
  );
  const hashed = async () => {
    const oneTimePassword = newOneTimePassword();
    return { oneTimePassword, passwordHash: await hashPassword(oneTimePassword, ctx.settings.passwordHash) };
  };

  /**
   * Where the new password goes: by mail to the account's owner when a mail server is configured,
   * and always in "approve" (the acting admin must never hold a second account's secret); else the
   * one-time password is shown once to the acting admin.
   */
  const mailerForSecrets = (): Mailer | null => {
    if (ctx.mailer) return ctx.mailer;
    if (ctx.changeControl?.settings.mode !== 'approve') return null;
    throw new HttpError(
      409,
      'mail_not_configured',
      'This environment sends new passwords only by email, and no mail server is configured (SMTP_URL)',
    );
  };
  /** A password nobody knows: an invited account opens only through its link. */
  const unknownPassword = async () => hashPassword(newOneTimePassword(), ctx.settings.passwordHash);
  /** Mails the link once the change is committed (never from a change request's dry run, which rolls back). */
  const mailInvitation = async (mailer: Mailer, to: string, kind: InvitationKind, secret: { token: string; expiresAt: Date }) => {
    try {
      await mailer.send(invitationMail({ to, kind, ...secret, consoleUrl: ctx.settings.consoleUrl }));
    } catch (error) {
      app.log.error({ err: error, to }, 'invitation mail not sent');
      throw new HttpError(
        502,
        'mail_failed',
        'The change is saved but the mail server refused the invitation: reset the password to send another',
      );
    }
  };

  app.post(
    '/admins',
    { schema: { body: adminCreateSchema, response: { 201: issued } } },
    async (request, reply): Promise<AdminWithOneTimePassword | AdminInvited> => {
      const input = request.body;
      const actor = requireActor(request);
      const mailer = mailerForSecrets();
      // Shown once to the acting admin, or (with a mail server) a password nobody knows and a link mailed.
      const shown = mailer ? null : await hashed();
      const passwordHash = shown?.passwordHash ?? (await unknownPassword());
      // The link's token stays out of the result (a change request stores its result).
      let secret: { token: string; expiresAt: Date } | null = null;
      const { account, expiresAt } = await mutate(ctx, actor, async (trx, now) => {
        const deadline = oneTimePasswordExpiry(now, ctx.settings.oneTimePasswordTtlMs);
        const outcome = await createAdmin(
          trx,
          { ...input, passwordHash, mustChangePassword: true, oneTimePasswordExpiresAt: deadline, by: actor.email },
          now,
        );
        if (mailer) {
          const invitation = { adminId: outcome.result.id, kind: 'invite' as const, sentTo: outcome.result.email, by: actor.email };
          secret = await issueInvitation(trx, { ...invitation, ttlMs: ctx.settings.oneTimePasswordTtlMs, now });
        }
        return { ...outcome, result: { account: outcome.result, expiresAt: deadline.toISOString() } };
      });
      reply.status(201);
      if (shown) return { account, oneTimePassword: shown.oneTimePassword, expiresAt };
      await mailInvitation(mailer!, account.email, 'invite', secret!);
      return { account, invitation: { sentTo: account.email, expiresAt } };
    },
  );

  app.put(
    '/admins/:id',
    versionedChange(
      ctx,
      adminUpdateSchema,
      (trx, id, input, actor, now) => changeAdminRole(trx, actor, id, input, now),
      adminAccountSchema,
    ),
  );

  app.patch(
    '/admins/:id/status',
    versionedChange(
      ctx,
      adminStatusUpdateSchema,
      (trx, id, input, actor, now) => changeAdminStatus(trx, actor, id, input, now),
      adminAccountSchema,
    ),
  );

  const resetSchema = { params: idParamSchema, body: adminResetPasswordSchema, response: { 200: issued } };
  app.post('/admins/:id/reset-password', { schema: resetSchema }, async (request): Promise<AdminWithOneTimePassword | AdminInvited> => {
    const { id } = request.params;
    const input = request.body;
    const actor = requireActor(request);
    const { oneTimePasswordTtlMs } = ctx.settings;
    const mailer = mailerForSecrets();
    if (!mailer) {
      const secret = await hashed();
      return mutate(ctx, actor, (trx, now) => resetAdminPassword(trx, actor, id, { ...input, ...secret, oneTimePasswordTtlMs }, now));
    }
    const passwordHash = await unknownPassword();
    let secret: { token: string; expiresAt: Date } | null = null;
    const result = await mutate(ctx, actor, async (trx, now) => {
      const outcome = await resetAdminPassword(trx, actor, id, { ...input, oneTimePassword: '', passwordHash, oneTimePasswordTtlMs }, now);
      const { account } = outcome.result;
      secret = await issueInvitation(trx, {
        adminId: id,
        kind: 'reset',
        sentTo: account.email,
        by: actor.email,
        ttlMs: oneTimePasswordTtlMs,
        now,
      });
      return { result: { account, invitation: { sentTo: account.email, expiresAt: outcome.result.expiresAt } }, log: outcome.log };
    });
    await mailInvitation(mailer, result.account.email, 'reset', secret!);
    return result;
  });
}

export default registerAdminRoutes;
