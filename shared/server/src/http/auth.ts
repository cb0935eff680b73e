import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ROLE } from '@phoenix/contract';
import type { Actor, ServerContext } from '../context';
import { hashToken } from '../auth/crypto';
import { useSession } from '../auth/sessions';
import { internalCallOf } from './changeControl';
import { forbidden, secondFactorRequired, unauthorized } from './errors';
import { requireRecentFactor } from './stepUp';
import { logAsAdmin } from './logging';

/**
 * Who may call a route:
 *  - 'admin' (the default for every route): a valid token of an active role-2 admin;
 *  - 'session': a valid token of any role (only /users/info and /users/logout);
 *  - 'enrolment': a valid token of a role-2 admin, even one whose session may only enrol a second
 *    factor (the Security page's factor routes); every 'admin' route refuses such a session (403
 *    second_factor_required);
 *  - 'public': no token (only /users/login, /users/change-password, /health, /ready and /metrics,
 *    which has its own token: http/metrics.ts).
 */
export type AuthLevel = 'admin' | 'enrolment' | 'session' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    auth: { sessionId: number; admin: Actor; enrolmentOnly?: boolean; factorVerifiedAt?: Date | null; hasFactor?: boolean } | null;
  }
  interface FastifyInstance {
    /** Every route with the auth level the guard applies to it (for tests and start-up checks). */
    routeTable: ReadonlyArray<{ method: string; url: string; auth: AuthLevel }>;
    /** 'METHOD /route' of the routes that need a recent second factor (requireStepUp). */
    stepUpRoutes: Set<string>;
  }
}

/** The token travels in the `token` header (seed §7). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 512 ? token : null;
}

/**
 * The guard: one onRequest hook on the root instance, so it covers every route registered
 * anywhere, before the body is even parsed. Routes opt out only through `config.auth`.
 */
export function installAuthGuard(app: FastifyInstance, ctx: ServerContext<any>): void {
  app.decorateRequest('auth', null);
  const routeTable: { method: string; url: string; auth: AuthLevel }[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('stepUpRoutes', new Set<string>());
  app.addHook('onRoute', (route) => {
    const auth: AuthLevel = (route.config as { auth?: AuthLevel } | undefined)?.auth ?? 'admin';
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, auth });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || request.is404) return; // CORS preflight; 404 handler
    const level: AuthLevel = request.routeOptions.config.auth ?? 'admin';
    if (level === 'public') return;
    // A change request applied through its route (http/changeControl.ts): as its requester.
    const internal = internalCallOf(request);
    if (internal) {
      request.auth = { sessionId: 0, admin: internal.actor };
      return;
    }
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    const session = await useSession(ctx.db, {
      tokenHash: hashToken(token),
      now: ctx.now(),
      idleMs: ctx.settings.tokenIdleMs,
    });
    if (!session) throw unauthorized('Your session has ended. Sign in again.');
    logAsAdmin(request, reply, session.admin.id); // a refused role-1 account is named in the log too
    if (level !== 'session' && session.admin.role !== ADMIN_ROLE) throw forbidden();
    if (level === 'admin' && session.enrolmentOnly) throw secondFactorRequired();
    request.auth = session;
    if (app.stepUpRoutes.has(`${request.method} ${request.routeOptions.url}`)) requireRecentFactor(request, ctx.now());
  });
}

/**
 * Declares routes (method and route as registered, e.g. 'POST /admins') that need a second factor
 * proved in the last STEP_UP_WINDOW_MINUTES: admin management, staking intents, exports of personal
 * data. Global operations need it too, through change control (changeControl.ts).
 */
export function requireStepUp(app: FastifyInstance, ...routes: string[]): void {
  for (const route of routes) app.stepUpRoutes.add(route);
}

/** The signed-in admin of a guarded route. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.auth) throw unauthorized(); // only reachable if a route is wrongly marked public
  return request.auth.admin;
}
