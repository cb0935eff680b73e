import { useQuery } from '@tanstack/react-query';
import type { ApiRequestError } from '../api/ApiRequestError';
import { resourceKeys, type ApiTarget } from './queryKeys';
import { useApiFor } from './useApiFor';

export interface ResourceResult<T> {
  data: T | undefined;
  isLoading: boolean;
  error: ApiRequestError | null;
  /** The server said 404: show a "not found" state, not a generic error. */
  isNotFound: boolean;
  refetch: () => void;
}

/** GET /<resource>/:id. Pass id null/undefined (e.g. missing ?id=) to skip the request. */
export function useResource<T>(
  resource: string,
  id: string | number | null | undefined,
  options: { api?: ApiTarget } = {},
): ResourceResult<T> {
  const api = useApiFor(options.api);
  const enabled = id !== null && id !== undefined && id !== '';
  const result = useQuery<T, ApiRequestError>({
    queryKey: resourceKeys.detail(resource, enabled ? id : ''),
    queryFn: () => api.get<T>(`/${resource}/${encodeURIComponent(String(id))}`),
    enabled,
    // An edit form must start from what the server has now, not a cached copy.
    staleTime: 0,
  });
  return {
    data: result.data,
    isLoading: enabled && result.isLoading,
    error: result.error,
    isNotFound: result.error?.status === 404,
    refetch: () => void result.refetch(),
  };
}
