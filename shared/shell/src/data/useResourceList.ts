import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@phoenix/contract';
import type { ApiRequestError } from '../api/ApiRequestError';
import type { Query } from '../api/client';
import { resourceKeys, type ApiTarget } from './queryKeys';
import { useApiFor } from './useApiFor';

export interface ResourceListResult<T> {
  data: Page<T> | undefined;
  /** First load only (no data to show yet). */
  isLoading: boolean;
  /** Any request in flight, including a page change that still shows the previous page. */
  isFetching: boolean;
  /** True while the rows shown are the previous query's (page/sort change in flight). */
  isPlaceholderData: boolean;
  error: ApiRequestError | null;
  refetch: () => void;
}

/** GET /<resource>?<query> → Page<T>. The previous page stays on screen while the next loads. */
export function useResourceList<T>(
  resource: string,
  query: Query,
  options: { api?: ApiTarget; enabled?: boolean } = {},
): ResourceListResult<T> {
  const api = useApiFor(options.api);
  const result = useQuery<Page<T>, ApiRequestError>({
    queryKey: resourceKeys.list(resource, query),
    queryFn: () => api.get<Page<T>>(`/${resource}`, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  return {
    data: result.data,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    isPlaceholderData: result.isPlaceholderData,
    error: result.error,
    refetch: () => void result.refetch(),
  };
}
