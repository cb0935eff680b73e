/**
 * Least privilege inside role 2 (PRODUCT §6). Role 2 opens the console; inside it each
 * admin holds one or more console roles, and every route and every resource has a scope. One plain
 * table decides what a role may do in a scope; both services enforce it (shared/server
 * http/auth.ts) and the console reads the same table to hide what the server would refuse.
 * No zod here: the host's lean sign-in page and the shell read it.
 */

/** The console roles an admin may hold (one or more). */
export const CONSOLE_ROLES = ['viewer', 'support', 'content', 'economy', 'security', 'owner'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/**
 * What a route or resource belongs to:
 * - self: the admin's own Security page, search, the dashboard (every role);
 * - players: players, their restrictions, policies, single-player presents, one player's battles;
 * - content: news, world messages, terms of service, the shop;
 * - economy: points (the points service), lottery, staking intents, presents to all and their
 *   distributions, items, treasure chests, season pass, double-up seasons;
 * - admins: admin accounts, their roles, sessions and second factors;
 * - operations: maintenance, feature flags, constants, game balance, global force-end and sign-out,
 *   the action log's verification (owner only).
 */
export const PERMISSION_SCOPES = ['self', 'players', 'content', 'economy', 'admins', 'operations'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

/**
 * read: any GET; write: any other method; export: a CSV export (`…/export.csv`), which carries
 * personal data for players, wallets and admins.
 */
export const PERMISSION_ACTIONS = ['read', 'write', 'export'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** The roles that change (and export) each scope, besides the owner. Every role reads everything. */
const WRITERS: Record<PermissionScope, readonly ConsoleRole[]> = {
  self: CONSOLE_ROLES,
  players: ['support'],
  content: ['content'],
  economy: ['economy'],
  admins: ['security'],
  operations: [],
};

/** Whether an admin holding `roles` may take `action` in `scope`. */
export function can(roles: readonly string[], scope: PermissionScope, action: PermissionAction): boolean {
  if (roles.includes('owner')) return true;
  const known = roles.filter((role): role is ConsoleRole => (CONSOLE_ROLES as readonly string[]).includes(role));
  if (known.length === 0) return false;
  if (action === 'read') return true;
  return known.some((role) => WRITERS[scope].includes(role));
}

/** The roles that may take `action` in `scope` (owner last): what the console names when it disables a button. */
export function rolesAllowed(scope: PermissionScope, action: PermissionAction): ConsoleRole[] {
  return CONSOLE_ROLES.filter((role) => can([role], scope, action));
}

/** A request's action from its method and route: GET/HEAD read, `…/export.csv` export, the rest write. */
export function actionOf(method: string, url: string): PermissionAction {
  if (url.endsWith('/export.csv')) return 'export';
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
