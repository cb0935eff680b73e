import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLE, loginBodySchema, type LoginResponse, type LogoutResponse, type UserInfoResponse } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { requireActor } from '../../http/auth';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { mutate } from '../../db/mutate';
import { findAdminByEmail, normaliseEmail, recordSignIn } from '../admins/repository';
import { dummyPasswordHash, hashPassword, hashToken, needsRehash, newToken, verifyPassword } from './crypto';
import { createSession, revokeSession, updatePasswordHash } from './sessions';
import { releaseSignInAttempt, reserveSignInAttempt, throttleKeys } from './throttle';

/**
 * The three calls of seed §7. Login is public and issues tokens to role 2 only; info and logout
 * take a token of any role (a role-1 session can only exist from before that rule).
 */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { settings } = ctx;

  // Computed now, so the first unknown email does not take twice as long as later ones.
  void dummyPasswordHash(settings.passwordHash);

  app.post('/users/login', { config: { auth: 'public' } }, async (request): Promise<LoginResponse> => {
    const body = parseInput(loginBodySchema, request.body);
    const email = normaliseEmail(body.email);
    const now = ctx.now();

    const throttle = throttleKeys(email, request.ip);
    const reservation = await reserveSignInAttempt(ctx.db, throttle, now, settings);
    if (!reservation.allowed) {
      throw tooManyRequests('Too many failed sign-in attempts. Try again later.', reservation.retryAfterMs / 1000);
    }

    const admin = await findAdminByEmail(ctx.db, email);
    // Always hash, so an unknown email takes as long as a wrong password.
    const passwordOk = await verifyPassword(body.password, admin?.password_hash ?? (await dummyPasswordHash(settings.passwordHash)));
    // Seed §6: only role 2 signs in; any other role gets the same failure as a wrong password, and no token.
    if (!admin || !passwordOk || admin.status !== 'active' || admin.role !== ADMIN_ROLE) {
      throw unauthorized('Sign-in failed'); // same answer for every cause; the attempt stays counted
    }

    // A bcrypt hash (or argon2id at older parameters) is replaced now that the password is known.
    const upgradedHash = needsRehash(admin.password_hash, settings.passwordHash)
      ? await hashPassword(body.password, settings.passwordHash)
      : null;
    const token = newToken();
    await mutate(ctx, { id: admin.id, email: admin.email }, async (trx, at) => {
      const sessionId = await createSession(trx, { adminId: admin.id, tokenHash: hashToken(token), now: at, ttlMs: settings.tokenTtlMs });
      await recordSignIn(trx, admin.id, at);
      if (upgradedHash) await updatePasswordHash(trx, admin.id, upgradedHash);
      return {
        result: undefined,
        log: {
          action: 'auth.login',
          targetType: 'admin',
          targetId: admin.id,
          before: null,
          after: upgradedHash ? { sessionId, passwordHashUpgraded: true } : { sessionId },
        },
      };
    });
    await releaseSignInAttempt(ctx.db, throttle);
    return { token };
  });

  app.post('/users/info', { config: { auth: 'session' } }, async (request): Promise<UserInfoResponse> => {
    const { id, email, role } = requireActor(request);
    return { data: { userInfo: { id, email, role } } };
  });

  app.post('/users/logout', { config: { auth: 'session' } }, async (request): Promise<LogoutResponse> => {
    const actor = requireActor(request);
    const sessionId = request.auth!.sessionId;
    await mutate(ctx, actor, async (trx, now) => {
      await revokeSession(trx, sessionId, now);
      return {
        result: undefined,
        log: { action: 'auth.logout', targetType: 'admin', targetId: actor.id, before: { sessionId }, after: null },
      };
    });
    return { ok: true };
  });
}

export default registerAuthRoutes;
