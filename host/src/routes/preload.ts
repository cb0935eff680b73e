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
 * After the console's first screen is complete (the window's load event, no navigation pending) and
 * the browser is idle: load the console's own federation chunks, then fetch (never run) the files of
 * each remote not loaded yet, one per idle period. Nothing here competes with the first render: no
 * idle callback is forced by a timeout, and no remote's code or translations run before a page of it
 * is opened (the click then runs code that is already in the cache). Returns a cancel function.
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
  const schedule = (cb: () => void) => (win.requestIdleCallback ? win.requestIdleCallback(cb) : window.setTimeout(cb, 200));
  let ownChunks = false;
  const next = () => {
    if (cancelled) return;
    // A page being opened goes first: the next speculative fetch waits until it is in and rendered.
    if (ownChunks && isNavigating()) {
      void whenNoNavigation().then(() => {
        if (!cancelled) handle = schedule(next);
      });
      return;
    }
    const step: Promise<unknown> | undefined = !ownChunks
      ? ((ownChunks = true), Promise.all([import('../federation/preparePage'), import('../federation/RemotePage')]))
      : queue.length > 0
        ? import('../federation/remotes').then(({ prefetchRemoteFiles }) => prefetchRemoteFiles(queue.shift() as AdminRoute['remote']))
        : undefined;
    void step
      ?.catch(() => undefined)
      .then(() => {
        if (!cancelled) handle = schedule(next);
      });
  };
  const start = () => {
    if (!cancelled) handle = schedule(next);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
    if (handle !== undefined) (win.cancelIdleCallback ?? window.clearTimeout)(handle);
  };
}
