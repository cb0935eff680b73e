import type { QueryClient } from '@tanstack/react-query';
import type { AnyResource, FilterOf, Page } from '@phoenix/contract';
import { apiClientOf } from '../api/useApi';
import { changeControlSettingsQuery, hasGlobalRecords } from '../api/useChangeControlMode';
import { pendingRecordsQuery } from './PendingChanges';
import { shellStore, type ShellStore } from '../core/store';
import { resourceKeys } from '../data/queryKeys';
import { listQueryOf, readListParams, type ListParamsOptions } from '../data/useListParams';
import { apiPath } from './apiPath';

export interface ListQueryOptions {
  /** The list's page size when the URL gives none (the page's `useListController(…, { pageSize })`). */
  pageSize?: number;
}

/** How a list reads its URL: the resource's default sort and filters, the page's page size. */
export function listParamsOptionsOf<D extends AnyResource>(resource: D, options: ListQueryOptions = {}): ListParamsOptions<FilterOf<D>> {
  return {
    defaults: { sort: resource.defaultSort?.sort, order: resource.defaultSort?.order, pageSize: options.pageSize },
    filters: resource.filters as readonly FilterOf<D>[],
  };
}

/**
 * Starts a list page's first request from its URL, before the page renders: the same query key and
 * request as `useListController(resource, options)`, so the page finds its rows in the cache.
 */
export function prefetchResourceList(
  queryClient: QueryClient,
  resource: AnyResource,
  searchParams: URLSearchParams,
  options: ListQueryOptions = {},
  store: ShellStore = shellStore,
): Promise<void> {
  const path = apiPath(resource);
  const query = listQueryOf(readListParams(searchParams, listParamsOptionsOf(resource, options)));
  const api = apiClientOf(store, resource.api === 'points' ? 'pointsApiBase' : 'apiBase');
  // The change-control settings (once per session) and, for a resource with global records, their
  // pending requests (the row markers): in flight beside the rows, so the list renders them together.
  const service = resource.api === 'points' ? 'points' : 'bff';
  const markers = queryClient
    .fetchQuery(changeControlSettingsQuery(api, service))
    .then((settings) =>
      hasGlobalRecords(settings, resource)
        ? queryClient.prefetchQuery(pendingRecordsQuery(apiClientOf(store, 'apiBase'), resource))
        : undefined,
    )
    .catch(() => undefined); // the page asks again and shows its own error
  const rows = queryClient.prefetchQuery({
    queryKey: resourceKeys.list(path, query),
    queryFn: () => api.get<Page<unknown>>(`/${path}`, query),
  });
  return Promise.all([rows, markers]).then(() => undefined);
}
