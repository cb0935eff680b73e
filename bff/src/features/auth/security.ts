import type { FastifyInstance, FastifyRequest } from 'fastify';
import Bowser from 'bowser';
import {
  apiErrorSchema,
  adminSessionListSchema,
  adminSessionParamSchema,
  idParamSchema,
  ownPasswordChangeSchema,
  SECURITY_PATHS,
  sessionIdParamSchema,
  sessionsEndedSchema,
  type AdminSession,
  type AdminSessionList,
  type SessionsEnded,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { notFound, requireActor, tooManyRequests, validationFailed } from '@phoenix/server/http';
import { mutate } from '@phoenix/server/db';
import { endAdminSession, hashPassword, openSessions, revokeAdminSessions, verifyPassword, type OpenSession } from '@phoenix/server/auth';
import { findAdminById, replacePassword } from '../../db/adminAccounts';
import { releaseSignInAttempt, reserveSignInAttempt, throttleKeys } from './throttle';
import { commonPasswordProblem } from './commonPasswords';

/** "Chrome 131 on Linux" from a User-Agent (bowser); null when there is none to read. */
export function browserLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return null;
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  return os.name ? `${name} on ${os.name}` : name;
}

const toView = (session: OpenSession, currentId: number): AdminSession => ({
  id: session.id,
  browser: browserLabel(session.userAgent),
  userAgent: session.userAgent,
  clientAddress: session.clientAddress,
  createdAt: session.createdAt.toISOString(),
  lastUsedAt: session.lastUsedAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
  current: session.id === currentId,
});

const currentSessionOf = (request: FastifyRequest) => request.auth!.sessionId;

/** Ending the session in use is signing out: the page offers that instead, and says so. */
const notThisSession = () =>
  validationFailed(
    { sessionId: ['This is the session you are using: sign out instead'] },
    'This is the session you are using: sign out instead',
  );

/**
 * An admin's own security (the Security page): its open sessions (end one, sign out everywhere)
 * and a password change that needs the current password and ends every other session. Any
 * admin's sessions under /admins/:id/sessions (listed and ended one by one; a reset or disabling
 * ends them all). Every change is one action-log row on the admin it touched.
 */
export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { settings } = ctx;
  const sessionsOf = (adminId: number) => openSessions(ctx.db, { adminId, now: ctx.now(), idleMs: settings.tokenIdleMs });

  app.get(
    SECURITY_PATHS.sessions,
    { schema: { response: { 200: adminSessionListSchema } } },
    async (request): Promise<AdminSessionList> => {
      const actor = requireActor(request);
      const current = currentSessionOf(request);
      return { items: (await sessionsOf(actor.id)).map((s) => toView(s, current)) };
    },
  );

  /** Ends one of the admin's sessions (with `adminId` of another admin's: security admins). */
  async function endOne(request: FastifyRequest, adminId: number, sessionId: number): Promise<SessionsEnded> {
    const actor = requireActor(request);
    if (sessionId === currentSessionOf(request)) throw notThisSession();
    return mutate(ctx, actor, async (trx, now) => {
      if (!(await endAdminSession(trx, { adminId, sessionId, now }))) throw notFound('No such open session: it may have ended already');
      return {
        result: { endedSessions: 1 },
        log: { action: 'auth.sessionEnded', targetType: 'admin', targetId: adminId, before: { sessionId }, after: null },
      };
    });
  }

  const endOwnSchema = { params: sessionIdParamSchema, response: { 200: sessionsEndedSchema, 400: apiErrorSchema, 404: apiErrorSchema } };
  app.delete(`${SECURITY_PATHS.sessions}/:sessionId`, { schema: endOwnSchema }, async (request): Promise<SessionsEnded> => {
    return endOne(request, requireActor(request).id, request.params.sessionId);
  });

  /** Every session of the admin ends, this one included: the console signs out after it. */
  app.post(
    SECURITY_PATHS.signOutEverywhere,
    { schema: { response: { 200: sessionsEndedSchema } } },
    async (request): Promise<SessionsEnded> => {
      const actor = requireActor(request);
      return mutate(ctx, actor, async (trx, now) => {
        const endedSessions = await revokeAdminSessions(trx, actor.id, now);
        return {
          result: { endedSessions },
          log: { action: 'auth.signOutEverywhere', targetType: 'admin', targetId: actor.id, before: null, after: { endedSessions } },
        };
      });
    },
  );

  /**
   * The current password is checked under the sign-in throttle (a stolen session cannot guess it
   * freely); a wrong one is a 400 on the field, not a 401 (which would sign the console out), and
   * one action-log row. The new password is refused when common. Every other session ends.
   */
  const passwordSchema = {
    body: ownPasswordChangeSchema,
    response: { 200: sessionsEndedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  };
  app.post(SECURITY_PATHS.password, { schema: passwordSchema }, async (request): Promise<SessionsEnded> => {
    const actor = requireActor(request);
    const { currentPassword, newPassword } = request.body;
    const throttle = throttleKeys(actor.email, request.ip);
    const reservation = await reserveSignInAttempt(ctx.db, throttle, ctx.now(), settings);
    if (!reservation.allowed) throw tooManyRequests('Too many wrong passwords. Try again later.', reservation.retryAfterMs / 1000);
    const admin = await findAdminById(ctx.db, actor.id);
    if (!admin || !(await verifyPassword(currentPassword, admin.password_hash))) {
      await mutate(ctx, actor, async () => ({
        result: undefined,
        log: {
          action: 'auth.passwordChangeRefused',
          targetType: 'admin',
          targetId: actor.id,
          before: null,
          after: { reason: 'wrongPassword', client: request.ip },
        },
      }));
      throw validationFailed({ currentPassword: ['This is not your current password'] }, 'This is not your current password');
    }
    await releaseSignInAttempt(ctx.db, throttle); // the password was right: not a failed attempt
    const problem = commonPasswordProblem(newPassword);
    if (problem) throw validationFailed({ newPassword: [problem] }, problem);
    const passwordHash = await hashPassword(newPassword, settings.passwordHash);
    const sessionId = currentSessionOf(request);
    return mutate(ctx, actor, async (trx, now) => {
      if (!(await replacePassword(trx, admin, passwordHash, now))) {
        throw validationFailed(
          { currentPassword: ['Your password changed meanwhile: enter the new one'] },
          'Your password changed meanwhile',
        );
      }
      const endedSessions = await revokeAdminSessions(trx, actor.id, now, { exceptSessionId: sessionId });
      return {
        result: { endedSessions },
        log: {
          action: 'auth.passwordChanged',
          targetType: 'admin',
          targetId: actor.id,
          before: null,
          after: { endedSessions, keptSessionId: sessionId },
        },
      };
    });
  });

  // Any admin's sessions (the admin list's "Sessions" dialog): addresses and browsers are personal data, so
  // reading them is held like an export (security admins and owners).
  const adminSessionsSchema = { params: idParamSchema, response: { 200: adminSessionListSchema, 404: apiErrorSchema } };
  app.get(
    '/admins/:id/sessions',
    { schema: adminSessionsSchema, config: { scope: 'admins', action: 'export' } },
    async (request): Promise<AdminSessionList> => {
      const { id } = request.params;
      if (!(await findAdminById(ctx.db, id))) throw notFound('No such admin account');
      const current = currentSessionOf(request);
      return { items: (await sessionsOf(id)).map((s) => toView(s, current)) };
    },
  );

  const endAdminSchema = {
    params: adminSessionParamSchema,
    response: { 200: sessionsEndedSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  };
  app.delete(
    '/admins/:id/sessions/:sessionId',
    { schema: endAdminSchema, config: { scope: 'admins' } },
    async (request): Promise<SessionsEnded> => {
      return endOne(request, request.params.id, request.params.sessionId);
    },
  );
}
