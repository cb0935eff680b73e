import type { PagePrefetch, RemotePages, SectionDefinition } from '@phoenix/shell';

/** Starts a page's first data request while its code loads (defined by the shell, beside resourcePages). */
export type { PagePrefetch };

/**
 * What a remote's `./pages` module exports: the page map as default and, optionally, prefetchers
 * keyed by the same route paths. A remote opts in by adding `export const prefetch = { … }`.
 */
export interface RemotePagesModule {
  default: RemotePages;
  prefetch?: Record<string, PagePrefetch>;
  /** Parts of other remotes' pages (the player view's points, battles…): see @phoenix/shell SectionSlot. */
  sections?: SectionDefinition[];
}
