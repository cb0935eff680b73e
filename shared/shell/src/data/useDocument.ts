import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { ApiRequestError } from '../api/ApiRequestError';
import { useToast } from '../toasts/useToast';
import { resourceKeys, type ApiTarget } from './queryKeys';
import { useApiFor } from './useApiFor';

export interface DocumentOptions<T> {
  api?: ApiTarget;
  /** Success toast after a save; a function gets the saved document. Default "Saved."; null: no toast (the page says it). */
  savedMessage?: string | ((saved: T) => string) | null;
  /** Toast failures (default true). Forms pass false: they show errors themselves. */
  toastErrors?: boolean;
  /** Extra headers of a save, read as it is sent (the scope the admin typed in the page's confirm). */
  saveHeaders?: () => Record<string, string> | undefined;
}

export interface DocumentResult<T, Input> {
  data: T | undefined;
  isLoading: boolean;
  error: ApiRequestError | null;
  refetch: () => void;
  /** PUT /<resource> with the document's version in the body (optimistic concurrency). */
  save: UseMutationResult<T, ApiRequestError, Input>;
}

/**
 * A singleton, versioned document with no id (GET and PUT /<resource>): maintenance status,
 * game balance settings. useResource / useResourceMutation need an id; this does not.
 * A save puts the server's answer in the cache (no refetch of a possibly large document);
 * a 409 refetches it, so the page shows what the other admin saved.
 */
export function useDocument<T, Input = Record<string, unknown>>(
  resource: string,
  options: DocumentOptions<T> = {},
): DocumentResult<T, Input> {
  const api = useApiFor(options.api);
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = resourceKeys.document(resource);
  const toastErrors = options.toastErrors ?? true;

  const query = useQuery<T, ApiRequestError>({
    queryKey: key,
    queryFn: () => api.get<T>(`/${resource}`),
    // A form starts from what the server has now, not a cached copy.
    staleTime: 0,
  });

  const save = useMutation<T, ApiRequestError, Input>({
    mutationFn: (input) => api.put<T>(`/${resource}`, input, { headers: options.saveHeaders?.() }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      const message = options.savedMessage;
      if (message !== null) toast.success(message === undefined ? 'Saved.' : typeof message === 'function' ? message(saved) : message);
    },
    onError: (error) => {
      if (error.isConflict) void queryClient.invalidateQueries({ queryKey: key });
      if (toastErrors) toast.error(error);
    },
  });

  return {
    data: query.data,
    isLoading: query.isLoading,
    error: query.error,
    refetch: () => void query.refetch(),
    save,
  };
}
