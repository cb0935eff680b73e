import type { QueryClient } from '@tanstack/react-query';
import type { RemotePages } from '@phoenix/shell';

/**
 * Starts a page's first data request (e.g. `queryClient.prefetchQuery` with the key its list hook
 * uses) while the page's code is still loading. Called once per navigation by the host; errors are
 * ignored (the page's own query reports them).
 */
export type PagePrefetch = (queryClient: QueryClient, searchParams: URLSearchParams) => unknown;

/**
 * What a remote's `./pages` module exports: the page map as default and, optionally, prefetchers
 * keyed by the same route paths. A remote opts in by adding `export const prefetch = { … }`.
 */
export interface RemotePagesModule {
  default: RemotePages;
  prefetch?: Record<string, PagePrefetch>;
}
