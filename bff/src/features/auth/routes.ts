import { CONSOLE_ROLES, type ConsoleRole, type PermissionScope } from '@phoenix/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_ROLE,
  apiErrorSchema,
  FACTOR_PATHS,
  secondFactorSignInSchema,
  type SecondFactorRequiredResponse,
  loginBodySchema,
  passwordChangeSchema,
  type LoginResponse,
  type LogoutResponse,
  type PasswordChangeRequiredResponse,
  type UserInfoResponse,
} from '@phoenix/contract';
import { countWrongAnswer, spendSignInChallenge } from './signInChallenges';
import type { AppContext } from '../../context';
import { requireActor } from '@phoenix/server/http';
import { tooManyRequests, unauthorized, validationFailed } from '@phoenix/server/http';
import { appCounter } from '@phoenix/server/http';
import { okSchema } from '@phoenix/server/http';
import { mutate, writeActionLog } from '@phoenix/server/db';
import { findAdminByEmail, normaliseEmail, recordSignIn, replaceOneTimePassword } from '../../db/adminAccounts';
import {
  dummyPasswordHash,
  hashPassword,
  hashToken,
  needsRehash,
  newToken,
  verifyPassword,
  createSession,
  endOldestSessions,
  revokeAdminSessions,
  revokeSession,
  updatePasswordHash,
} from '@phoenix/server/auth';
import { releaseSignInAttempt, reserveSignInAttempt, throttleKeys } from './throttle';
import { commonPasswordProblem } from './commonPasswords';
import { registerSecurityRoutes } from './security';
import { registerFactorRoutes } from './factorRoutes';
import { registerInvitationRoutes } from './invitationRoutes';
import { registerSignInFailureRoutes } from './signInFailures';
import { confirmedFactors, verifySecondFactor } from './secondFactor';
import { hasPasskey, type PasskeyFailure } from './passkeys';
import { registerPasskeyRoutes } from './passkeyRoutes';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'self';

/**
 * Why a sign-in (or the forced change) failed, as the action log records it. The caller is told
 * only "Sign-in failed" whatever the reason: the log is for the admins who read it.
 */
export type SignInFailure =
  | 'unknownAccount'
  | 'wrongPassword'
  | 'disabled'
  | 'notAdminRole'
  | 'oneTimePasswordExpired'
  | 'noOneTimePasswordPending'
  | 'challengeExpired'
  | 'wrongSecondFactor'
  | `passkey.${PasskeyFailure}`;

/** The calls of the step after the password. */
type SecondFactorCall = typeof FACTOR_PATHS.signIn | typeof FACTOR_PATHS.signInPasskeyOptions | typeof FACTOR_PATHS.signInPasskey;

/** A password accepted opens the second-factor step for this long, and this many codes. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_MAX_ATTEMPTS = 5;

/** The actor of a failed attempt's log row: nobody signed in, whatever email was typed. */
const ANONYMOUS = { id: null, email: 'anonymous (sign-in)' } as const;

/**
 * The three calls of seed §7, plus the forced password change after a one-time password (public,
 * throttled like login). Login is public and issues tokens to role 2 only; info and logout
 * take a token of any role (a role-1 session can only exist from before that rule).
 */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { settings } = ctx;

  const throttled = appCounter(app, {
    name: 'phoenix_sign_in_throttled_total',
    help: 'Sign-in and password-change attempts refused by the login throttle (429)',
  });

  // Computed now, so the first unknown email does not take twice as long as later ones.
  void dummyPasswordHash(settings.passwordHash);

  /**
   * A failed attempt: one action-log row (the account it targeted when there is one, the reason,
   * the client address; never the email typed for an unknown account, which may be a password),
   * then the one answer every cause gets. The attempt stays counted by the throttle.
   */
  async function refuse(
    call: '/users/login' | '/users/change-password' | SecondFactorCall,
    ip: string,
    adminId: number | null,
    reason: SignInFailure,
  ) {
    await ctx.db
      .transaction()
      .execute((trx) =>
        writeActionLog(
          trx,
          ANONYMOUS,
          { action: 'auth.signInFailed', targetType: 'admin', targetId: adminId, before: null, after: { reason, call, client: ip } },
          ctx.now(),
        ),
      );
    return unauthorized('Sign-in failed');
  }

  /**
   * The checks every sign-in call shares: the throttle reserved before the password is looked at,
   * then one answer ('Sign-in failed') for every cause. The attempt stays counted until released.
   */
  async function checkCredentials(email: string, password: string, ip: string, call: '/users/login' | '/users/change-password') {
    const now = ctx.now();
    const throttle = throttleKeys(email, ip);
    const reservation = await reserveSignInAttempt(ctx.db, throttle, now, settings);
    if (!reservation.allowed) {
      throttled.inc();
      throw tooManyRequests('Too many failed sign-in attempts. Try again later.', reservation.retryAfterMs / 1000);
    }
    const admin = await findAdminByEmail(ctx.db, email);
    // Always hash, so an unknown email takes as long as a wrong password.
    const passwordOk = await verifyPassword(password, admin?.password_hash ?? (await dummyPasswordHash(settings.passwordHash)));
    if (!admin) throw await refuse(call, ip, null, 'unknownAccount');
    if (!passwordOk) throw await refuse(call, ip, admin.id, 'wrongPassword');
    if (admin.status !== 'active') throw await refuse(call, ip, admin.id, 'disabled');
    // Seed §6: only role 2 signs in; any other role gets the same failure as a wrong password, and no token.
    if (admin.role !== ADMIN_ROLE) throw await refuse(call, ip, admin.id, 'notAdminRole');
    // A one-time password opens the forced change for a while only (ONE_TIME_PASSWORD_TTL_HOURS).
    const expiresAt = admin.one_time_password_expires_at;
    if (admin.must_change_password && expiresAt && expiresAt.getTime() <= now.getTime()) {
      throw await refuse(call, ip, admin.id, 'oneTimePasswordExpired');
    }
    return { admin, release: () => releaseSignInAttempt(ctx.db, throttle) };
  }

  const loginSchema = {
    body: loginBodySchema,
    response: {
      200: z.union([
        z.object({ token: z.string(), enrolmentRequired: z.literal(true).optional() }),
        z.object({ passwordChangeRequired: z.literal(true) }),
        z.object({ secondFactorRequired: z.literal(true), challenge: z.string(), passkey: z.literal(true).optional() }),
      ]),
      401: apiErrorSchema,
      429: apiErrorSchema,
    },
  };
  app.post(
    '/users/login',
    { config: { auth: 'public' }, schema: loginSchema },
    async (request): Promise<LoginResponse | PasswordChangeRequiredResponse | SecondFactorRequiredResponse> => {
      const body = request.body;
      const email = normaliseEmail(body.email);
      const { admin, release } = await checkCredentials(email, body.password, request.ip, '/users/login');
      // A one-time password is right but opens nothing: the admin chooses a new one first.
      if (admin.must_change_password) {
        await release();
        return { passwordChangeRequired: true };
      }

      // A bcrypt hash (or argon2id at older parameters) is replaced now that the password is known.
      const upgradedHash = needsRehash(admin.password_hash, settings.passwordHash)
        ? await hashPassword(body.password, settings.passwordHash)
        : null;
      // An account with a second factor gets a challenge, not a token: the code comes next.
      if ((await confirmedFactors(ctx.db, admin.id)).length > 0) {
        const challenge = newToken();
        await ctx.db.transaction().execute(async (trx) => {
          const now = ctx.now();
          await trx
            .insertInto('sign_in_challenges')
            .values({
              admin_id: admin.id,
              token_hash: hashToken(challenge),
              expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
              created_at: now,
            })
            .execute();
          if (upgradedHash) await updatePasswordHash(trx, admin.id, upgradedHash);
        });
        await release();
        // The sign-in page offers "Use a passkey" only to an admin who has one.
        return { secondFactorRequired: true, challenge, ...((await hasPasskey(ctx.db, admin.id)) ? { passkey: true as const } : {}) };
      }
      // SECOND_FACTOR=required and none enrolled yet: a session that may only enrol one.
      const enrolmentOnly = settings.secondFactor === 'required';
      const token = await openSession(
        request,
        admin,
        enrolmentOnly ? { enrolmentOnly: true } : undefined,
        {
          ...(upgradedHash ? { passwordHashUpgraded: true } : {}),
        },
        upgradedHash,
      );
      await release();
      return enrolmentOnly ? { token, enrolmentRequired: true } : { token };
    },
  );

  /**
   * The sign-in challenge the password step opened, for the factor step (a code or a passkey):
   * unknown, spent, expired or out of attempts is a refused sign-in. An attempt (a code, a passkey's
   * answer) reserves the throttle; asking for passkey options does not (`attempt` false).
   */
  async function openChallenge(call: SecondFactorCall, challenge: string, ip: string, now: Date, attempt = true) {
    const pending = await ctx.db
      .selectFrom('sign_in_challenges as c')
      .innerJoin('admins as a', 'a.id', 'c.admin_id')
      .select(['c.id as challengeId', 'a.id', 'a.email', 'a.status', 'a.role'])
      .where('c.token_hash', '=', hashToken(challenge))
      .where('c.used_at', 'is', null)
      .where('c.expires_at', '>', now)
      .where('c.attempts', '<', CHALLENGE_MAX_ATTEMPTS)
      .executeTakeFirst();
    if (!pending) throw await refuse(call, ip, null, 'challengeExpired');
    const throttle = throttleKeys(pending.email, ip);
    const reservation = attempt ? await reserveSignInAttempt(ctx.db, throttle, now, settings) : ({ allowed: true } as const);
    if (!reservation.allowed) {
      throttled.inc();
      throw tooManyRequests('Too many failed sign-in attempts. Try again later.', reservation.retryAfterMs / 1000);
    }
    if (pending.status !== 'active' || pending.role !== ADMIN_ROLE) throw await refuse(call, ip, pending.id, 'disabled');
    return { pending, throttle };
  }

  /** The code after the password: an authenticator app's, or a recovery code (spent). */
  const secondFactorSchema = {
    body: secondFactorSignInSchema,
    response: { 200: z.object({ token: z.string() }), 401: apiErrorSchema, 429: apiErrorSchema },
  };
  app.post(FACTOR_PATHS.signIn, { config: { auth: 'public' }, schema: secondFactorSchema }, async (request): Promise<LoginResponse> => {
    const call = FACTOR_PATHS.signIn;
    const now = ctx.now();
    const { pending, throttle } = await openChallenge(call, request.body.challenge, request.ip, now);
    const verified = await ctx.db.transaction().execute(async (trx) => {
      const factor = await verifySecondFactor(trx, pending.id, request.body.code, now);
      if (!factor) return null;
      return (await spendSignInChallenge(trx, pending.challengeId, now)) ? factor : null;
    });
    if (!verified) {
      await countWrongAnswer(ctx.db, pending.challengeId);
      throw await refuse(call, request.ip, pending.id, 'wrongSecondFactor');
    }
    const token = await openSession(request, pending, { verifiedAt: now }, { secondFactor: verified.kind }, null);
    await releaseSignInAttempt(ctx.db, throttle);
    return { token };
  });

  /** A new session for a signed-in admin: MAX_SESSIONS_PER_ADMIN applied, the sign-in recorded and logged. */
  async function openSession(
    request: FastifyRequest,
    admin: { id: number; email: string },
    factor: { verifiedAt: Date } | { enrolmentOnly: true } | undefined,
    extraLog: Record<string, unknown>,
    upgradedHash: string | null,
  ): Promise<string> {
    const token = newToken();
    await mutate(ctx, { id: admin.id, email: admin.email }, async (trx, at) => {
      const client = { userAgent: request.headers['user-agent'] ?? null, address: request.ip };
      const sessionId = await createSession(trx, {
        adminId: admin.id,
        tokenHash: hashToken(token),
        now: at,
        ttlMs: settings.tokenTtlMs,
        client,
        factor,
      });
      // MAX_SESSIONS_PER_ADMIN: the oldest of the admin's open sessions end beyond it.
      const keep = { adminId: admin.id, keep: settings.maxSessionsPerAdmin, now: at, idleMs: settings.tokenIdleMs };
      const endedSessions = await endOldestSessions(trx, keep);
      await recordSignIn(trx, admin.id, at);
      if (upgradedHash) await updatePasswordHash(trx, admin.id, upgradedHash);
      return {
        result: undefined,
        log: {
          action: 'auth.login',
          targetType: 'admin',
          targetId: admin.id,
          before: null,
          after: {
            sessionId,
            ...(endedSessions.length > 0 ? { endedSessions } : {}),
            ...(factor && 'enrolmentOnly' in factor ? { enrolmentOnly: true } : {}),
            ...extraLog,
          },
        },
      };
    });
    return token;
  }

  /** The forced change after a one-time password; then the admin signs in with the new one. */
  const changeSchema = { body: passwordChangeSchema, response: { 200: okSchema, 401: apiErrorSchema, 429: apiErrorSchema } };
  app.post('/users/change-password', { config: { auth: 'public' }, schema: changeSchema }, async (request): Promise<{ ok: true }> => {
    const body = request.body;
    const email = normaliseEmail(body.email);
    const { admin, release } = await checkCredentials(email, body.password, request.ip, '/users/change-password');
    // Only a pending one-time password is changed here (no token proves anything else).
    if (!admin.must_change_password) throw await refuse('/users/change-password', request.ip, admin.id, 'noOneTimePasswordPending');
    // The password is right: say what is wrong with the new one (a 400 the form shows by the field).
    const problem = commonPasswordProblem(body.newPassword);
    if (problem) {
      await release(); // the credentials were right: not a failed attempt
      throw validationFailed({ newPassword: [problem] }, problem);
    }
    const passwordHash = await hashPassword(body.newPassword, settings.passwordHash);
    await mutate(ctx, { id: admin.id, email: admin.email }, async (trx, now) => {
      if (!(await replaceOneTimePassword(trx, admin, passwordHash, now))) throw unauthorized('Sign-in failed');
      await revokeAdminSessions(trx, admin.id, now);
      return {
        result: undefined,
        log: {
          action: 'auth.changePassword',
          targetType: 'admin',
          targetId: admin.id,
          before: { mustChangePassword: true },
          after: { mustChangePassword: false },
        },
      };
    });
    await release();
    return { ok: true };
  });

  const infoSchema = {
    response: {
      200: z.object({
        data: z.object({
          userInfo: z.object({ id: z.number().int(), email: z.string(), role: z.number().int(), roles: z.array(z.enum(CONSOLE_ROLES)) }),
        }),
      }),
    },
  };
  app.post('/users/info', { config: { auth: 'session' }, schema: infoSchema }, async (request): Promise<UserInfoResponse> => {
    const { id, email, role, roles } = requireActor(request);
    return { data: { userInfo: { id, email, role, roles: roles as ConsoleRole[] } } };
  });

  app.post(
    '/users/logout',
    { config: { auth: 'session' }, schema: { response: { 200: okSchema } } },
    async (request): Promise<LogoutResponse> => {
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
    },
  );

  registerSecurityRoutes(app, ctx);
  registerFactorRoutes(app, ctx);
  registerInvitationRoutes(app, ctx);
  registerSignInFailureRoutes(app, ctx);
  registerPasskeyRoutes(app, ctx, { openChallenge, refuse, openSession });
}

export default registerAuthRoutes;
