import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  isNarrowWidth,
  isSidebarMinimizedAtom,
  runtimeConfigAtom,
  sectionSourceAtom,
  shellStore,
  ShellProviders,
  tokenAtom,
} from '@phoenix/shell/src/boot';
import type { RuntimeConfig } from '@phoenix/contract/src/config';
import { themeFor } from '@phoenix/ui/src/boot';
import { showBootError } from './config/bootError';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';
import { yieldToBrowser } from './config/yieldToBrowser';
import { releasesMayDiffer, setConfiguredRemoteEntries, setRemoteChoices } from './federation/config';
import { hostSectionSource } from './federation/sections';
import { composeAdminTable } from './routes/composeRoutes';
import { afterFirstPaint } from './routes/firstPaint';
import { loadRemoteManifests } from './routes/loadRemoteRoutes';
import { setAdminTable } from './routes/routeTable';
import { ConsoleRouter } from './routes/ConsoleRouter';
import { createAppRouter, prepareSession } from './App';

/** The shell-contract version this console provides to remotes (its build record; see federation/compatibility.ts). */
function providedShellContract(): string | undefined {
  if (typeof __PHOENIX_BUILD__ === 'undefined' || !__PHOENIX_BUILD__) return undefined;
  return __PHOENIX_BUILD__.shellVersion ?? __PHOENIX_BUILD__.shellContract.replace(/^[\^~]/, '');
}

/**
 * The remotes this admin runs (docs/releasing.md, "Shipping a remote safely"): the pins' stable versions, unless a pin has a
 * canary or QA overrides are allowed here; then, once the session is known, this session's override, the
 * canary when the admin is in its audience, else stable (federation/effectiveRemotes.ts, a chunk of its
 * own: an environment without canaries, and the login page, never load it).
 */
function effectiveRemotes(config: RuntimeConfig, session: Promise<void>): Promise<RuntimeConfig['remotes']> {
  if (!releasesMayDiffer(config)) return Promise.resolve(config.remotes);
  return session
    .then(() => import('./federation/effectiveRemotes'))
    .then(({ resolveForSession }) => resolveForSession(config, shellStore.get(tokenAtom)))
    .then(({ remotes, choices }) => {
      setRemoteChoices(choices);
      return remotes;
    })
    .catch(() => config.remotes); // the chunk failed: stable, as for an admin outside every canary
}

async function start(): Promise<void> {
  // The federation loader (with the shell's whole module) loads once the first paint is on screen,
  // not in it: a cold page's remote and a first click both need it. The contract and the whole kit are
  // asked for separately, so each is evaluated in the task that brings its chunk, not all in the last one.
  void afterFirstPaint()
    .then(() =>
      Promise.all([
        import('@phoenix/contract'),
        import('@phoenix/ui'),
        import('./federation/preparePage'),
        import('./federation/RemotePage'),
      ]),
    )
    .catch(() => {}); // a chunk that fails fails the page that needs it, which reports it
  const config = await loadRuntimeConfig();
  shellStore.set(runtimeConfigAtom, config);
  setConfiguredRemoteEntries(config.remotes); // registered with the federation runtime on first use
  shellStore.set(sectionSourceAtom, () => hostSectionSource); // remotes' sections for pages' slots
  // The remotes' routes.json (what each serves) while the session is restored: the route table and
  // the sidebar are composed once, before the first render, so the menu never moves afterwards.
  const session = prepareSession(); // a valid stored session is applied at once
  // Registered and composed from the versions this admin runs, before any remote code loads.
  const remotes = effectiveRemotes(config, session).then((effective) => {
    setConfiguredRemoteEntries(effective);
    return loadRemoteManifests(effective, { provides: providedShellContract() });
  });
  const [manifests] = await Promise.all([remotes, session]);
  setAdminTable(composeAdminTable(manifests));
  await yieldToBrowser(); // the router's creation and first render start in a task of their own
  // The sidebar starts as the layout would set it at mount (seed §4): no second render of the layout.
  shellStore.set(isSidebarMinimizedAtom, isNarrowWidth(window.innerWidth));
  const router = createAppRouter();
  // The pins, read again while the console runs: a changed version is loaded at the next navigation.
  void afterFirstPaint()
    .then(() => import('./federation/releaseWatch'))
    .then(({ watchReleases }) => watchReleases({ router }))
    .catch(() => {});
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in 5 ms slices, not in one long task (at Lighthouse's 4×
  // CPU, 110-150 ms with nothing painted yet and the page not answering input). What waits for the first
  // paint (the federation loader, the session check, the dashboard's module) waits for its commit, so it
  // does not run between the slices (routes/firstPaint.ts).
  startTransition(() =>
    root.render(
      <ShellProviders theme={themeFor(config.environment)}>
        <ConsoleRouter router={router} />
      </ShellProviders>,
    ),
  );
}

start().catch((error: unknown) => showBootError(error instanceof Error ? error.message : String(error)));
