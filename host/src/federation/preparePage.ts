import type { QueryClient } from '@tanstack/react-query';
import type { RemoteName } from '@phoenix/contract';
import { shellQueryClient } from '@phoenix/shell/src/boot';
import { loadRemotePagesModule, loadedRemotePages } from './remotes';
import type { PagePrefetch } from './pageModule';

/** React.lazy's own loader (stable since React 16.6): calling it starts the import, throws it while pending. */
interface LazyInternals {
  $$typeof?: symbol;
  _payload?: unknown;
  _init?: (payload: unknown) => unknown;
}

/**
 * Loads the code of a page before it renders: a React.lazy page is initialised (React then renders it
 * at once, with no Suspense fallback); a component with a `preload()` function gets it called; any
 * other plain component needs nothing. Never rejects: a page whose
 * code fails renders its own error panel.
 */
export function loadPageCode(component: unknown): Promise<void> {
  // A page that wraps its lazy code (e.g. in a provider) can say how to load it: `Page.preload()`.
  const preload = (component as { preload?: unknown } | undefined)?.preload;
  if (typeof preload === 'function')
    return Promise.resolve()
      .then(() => preload.call(component))
      .then(noop, noop);
  const lazy = component as LazyInternals | undefined;
  if (!lazy || lazy.$$typeof !== Symbol.for('react.lazy') || typeof lazy._init !== 'function') return Promise.resolve();
  try {
    lazy._init(lazy._payload);
    return Promise.resolve();
  } catch (thrown) {
    const pending = thrown as PromiseLike<unknown> | null;
    return pending && typeof pending.then === 'function' ? Promise.resolve(pending).then(noop, noop) : Promise.resolve();
  }
}

function noop(): void {}

export interface PreparePageOptions {
  /** Start the page's first data request (its remote's optional `prefetch[page]`) with this URL's search params. */
  searchParams?: URLSearchParams;
  queryClient?: QueryClient;
}

/**
 * Gets a remote page ready to render: its remote (build-info, manifest, remoteEntry, `./pages`), its
 * data request started as soon as the remote's prefetchers are in, and the page's own code. Resolves
 * (never rejects) when all is ready or has failed: RemotePage then renders the page, or the error.
 */
export async function preparePage(remote: RemoteName, page: string, options: PreparePageOptions = {}): Promise<void> {
  let module;
  try {
    module = await loadRemotePagesModule(remote);
  } catch {
    return;
  }
  // The remote's own prefetcher, else the one resourcePages() put on the page (its list from the URL).
  const prefetch = module.prefetch?.[page] ?? (module.default[page] as { prefetch?: PagePrefetch } | undefined)?.prefetch;
  if (prefetch && options.searchParams) {
    try {
      Promise.resolve(prefetch(options.queryClient ?? shellQueryClient, options.searchParams)).catch(noop);
    } catch {
      // A prefetcher that throws only loses the head start.
    }
  }
  await loadPageCode(module.default[page]);
}

const preloads = new Map<string, Promise<void>>();

/** Hover, focus and idle time: fetch a page's code (not its data), once. */
export function preloadRemotePage(remote: RemoteName, page: string): Promise<void> {
  const key = `${remote}/${page}`;
  let pending = preloads.get(key);
  if (!pending) {
    pending = preparePage(remote, page);
    preloads.set(key, pending);
    // A remote that failed may come back: let the next hover try again.
    pending.then(() => loadedRemotePages(remote) ?? preloads.delete(key));
  }
  return pending;
}

/** How long a navigation waits for a page's code before showing the page's own loading state. */
export const PREPARE_TIMEOUT_MS = 3000;

/** Route loader of a remote page: the navigation commits once the page can render without a fallback. */
export function prepareForNavigation(remote: RemoteName, page: string, request: Request, queryClient?: QueryClient): Promise<null> {
  const searchParams = new URL(request.url).searchParams;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PREPARE_TIMEOUT_MS);
  });
  return Promise.race([preparePage(remote, page, { searchParams, queryClient }), timeout]).then(() => {
    clearTimeout(timer);
    return null;
  });
}
