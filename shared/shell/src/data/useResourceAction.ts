import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { ApiRequestError } from '../api/ApiRequestError';
import { useToast } from '../toasts/useToast';
import { resourceKeys, type ApiTarget } from './queryKeys';
import { useApiFor } from './useApiFor';

export interface ResourceActionVars<Body> {
  id: string | number;
  body?: Body;
}

export interface ResourceActionOptions<T> {
  api?: ApiTarget;
  /** Success toast, from the record the server returns. */
  success?: (record: T) => string;
  /** The error toast's sentence; default describeError. Say what happened and what to do. */
  failure?: (error: ApiRequestError) => string;
}

/**
 * POST /<resource>/:id/<action> (cancel, publish, ban…): toasts the outcome and refreshes the
 * resource's lists and details, also after a 409 or a 404 (our copy is stale then).
 */
export function useResourceAction<T, Body = Record<string, unknown>>(
  resource: string,
  action: string,
  options: ResourceActionOptions<T> = {},
): UseMutationResult<T, ApiRequestError, ResourceActionVars<Body>> {
  const api = useApiFor(options.api);
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });

  return useMutation<T, ApiRequestError, ResourceActionVars<Body>>({
    mutationFn: ({ id, body }) => api.post<T>(`/${resource}/${encodeURIComponent(String(id))}/${action}`, body),
    onSuccess: (record) => {
      if (options.success) toast.success(options.success(record));
      return refresh();
    },
    onError: (error) => {
      if (error.isConflict || error.status === 404) void refresh();
      toast.error(options.failure ? options.failure(error) : error);
    },
  });
}
