import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { ApiRequestError } from '../api/ApiRequestError';
import { confirmedScope } from '../api/useChangeControlMode';
import { useToast } from '../toasts/useToast';
import { resourceKeys, type ApiTarget } from './queryKeys';
import { useApiFor } from './useApiFor';

type Id = string | number;
type Message<A> = string | ((arg: A) => string);
/**
 * `label` names the record in the default toast ("Deleted battle.maxTurns."); `scope`: the global
 * operation's scope the admin typed (change control's "confirm" mode), sent with the call.
 */
type RemoveVars = { id: Id; version?: number; label?: string; scope?: string };

export interface ResourceMutationOptions<T> {
  api?: ApiTarget;
  /** Success toasts; a function gets the saved record (or, for remove, the id and version). */
  messages?: {
    created?: Message<T>;
    updated?: Message<T>;
    removed?: Message<RemoveVars>;
  };
  /**
   * Toast failures (default true). Forms pass false: they show errors on the fields and in a
   * conflict panel instead, and a toast would say the same thing twice.
   */
  toastErrors?: boolean;
}

export interface ResourceMutations<T, Input> {
  /** POST /<resource> → the created record. */
  create: UseMutationResult<T, ApiRequestError, Input>;
  /** PUT /<resource>/:id with the record's version in the body (optimistic concurrency). */
  update: UseMutationResult<T, ApiRequestError, { id: Id; values: Input & { version: number } }>;
  /** DELETE /<resource>/:id?version=N. */
  remove: UseMutationResult<void, ApiRequestError, RemoveVars>;
}

const say = <A>(message: Message<A> | undefined, arg: A, fallback: string) =>
  message === undefined ? fallback : typeof message === 'function' ? message(arg) : message;

/**
 * Create / update / remove for a REST resource. Each refreshes the resource's lists and
 * details and toasts the outcome, so a page only says what to do next (e.g. navigate).
 */
export function useResourceMutation<T, Input = Record<string, unknown>>(
  resource: string,
  options: ResourceMutationOptions<T> = {},
): ResourceMutations<T, Input> {
  const api = useApiFor(options.api);
  const queryClient = useQueryClient();
  const toast = useToast();
  const toastErrors = options.toastErrors ?? true;
  const path = (id: Id) => `/${resource}/${encodeURIComponent(String(id))}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
  const onError = (error: ApiRequestError) => {
    if (toastErrors) toast.error(error);
  };

  const create = useMutation<T, ApiRequestError, Input>({
    mutationFn: (input) => api.post<T>(`/${resource}`, input),
    onSuccess: (record) => {
      toast.success(say(options.messages?.created, record, 'Created.'));
      return refresh();
    },
    onError,
  });

  const update = useMutation<T, ApiRequestError, { id: Id; values: Input & { version: number } }>({
    mutationFn: ({ id, values }) => api.put<T>(path(id), values),
    onSuccess: (record) => {
      toast.success(say(options.messages?.updated, record, 'Saved.'));
      return refresh();
    },
    // A conflict means our cached copy is stale too.
    onError: (error) => {
      if (error.isConflict) void refresh();
      onError(error);
    },
  });

  const remove = useMutation<void, ApiRequestError, RemoveVars>({
    mutationFn: ({ id, version, scope }) => api.delete<void>(path(id), { version }, confirmedScope(scope)),
    onSuccess: (_, vars) => {
      toast.success(say(options.messages?.removed, vars, vars.label ? `Deleted ${vars.label}.` : 'Deleted.'));
      return refresh();
    },
    onError: (error) => {
      if (error.isConflict || error.status === 404) void refresh();
      onError(error);
    },
  });

  return { create, update, remove };
}
