import type { FastifyInstance } from 'fastify';
import { loginBodySchema, type LoginResponse, type LogoutResponse, type UserInfoResponse } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { requireActor } from '../../http/auth';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { mutate } from '../../db/mutate';
import { findAdminByEmail, normaliseEmail, recordSignIn } from '../admins/repository';
import { dummyPasswordHash, hashToken, newToken, verifyPassword } from './crypto';
import { createSession, revokeSession } from './sessions';
import { clearFailures, recentFailures, recordFailure } from './throttle';

/** The three calls of seed §7. Login is public; info and logout take a token of any role. */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { settings } = ctx;

  app.post('/users/login', { config: { auth: 'public' } }, async (request): Promise<LoginResponse> => {
    const body = parseInput(loginBodySchema, request.body);
    const email = normaliseEmail(body.email);
    const now = ctx.now();

    const failures = await recentFailures(ctx.db, email, new Date(now.getTime() - settings.loginWindowMs));
    if (failures.count >= settings.loginMaxFailures) {
      const retryAfterMs = (failures.oldest?.getTime() ?? now.getTime()) + settings.loginWindowMs - now.getTime();
      throw tooManyRequests('Too many failed sign-in attempts. Try again later.', retryAfterMs / 1000);
    }

    const admin = await findAdminByEmail(ctx.db, email);
    // Always run bcrypt, so an unknown email takes as long as a wrong password.
    const passwordOk = await verifyPassword(body.password, admin?.password_hash ?? (await dummyPasswordHash(settings.bcryptCost)));
    if (!admin || !passwordOk || admin.status !== 'active') {
      await recordFailure(ctx.db, email, now, settings.loginWindowMs);
      throw unauthorized('Sign-in failed'); // same answer for every cause
    }

    const token = newToken();
    await mutate(ctx, { id: admin.id, email: admin.email }, async (trx, at) => {
      const sessionId = await createSession(trx, { adminId: admin.id, tokenHash: hashToken(token), now: at, ttlMs: settings.tokenTtlMs });
      await recordSignIn(trx, admin.id, at);
      return {
        result: undefined,
        log: { action: 'auth.login', targetType: 'admin', targetId: admin.id, before: null, after: { sessionId } },
      };
    });
    await clearFailures(ctx.db, email);
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
