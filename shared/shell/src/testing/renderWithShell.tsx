import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@phoenix/contract';
import { ShellProviders } from '../core/ShellProviders';
import { runtimeConfigAtom } from '../core/config';
import { tokenAtom } from '../core/authState';
import { createShellQueryClient } from '../core/queryClient';
import { ShellOverlays } from '../modals/ShellOverlays';
import { changeLanguage } from '../i18n/useLanguage';
import type { Language } from '../i18n/language';
import type { FakeBff } from './fakeBff';

export const TEST_CONFIG: RuntimeConfig = {
  environment: 'local',
  apiBase: 'http://api.test',
  pointsApiBase: 'http://points.test',
  chainRpcUrl: 'http://rpc.test',
  stakingContractAddress: `0x${'1'.repeat(40)}`,
  remotes: {} as RuntimeConfig['remotes'],
};

export interface RenderWithShellOptions {
  /** Installed as global fetch for this render. */
  bff?: FakeBff;
  /** Starting URL, e.g. '/admin/constantVariables/edit?id=7'. */
  url?: string;
  /** Route path the ui is mounted at (default '*'): set it to test in-app navigation. */
  path?: string;
  /** More routes, e.g. the list page a form navigates back to. */
  routes?: RouteObject[];
  token?: string | null;
  /** The console's language for this render (every test starts in English). */
  language?: Language;
  /** A store and query cache made beforehand (createTestShell), e.g. to prefetch into it first. */
  shell?: ReturnType<typeof createTestShell>;
}

export type ShellRenderResult = RenderResult & {
  store: ReturnType<typeof createStore>;
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
  user: ReturnType<typeof userEvent.setup>;
};

/** Fresh store and query cache per test; queries do not retry (tests should fail fast). */
export function createTestShell(token: string | null = 'test-token') {
  const store = createStore();
  store.set(runtimeConfigAtom, TEST_CONFIG);
  store.set(tokenAtom, token);
  const queryClient = createShellQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false }, mutations: { retry: false } });
  return { store, queryClient };
}

/**
 * Renders a page as the host would: shell providers, a data router (so useBlocker works),
 * and the shell overlays (confirm, addBulkUsers, toasts).
 */
export function renderWithShell(ui: ReactElement, options: RenderWithShellOptions = {}): ShellRenderResult {
  if (options.bff) globalThis.fetch = options.bff.fetch;
  if (options.language) changeLanguage(options.language);
  const { store, queryClient } = options.shell ?? createTestShell(options.token === undefined ? 'test-token' : options.token);
  const withOverlays = (node: ReactNode) => (
    <>
      {node}
      <ShellOverlays />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: options.path ?? '*', element: withOverlays(ui) },
      ...(options.routes ?? []).map((r) => ({ ...r, element: withOverlays(r.element) })),
    ],
    { initialEntries: [options.url ?? '/'] },
  );
  const user = userEvent.setup();
  const result = render(
    <ShellProviders store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
  return Object.assign(result, { store, queryClient, router, user });
}

/** Where the memory router is now, as path + search. */
export function currentUrl(router: ShellRenderResult['router']): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}
