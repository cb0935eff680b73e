import { useEffect } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation, useSearchParams, type RouteObject } from 'react-router-dom';
import { linkTo, restoreSession, useAuthSync, type RestoreSessionOptions } from '@phoenix/shell/src/boot';
import { AuthLayout } from './signIn/AuthLayout';
import { LoginPage } from './signIn/LoginPage';
import { ENROL_PARAM } from './signIn/signInRules';
import { DashboardRoute } from './dashboard/DashboardRoute';
import { configuredRemoteEntries } from './federation/config';
import { GlobalStyle } from './layout/GlobalStyle';
import { MainLayout } from './layout/MainLayout';
import { RequireAuth } from './routes/guards';
import { afterFirstPaint, markFirstRender } from './routes/firstPaint';
import { preloadRemotesWhenIdle } from './routes/preload';
import { adminChildRoutes } from './routes/routeTable';

/**
 * The admin area: its layout, and the remotes' page modules fetched while the browser is idle. The
 * federation loader is a lazy chunk (routes/routeTable.ts), off the login page's path.
 */
function AdminArea() {
  useEffect(() => preloadRemotesWhenIdle(Object.keys(configuredRemoteEntries() ?? {})), []);
  return <MainLayout />;
}

/**
 * Root of the console. Assumes <ShellProviders theme={…}> above it and a data router around it
 * (it is the root route element of createAppRouter()). Registers the 401 handler with the
 * router's location and follows sign-in/out made in other tabs.
 */
export function App() {
  const location = useLocation();
  useAuthSync(`${location.pathname}${location.search}`);
  useEffect(markFirstRender, []);
  return (
    <>
      <GlobalStyle />
      <Outlet />
    </>
  );
}

/** /admin: the dashboard; signed in without a required second factor (`?enrol=1`), the security area's page to enrol one. */
function AdminHome() {
  const [search] = useSearchParams();
  const enrol = search.has(ENROL_PARAM) && linkTo('security');
  return enrol ? <Navigate to={enrol} replace /> : <DashboardRoute />;
}

/** The whole route tree (seed §2). */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <App />,
      children: [
        { path: '/', element: <Navigate to="/admin" replace /> },
        {
          path: '/auth',
          element: <AuthLayout />,
          children: [
            { index: true, element: <Navigate to="/auth/login" replace /> },
            { path: 'login', id: 'login', element: <LoginPage /> },
          ],
        },
        {
          path: '/admin',
          id: 'admin',
          element: (
            <RequireAuth>
              <AdminArea />
            </RequireAuth>
          ),
          children: [
            { index: true, id: 'dashboard', element: <AdminHome /> },
            // The host's own page: which host and remote versions this environment runs.
            // Lazy: it reads versions through the federation loader, which stays off the login page's path.
            { path: 'about', id: 'about', lazy: () => import('./about/AboutPage').then((m) => ({ Component: m.AboutPage })) },
            ...adminChildRoutes(),
          ],
        },
        // Seed §2: unknown paths go to login (which goes on to /admin when signed in).
        { path: '*', element: <Navigate to="/auth/login" replace /> },
      ],
    },
  ];
}

/** The browser router of the console: `<RouterProvider router={createAppRouter()} />`. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

/**
 * Start-up sign-in (seed §4): call once after runtimeConfigAtom is set, before rendering.
 * A valid stored session is applied synchronously (before this returns); a legacy record
 * (with a password) needs a sign-in call, so await the promise to render already signed in.
 */
export function prepareSession(options?: RestoreSessionOptions): Promise<void> {
  return restoreSession({ confirmAfter: afterFirstPaint(), ...options });
}
