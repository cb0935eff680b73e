import { useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { Page } from '@phoenix/contract';
import type { ApiRequestError } from '../api/ApiRequestError';
import type { Query } from '../api/client';
import { resourceKeys, type ApiTarget } from './queryKeys';
import { useApiFor } from './useApiFor';
import { useTransitionQuery } from './useTransitionQuery';

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
  // The page of rows arrives in a transition (useTransitionQuery): the page and its rows render in one
  // pass React can interrupt, not in one long task.
  const result = useTransitionQuery<Page<T>, ApiRequestError>({
    queryKey: resourceKeys.list(resource, query),
    queryFn: () => api.get<Page<T>>(`/${resource}`, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const { data, isLoading, isFetching, isPlaceholderData, error, refetch } = result;
  return useMemo(
    () => ({ data, isLoading, isFetching, isPlaceholderData, error, refetch: () => void refetch() }),
    [data, isLoading, isFetching, isPlaceholderData, error, refetch],
  );
}
