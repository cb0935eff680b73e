import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ROLE, actionOf, can, rolesAllowed, type PermissionAction, type PermissionScope } from '@phoenix/contract';
import type { Actor, ServerContext } from '../context';
import { hashToken } from '../auth/crypto';
import { useSession } from '../auth/sessions';
import { internalCallOf } from './changeControl';
import { forbidden, permissionDenied, secondFactorRequired, unauthorized } from './errors';
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

/** What a guarded route needs of the admin's console roles (shared/contract permissions.ts). */
export interface RoutePermission {
  scope: PermissionScope;
  action: PermissionAction;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** The route's scope; default: its feature's (setPermissionScope). Every guarded route has one. */
    scope?: PermissionScope;
    /** Default: from the method and route (actionOf: GET read, …/export.csv export, else write). */
    action?: PermissionAction;
  }
  interface FastifyRequest {
    auth: { sessionId: number; admin: Actor; enrolmentOnly?: boolean; factorVerifiedAt?: Date | null; hasFactor?: boolean } | null;
  }
  interface FastifyInstance {
    /** Every route with the auth level the guard applies to it (for tests and start-up checks). */
    routeTable: ReadonlyArray<RouteEntry>;
    /** 'METHOD /route' → what it needs of the admin's roles (guarded routes only). */
    routePermissions: ReadonlyMap<string, RoutePermission>;
    /** 'METHOD /route' of the routes that need a recent second factor (requireStepUp). */
    stepUpRoutes: Set<string>;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  auth: AuthLevel;
  /** Null for the routes without a token ('public', 'session'). */
  permission: RoutePermission | null;
}

/** Per app: the scope of the routes registered now that do not name their own (a feature's, while it registers). */
const defaultScopes = new WeakMap<FastifyInstance, PermissionScope | null>();

/** Sets the app's default scope; returns what puts the earlier one back. */
function swapScope(app: FastifyInstance, scope: PermissionScope): () => void {
  const before = defaultScopes.get(app) ?? null;
  defaultScopes.set(app, scope);
  return () => defaultScopes.set(app, before);
}

/**
 * Registers routes with `scope` as their default (routes are registered on the root instance, so
 * their onRoute hook runs during `register`). Returns what `register` returns, awaited.
 */
export async function withPermissionScope<T>(app: FastifyInstance, scope: PermissionScope, register: () => T | Promise<T>): Promise<T> {
  const restore = swapScope(app, scope);
  try {
    return await register();
  } finally {
    restore();
  }
}

/**
 * The synchronous form, for route helpers (resourceRoutes.ts, documentRoutes.ts): the earlier
 * scope is back before the caller registers its next route.
 */
export function withPermissionScopeSync(app: FastifyInstance, scope: PermissionScope, register: () => void): void {
  const restore = swapScope(app, scope);
  try {
    register();
  } finally {
    restore();
  }
}

/** The permission a route needs ('METHOD /route' as registered), or null for one without a token. */
export function permissionOf(app: FastifyInstance, method: string, url: string): RoutePermission | null {
  return app.routePermissions.get(`${method} ${url}`) ?? null;
}

/** Refuses (403 permission_denied, naming the roles that may) unless `roles` allow `permission`. */
export function requirePermission(roles: readonly string[], permission: RoutePermission): void {
  if (!can(roles, permission.scope, permission.action)) {
    throw permissionDenied({ ...permission, roles: rolesAllowed(permission.scope, permission.action) });
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
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  const routePermissions = new Map<string, RoutePermission>();
  app.decorate('routePermissions', routePermissions);
  app.decorate('stepUpRoutes', new Set<string>());
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { auth?: AuthLevel; scope?: PermissionScope; action?: PermissionAction };
    const auth: AuthLevel = config.auth ?? 'admin';
    const guarded = auth === 'admin' || auth === 'enrolment';
    const scope = config.scope ?? (auth === 'enrolment' ? 'self' : (defaultScopes.get(app) ?? null));
    // No route without its permission check: a guarded route must say whose it is.
    if (guarded && !scope) throw new Error(`${route.url}: a guarded route needs a permission scope (config.scope or its feature's)`);
    for (const method of [route.method].flat()) {
      const permission = guarded ? { scope: scope!, action: config.action ?? actionOf(method, route.url) } : null;
      routeTable.push({ method, url: route.url, auth, permission });
      if (permission) routePermissions.set(`${method} ${route.url}`, permission);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || request.is404) return; // CORS preflight; 404 handler
    const level: AuthLevel = request.routeOptions.config.auth ?? 'admin';
    if (level === 'public') return;
    // A change request applied through its route (http/changeControl.ts): as its requester.
    const internal = internalCallOf(request);
    const permission = permissionOf(app, request.method, request.routeOptions.url ?? '');
    if (internal) {
      // A change request is applied as its requester, who must still hold a role that may (its
      // approver was checked when deciding: changeRequests.ts).
      if (permission) requirePermission(internal.actor.roles, permission);
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
    if (permission) requirePermission(session.admin.roles, permission);
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
