import { Suspense, createElement, lazy } from 'react';
import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { RemoteName } from '@phoenix/contract';
import { areaLinksAtom, shellStore, tokenAtom } from '@phoenix/shell/src/boot';
import { RemotePageLoading } from '../federation/RemotePageLoading';
import { afterFirstPaint } from './firstPaint';
import { trackNavigation } from './navigationActivity';
import { composeAdminTable, routeOf, type AdminRoute, type AdminRouteHandle, type AdminTable } from './composeRoutes';

// The federation loader is a lazy chunk: the login page never loads it.
const RemotePage = lazy(() => import('../federation/RemotePage').then((m) => ({ default: m.RemotePage })));

/**
 * Loader of a remote page: the navigation commits once the page can render without a fallback
 * (remote, page code and its first data request started), so the previous page stays on screen
 * meanwhile. Signed out, it does nothing: RequireAuth sends to login without loading any remote.
 * A console opened on the page paints first (its HydrateFallback), then loads (routes/firstPaint.ts).
 */
function prepareRemoteRoute(remote: RemoteName, page: string, { request }: LoaderFunctionArgs): Promise<null> {
  if (!shellStore.get(tokenAtom)) return Promise.resolve(null);
  return trackNavigation(
    afterFirstPaint()
      .then(() => import('../federation/preparePage'))
      .then(({ prepareForNavigation, loadPageCode }) =>
        Promise.all([loadPageCode(RemotePage), prepareForNavigation(remote, page, request)]).then(() => null),
      ),
  );
}

export type { AdminArea, AdminRoute, AdminTable } from './composeRoutes';

/**
 * The console's route table and sidebar: composed at start (bootstrap.tsx) from the manifests of the
 * remotes this environment runs; until then (and in a test that sets none), the seed's tables alone.
 */
let current: AdminTable = composeAdminTable({});

export function setAdminTable(table: AdminTable): void {
  current = table;
  // Every link to an area (host and remotes: linkTo, useLinkTo) is composed from this table.
  shellStore.set(areaLinksAtom, table.areas);
}

export function adminTable(): AdminTable {
  return current;
}

export const ADMIN_BASE = '/admin';

/** The table entry for a location, or undefined (the dashboard, or not an admin page). */
export function adminRouteFor(pathname: string, table: AdminTable = current): AdminRoute | undefined {
  return routeOf(table, pathname);
}

/** Child routes of /admin: each renders its remote's page (or redirects, for `points`). A path in no table goes to sign-in. */
export function adminChildRoutes(table: AdminTable = current): RouteObject[] {
  return table.routes.map((route) => ({
    path: route.path,
    id: route.name,
    // RemotePageLoading reads the heading from here (useMatches), so that it does not import this table.
    handle: { name: route.name, title: route.title, remote: route.remote, heading: route.heading } satisfies AdminRouteHandle,
    ...(route.redirectTo
      ? { element: createElement(Navigate, { to: `${ADMIN_BASE}/${route.redirectTo}`, replace: true }) }
      : {
          loader: (args: LoaderFunctionArgs) => prepareRemoteRoute(route.remote, route.path, args),
          // A console opened on this page paints its layout at once, with this in the page's place
          // (as RemotePage shows), instead of waiting for the loader (the remote) before the first paint.
          HydrateFallback: RemotePageLoading,
          element: createElement(Suspense, { fallback: null }, createElement(RemotePage, { remote: route.remote, page: route.path })),
        }),
  }));
}
