import { Suspense, createElement, lazy } from 'react';
import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { RemoteName } from '@phoenix/contract';
import { shellStore, tokenAtom } from '@phoenix/shell';
import { trackNavigation } from './navigationActivity';

// The federation loader is a lazy chunk: the login page never loads it.
const RemotePage = lazy(() => import('../federation/RemotePage').then((m) => ({ default: m.RemotePage })));

/**
 * Loader of a remote page: the navigation commits once the page can render without a fallback
 * (remote, page code and its first data request started), so the previous page stays on screen
 * meanwhile. Signed out, it does nothing: RequireAuth sends to login without loading any remote.
 */
function prepareRemoteRoute(remote: RemoteName, page: string, { request }: LoaderFunctionArgs): Promise<null> {
  if (!shellStore.get(tokenAtom)) return Promise.resolve(null);
  return trackNavigation(
    import('../federation/preparePage').then(({ prepareForNavigation, loadPageCode }) =>
      Promise.all([loadPageCode(RemotePage), prepareForNavigation(remote, page, request)]).then(() => null),
    ),
  );
}

/**
 * THE route table: every child path of /admin (seed §2), the remote that owns it (PRODUCT §2),
 * its route name (seed name where the seed gives one) and the page title.
 * Edit pages take no path parameter: the record id travels in the query string.
 */
export interface AdminRoute {
  /** Relative to /admin. */
  path: string;
  name: string;
  remote: RemoteName;
  title: string;
  /** Relative to /admin: this path only redirects there. */
  redirectTo?: string;
}

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  // user-policy
  { path: 'management', name: 'management', remote: 'user-policy', title: 'Admin Management' },
  // battle
  { path: 'battle', name: 'battle', remote: 'battle', title: 'Battle Management' },
  { path: 'battle/forceEnd', name: 'forceEndMente', remote: 'battle', title: 'Force End Battles (Maintenance)' },
  // present
  { path: 'present', name: 'present', remote: 'present', title: 'Present Management' },
  { path: 'present/create', name: 'presentCreate', remote: 'present', title: 'Create Present' },
  { path: 'present/edit', name: 'presentEdit', remote: 'present', title: 'Edit Present' },
  { path: 'present/distribution', name: 'presentDistribution', remote: 'present', title: 'Present 配布' },
  { path: 'shop', name: 'shop', remote: 'present', title: 'Shop Management' },
  { path: 'shop/edit', name: 'shopEdit', remote: 'present', title: 'Edit Shop Item' },
  // user-policy
  { path: 'user', name: 'user', remote: 'user-policy', title: 'User Management' },
  { path: 'user/restrictApis', name: 'userRestrictApis', remote: 'user-policy', title: 'Restricted APIs of a Player' },
  // system
  { path: 'information', name: 'information', remote: 'system', title: 'Information Management' },
  // battle
  { path: 'health', name: 'health', remote: 'battle', title: 'Health Management' },
  // system
  { path: 'maintenance', name: 'maintenance', remote: 'system', title: 'Maintenance Status' },
  { path: 'logs', name: 'logs', remote: 'system', title: 'Action Log Management' },
  // user-policy
  { path: 'policies', name: 'policies', remote: 'user-policy', title: 'Policy Management' },
  { path: 'policies/create', name: 'policiesCreate', remote: 'user-policy', title: 'Create Policy' },
  { path: 'policies/edit', name: 'policiesEdit', remote: 'user-policy', title: 'Edit Policy' },
  { path: 'policies/users_in_policy', name: 'policiesUsersInPolicy', remote: 'user-policy', title: 'Users in Policy' },
  { path: 'policies/restrictApis', name: 'policiesRestrictApis', remote: 'user-policy', title: 'Restricted APIs of a Policy' },
  // battle
  { path: 'cooldown', name: 'cooldown', remote: 'battle', title: 'Cooldown Management' },
  // user-policy
  { path: 'terms-of-service', name: 'termsOfService', remote: 'user-policy', title: 'ToS Management' },
  { path: 'terms-of-service/create', name: 'termsOfServiceCreate', remote: 'user-policy', title: 'Create Terms of Service' },
  { path: 'terms-of-service/edit', name: 'termsOfServiceEdit', remote: 'user-policy', title: 'Edit Terms of Service' },
  // present
  { path: 'treasureChest', name: 'treasureChest', remote: 'present', title: 'TreasureChest Management' },
  // battle
  { path: 'energy', name: 'energy', remote: 'battle', title: 'Energy Management' },
  // present
  { path: 'seasonPass', name: 'seasonPass', remote: 'present', title: 'SeasonPass Management' },
  // system
  { path: 'activeFlag', name: 'activeFlag', remote: 'system', title: 'Active Flag Management' },
  { path: 'constantVariables', name: 'constantVariables', remote: 'system', title: 'ConstantVariable Management' },
  { path: 'constantVariables/create', name: 'constantVariablesCreate', remote: 'system', title: 'Create Constant Variable' },
  { path: 'constantVariables/edit', name: 'constantVariablesEdit', remote: 'system', title: 'Edit Constant Variable' },
  // battle
  { path: 'doubleupSeasonHistory', name: 'doubleupSeasonHistory', remote: 'battle', title: 'DoubleupSeasonHistory Management' },
  { path: 'logoutAndBattleForceEnd', name: 'logoutAndBattleForceEnd', remote: 'battle', title: 'Logout & BattleForceEnd Management' },
  // system
  { path: 'worldMessage', name: 'worldMessage', remote: 'system', title: 'World Message Management' },
  // points
  { path: 'points', name: 'points', remote: 'points', title: 'Points Management', redirectTo: 'points/tasks' },
  { path: 'points/tasks', name: 'pointsTasks', remote: 'points', title: 'Tasks Management' },
  { path: 'points/users', name: 'pointsUsers', remote: 'points', title: 'Users Management' },
  { path: 'points/staking', name: 'pointsStaking', remote: 'points', title: 'Staking Configuration' },
  { path: 'points/maintenance', name: 'pointsMaintenance', remote: 'points', title: 'Points Maintenance' },
  { path: 'points-lottery', name: 'pointsLottery', remote: 'points', title: 'Lottery Configuration' },
  { path: 'points-spin', name: 'pointsSpin', remote: 'points', title: 'Spin Configuration' },
  { path: 'points-referral', name: 'pointsReferral', remote: 'points', title: 'Referral Configuration' },
  { path: 'points-lootbox', name: 'pointsLootbox', remote: 'points', title: 'LootBox Configuration' },
  { path: 'points-daily-checkin', name: 'pointsDailyCheckin', remote: 'points', title: 'Daily CheckIn Configuration' },
];

export const ADMIN_BASE = '/admin';

/** The table entry for a location, or undefined (the dashboard, or not an admin page). */
export function adminRouteFor(pathname: string): AdminRoute | undefined {
  const prefix = `${ADMIN_BASE}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  return ADMIN_ROUTES.find((route) => route.path === rest);
}

/** Child routes of /admin: each renders its remote's page (or redirects, for `points`). */
export function adminChildRoutes(): RouteObject[] {
  return ADMIN_ROUTES.map((route) => ({
    path: route.path,
    id: route.name,
    handle: { name: route.name, title: route.title, remote: route.remote },
    ...(route.redirectTo
      ? { element: createElement(Navigate, { to: `${ADMIN_BASE}/${route.redirectTo}`, replace: true }) }
      : {
          loader: (args: LoaderFunctionArgs) => prepareRemoteRoute(route.remote, route.path, args),
          element: createElement(Suspense, { fallback: null }, createElement(RemotePage, { remote: route.remote, page: route.path })),
        }),
  }));
}
