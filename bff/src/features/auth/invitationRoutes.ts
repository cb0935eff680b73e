import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema, INVITATION_PATHS, invitationAcceptSchema, invitationCheckSchema } from '@phoenix/contract';
import { hashPassword, revokeAdminSessions } from '@phoenix/server/auth';
import { mutate, writeActionLog } from '@phoenix/server/db';
import { HttpError, tooManyRequests, validationFailed } from '@phoenix/server/http';
import type { AppContext } from '../../context';
import { findOpenInvitation, spendInvitation } from '../../db/adminInvitations';
import { replaceOneTimePassword } from '../../db/adminAccounts';
import { commonPasswordProblem } from './commonPasswords';
import { releaseSignInAttempt, reserveSignInAttempt, throttleKeys } from './throttle';

/** One answer for a link that opens nothing (unknown, used, replaced, expired, or its account disabled). */
const invalidLink = () =>
  new HttpError(
    404,
    'invitation_invalid',
    'This link does not work any more: it was used, replaced by a newer one, or it expired. Ask an administrator to send another.',
  );

/**
 * The invitation link's two public calls: who it is for, then the password it sets. Both
 * count against the sign-in throttle of the client address, as a guessed token is a guessed password.
 * Accepting spends the link, clears the one-time state and ends the account's sessions, in one
 * transaction with its action-log row; the admin then signs in (and enrols a factor where required).
 */
export function registerInvitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { settings } = ctx;

  /** A link that opened nothing: logged (a guessed token is an attack), counted by the throttle. */
  async function refuse(call: string, ip: string, adminId: number | null) {
    const entry = { action: 'auth.invitationRefused', targetType: 'admin', targetId: adminId, before: null, after: { call, client: ip } };
    await ctx.db.transaction().execute((trx) => writeActionLog(trx, { id: null, email: 'anonymous (invitation link)' }, entry, ctx.now()));
    return invalidLink();
  }

  async function openLink(call: string, token: string, ip: string) {
    const now = ctx.now();
    const throttle = throttleKeys('(invitation link)', ip);
    const reservation = await reserveSignInAttempt(ctx.db, throttle, now, settings);
    if (!reservation.allowed) throw tooManyRequests('Too many attempts. Try again later.', reservation.retryAfterMs / 1000);
    const invitation = await findOpenInvitation(ctx.db, token, now);
    if (!invitation || invitation.status !== 'active') throw await refuse(call, ip, invitation?.adminId ?? null);
    return { invitation, release: () => releaseSignInAttempt(ctx.db, throttle) };
  }

  const checkSchema = {
    body: invitationCheckSchema,
    response: {
      200: z.object({ email: z.string(), kind: z.enum(['invite', 'reset']), expiresAt: z.string() }),
      404: apiErrorSchema,
      429: apiErrorSchema,
    },
  };
  app.post(INVITATION_PATHS.check, { config: { auth: 'public' }, schema: checkSchema }, async (request) => {
    const { invitation, release } = await openLink(INVITATION_PATHS.check, request.body.token, request.ip);
    await release();
    return { email: invitation.email, kind: invitation.kind, expiresAt: invitation.expires_at.toISOString() };
  });

  const acceptSchema = {
    body: invitationAcceptSchema,
    response: { 200: z.object({ email: z.string() }), 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
  };
  app.post(INVITATION_PATHS.accept, { config: { auth: 'public' }, schema: acceptSchema }, async (request) => {
    const { token, newPassword } = request.body;
    const { invitation, release } = await openLink(INVITATION_PATHS.accept, token, request.ip);
    const problem = commonPasswordProblem(newPassword);
    if (problem) throw validationFailed({ newPassword: [problem] }, problem);
    const passwordHash = await hashPassword(newPassword, settings.passwordHash);
    const admin = { id: invitation.adminId, email: invitation.email };
    await mutate(ctx, admin, async (trx, now) => {
      if (!(await spendInvitation(trx, invitation.id, now))) throw invalidLink();
      // Only over the state the link was issued for (its unknown password, a change pending): a reset meanwhile wins.
      const account = { ...admin, password_hash: invitation.password_hash };
      if (!(await replaceOneTimePassword(trx, account, passwordHash, now))) throw invalidLink();
      await revokeAdminSessions(trx, admin.id, now);
      return {
        result: undefined,
        log: {
          action: 'auth.acceptInvitation',
          targetType: 'admin',
          targetId: admin.id,
          before: { mustChangePassword: true },
          after: { mustChangePassword: false, invitation: invitation.kind },
        },
      };
    });
    await release();
    return { email: admin.email };
  });
}
