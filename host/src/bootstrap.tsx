import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import {
  isNarrowWidth,
  isSidebarMinimizedAtom,
  runtimeConfigAtom,
  sectionSourceAtom,
  shellStore,
  ShellProviders,
  tokenAtom,
} from '@phoenix/shell';
import { themeFor } from '@phoenix/ui';
import { showBootError } from './config/bootError';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';
import { yieldToBrowser } from './config/yieldToBrowser';
import { setConfiguredRemoteEntries } from './federation/config';
import { fetchRemoteFilesEarly } from './federation/earlyFiles';
import { hostSectionSource } from './federation/sections';
import { composeAdminTable } from './routes/composeRoutes';
import { loadRemoteManifests } from './routes/loadRemoteRoutes';
import { adminRouteFor, setAdminTable } from './routes/routeTable';
import { createAppRouter, prepareSession } from './App';

/** The shell-contract version this console provides to remotes (its build record; see federation/compatibility.ts). */
function providedShellContract(): string | undefined {
  if (typeof __PHOENIX_BUILD__ === 'undefined' || !__PHOENIX_BUILD__) return undefined;
  return __PHOENIX_BUILD__.shellVersion ?? __PHOENIX_BUILD__.shellContract.replace(/^[\^~]/, '');
}

async function start(): Promise<void> {
  // A console opened on a page: its federation loader is fetched beside the configuration.
  const onAdminPage = window.location.pathname.startsWith('/admin/');
  if (onAdminPage) void Promise.all([import('./federation/preparePage'), import('./federation/RemotePage')]).catch(() => {});
  const config = await loadRuntimeConfig();
  shellStore.set(runtimeConfigAtom, config);
  setConfiguredRemoteEntries(config.remotes); // registered with the federation runtime on first use
  shellStore.set(sectionSourceAtom, () => hostSectionSource); // remotes' sections for pages' slots
  // The remotes' routes.json (what each serves) while the session is restored: the route table and
  // the sidebar are composed once, before the first render, so the menu never moves afterwards.
  const session = prepareSession(); // a valid stored session is applied at once
  // Signed in on a remote page: that page's remote's manifest beside the routes.json files, so it starts
  // its scripts as soon as the route table names it (signed out, no remote file is fetched). Only the
  // seed's owner of the path: the other remotes' files would queue before the page's scripts on a slow
  // connection. A routes.json that moves the page only means the loader fetches the right one itself.
  const owner = onAdminPage && shellStore.get(tokenAtom) ? adminRouteFor(window.location.pathname)?.remote : undefined;
  if (owner && config.remotes[owner]) fetchRemoteFilesEarly({ [owner]: config.remotes[owner] });
  const [manifests] = await Promise.all([loadRemoteManifests(config.remotes, { provides: providedShellContract() }), session]);
  setAdminTable(composeAdminTable(manifests));
  await yieldToBrowser(); // the router's creation and first render start in a task of their own
  // The sidebar starts as the layout would set it at mount (seed §4): no second render of the layout.
  shellStore.set(isSidebarMinimizedAtom, isNarrowWidth(window.innerWidth));
  const root = createRoot(document.getElementById('root')!);
  // A transition render is time-sliced: React yields to the browser every few milliseconds instead of
  // building the whole console in one long task (the main thread stays free for input while it boots).
  startTransition(() => {
    root.render(
      <ShellProviders theme={themeFor(config.environment)}>
        <RouterProvider router={createAppRouter()} />
      </ShellProviders>,
    );
  });
}

start().catch((error: unknown) => showBootError(error instanceof Error ? error.message : String(error)));
