/** Test support: renders the whole console at a path with a fake backend. Import FIRST. */
import { fakeBackend, authHandlers, type FakeHandler } from '@phoenix/shell/src/auth/testing';
import { render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@phoenix/contract';
import { STORAGE_KEY, ShellProviders, changeLanguage, runtimeConfigAtom, type Language } from '@phoenix/shell';
import { themeFor } from '@phoenix/ui';
import { appRoutes, prepareSession } from '../App';
import { composeAdminTable, type RemoteManifests } from '../routes/composeRoutes';
import { setAdminTable } from '../routes/routeTable';
import { declaredManifests } from './declaredRoutes';

export const API = 'http://api.test';

export function testConfig(apiBase = API): RuntimeConfig {
  return {
    environment: 'local',
    apiBase,
    pointsApiBase: 'http://points.test',
    chainRpcUrl: 'http://rpc.test',
    stakingContractAddress: `0x${'a'.repeat(40)}`,
    remotes: {} as RuntimeConfig['remotes'],
  };
}

export const ACTION_LOGS = [
  {
    id: 7,
    adminId: 1,
    adminEmail: 'admin@example.com',
    action: 'present.create',
    targetType: 'present',
    targetId: '42',
    before: null,
    after: {},
    createdAt: '2025-01-02T03:04:05Z',
  },
  {
    id: 6,
    adminId: 1,
    adminEmail: 'other@example.com',
    action: 'maintenance.update',
    targetType: 'maintenance',
    targetId: null,
    before: {},
    after: {},
    createdAt: '2025-01-01T00:00:00Z',
  },
];

export const MAINTENANCE_OFF = { maintenance: { enabled: false, plannedStart: null, plannedEnd: null }, recentActions: ACTION_LOGS };

/** The points API's maintenance document (GET /settings/maintenance on pointsApiBase). */
export const POINTS_MAINTENANCE_OFF = { enabled: false, message: '', version: 1, updatedAt: '2025-01-01T00:00:00Z', updatedBy: null };

export function defaultHandlers(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return authHandlers({
    'GET /action-logs': () => ({ body: { items: ACTION_LOGS, total: 2, page: 1, pageSize: 5 } }),
    'GET /dashboard/summary': () => ({ body: MAINTENANCE_OFF }),
    'GET /settings/maintenance': () => ({ body: POINTS_MAINTENANCE_OFF }),
    'GET /economy/days': () => ({ body: { today: new Date().toISOString().slice(0, 10), days: [] } }),
    'GET /change-requests/count': () => ({ body: { pending: 0, scheduled: 0 } }),
    ...overrides,
  });
}

export function storeSession(email = 'admin@example.com', token = 'tok-admin', expiry = Date.now() + 60_000): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ data: { email, token }, expiry }));
}

export function setWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

export interface RenderAppOptions {
  handlers?: Record<string, FakeHandler>;
  apiBase?: string;
  width?: number;
  /** The console's language for this render (tests start in English). */
  language?: Language;
  /** The remotes' routes.json as read at start (default: every remote's declaration, as its build emits it). */
  manifests?: RemoteManifests;
}

/** Starts the console like the bootstrap does: config → remotes' routes and restore session → render. */
export async function renderApp(path: string, options: RenderAppOptions = {}) {
  setWidth(options.width ?? 1280);
  if (options.language) changeLanguage(options.language);
  const backend = fakeBackend(options.handlers ?? defaultHandlers());
  const restoreFetch = backend.install();
  const store = createStore();
  store.set(runtimeConfigAtom, testConfig(options.apiBase));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setAdminTable(composeAdminTable(options.manifests ?? declaredManifests()));
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  await prepareSession({ store, getCurrentPath: () => `${router.state.location.pathname}${router.state.location.search}` });
  // Remote routes have loaders: like the browser, render once the first navigation is through them.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.initialized) {
          stop();
          resolve();
        }
      });
    });
  }
  const view = render(
    <ShellProviders store={store} queryClient={queryClient} theme={themeFor('local')}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
  return { ...view, store, router, backend, restoreFetch, queryClient };
}

export const currentPath = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

export { screen };

/**
 * For a test file: a clean localStorage before each test and the fake backend removed after it.
 * `const render = appRendererPerTest()`, then `await render('/admin', options)` in tests.
 */
export function appRendererPerTest() {
  let restore: (() => void) | undefined;
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    restore?.();
    restore = undefined;
  });
  return async (path: string, options?: RenderAppOptions) => {
    const app = await renderApp(path, options);
    restore = app.restoreFetch;
    return app;
  };
}
