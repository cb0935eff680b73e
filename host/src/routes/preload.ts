import { isNavigating, whenNoNavigation } from './navigationActivity';
import { adminTable, type AdminRoute } from './routeTable';

/** The route a sidebar target opens, following a redirect (points → points/tasks). */
export function routeForTarget(target: string): AdminRoute | undefined {
  const { routes } = adminTable();
  const route = routes.find((r) => r.path === target);
  return route?.redirectTo ? routes.find((r) => r.path === route.redirectTo) : route;
}

/**
 * Sidebar hover / focus: fetch the remote and the page's code before the click, so the click only
 * renders. Fire and forget: a failure shows when the page is opened.
 */
export function preloadAdminTarget(target: string): void {
  const route = routeForTarget(target);
  if (!route) return;
  void import('../federation/preparePage').then(({ preloadRemotePage }) => preloadRemotePage(route.remote, route.path));
}

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * When the browser is idle after the console shows: load each remote's `./pages` module, one per idle
 * period, so a first click on any area only fetches that page's chunk. Returns a cancel function.
 */
export function preloadRemotesWhenIdle(remotes: readonly string[]): () => void {
  const win = window as IdleWindow;
  const queue = [
    ...new Set(
      adminTable()
        .routes.filter((r) => !r.redirectTo && remotes.includes(r.remote))
        .map((r) => r.remote),
    ),
  ];
  let cancelled = false;
  let handle: number | undefined;
  const schedule = (cb: () => void) =>
    win.requestIdleCallback ? win.requestIdleCallback(cb, { timeout: 5000 }) : window.setTimeout(cb, 200);
  // First the console's own federation chunks (the loader and RemotePage), then one remote per idle period.
  let ownChunks = false;
  const next = () => {
    if (cancelled) return;
    if (!ownChunks) {
      ownChunks = true;
      void Promise.all([import('../federation/preparePage'), import('../federation/RemotePage')])
        .catch(() => undefined)
        .then(() => {
          if (!cancelled) handle = schedule(next);
        });
      return;
    }
    if (queue.length === 0) return;
    // A page being opened goes first: the next speculative remote waits until it is in and rendered.
    if (isNavigating()) {
      void whenNoNavigation().then(() => {
        if (!cancelled) handle = schedule(next);
      });
      return;
    }
    loadIdle(queue.shift()!);
  };
  const loadIdle = (remote: string) => {
    void import('../federation/remotes')
      .then(({ loadRemotePagesModule }) => loadRemotePagesModule(remote as AdminRoute['remote']))
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) handle = schedule(next);
      });
  };
  handle = schedule(next);
  return () => {
    cancelled = true;
    if (handle !== undefined) (win.cancelIdleCallback ?? window.clearTimeout)(handle);
  };
}
