import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnyResource, Page, RecordOf } from '@phoenix/contract';
import type { ApiRequestError } from '../api/ApiRequestError';
import { confirmedScope, useRecordScope } from '../api/useChangeControlMode';
import { resourceKeys } from '../data/queryKeys';
import { useApiFor } from '../data/useApiFor';
import { useConfirm, type ConfirmOptions } from '../modals/useConfirm';
import { useToast } from '../toasts/useToast';
import { apiPath } from './apiPath';

type Rec<D extends AnyResource> = RecordOf<D> & { id: number };

export interface RecordActionSpec<D extends AnyResource, B> {
  /** `<path>/:id/<action>`: 'cancel', 'enabled', 'ban'… */
  action: string;
  method?: 'post' | 'patch';
  /** The request body for this record (usually with the version the admin saw). */
  body: (record: Rec<D>) => B;
  /** The confirm's words; null: no confirm. */
  confirm: ((record: Rec<D>) => ConfirmOptions) | null;
  success: (saved: Rec<D>) => string;
  /** The error toast's sentence (what happened, what to do); default the API's. */
  failure?: (error: ApiRequestError, record: Rec<D>) => string | ApiRequestError;
}

/**
 * A one-record action from a list row (a switch, a cancel, a ban): confirm, send with the
 * version seen, show the server's answer in the row at once, then refresh the lists (a filter
 * may now drop the row). A 409 or a 404 refreshes too: our copy was stale.
 */
export function useRecordAction<D extends AnyResource, B = unknown>(resource: D, spec: RecordActionSpec<D, B>) {
  const path = apiPath(resource);
  const api = useApiFor(resource.api);
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  // A declared global action in a "confirm" environment: the confirm asks the scope typed and the
  // call carries it, so the server's own confirm does not follow (one dialog).
  const recordScope = useRecordScope(resource, spec.method ?? 'post', `/${spec.action}`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(path) });

  const mutation = useMutation<Rec<D>, ApiRequestError, { record: Rec<D>; scope: string | undefined }>({
    mutationFn: ({ record, scope }) => {
      const url = `/${path}/${record.id}/${spec.action}`;
      const options = confirmedScope(scope);
      return spec.method === 'patch' ? api.patch(url, spec.body(record), options) : api.post(url, spec.body(record), options);
    },
    onSuccess: (saved) => {
      queryClient.setQueriesData<Page<Rec<D>>>({ queryKey: [...resourceKeys.all(path), 'list'] }, (page) =>
        page ? { ...page, items: page.items.map((r) => (r.id === saved.id ? saved : r)) } : page,
      );
      toast.success(spec.success(saved));
      return refresh();
    },
    onError: (error, { record }) => {
      if (error.isConflict || error.status === 404) void refresh();
      toast.error(spec.failure ? spec.failure(error, record) : error);
    },
  });

  const run = async (record: Rec<D>) => {
    const scope = spec.confirm ? await recordScope(record.id) : undefined;
    if (spec.confirm && !(await confirm({ danger: true, ...spec.confirm(record), typedScope: scope }))) return;
    mutation.mutate({ record, scope });
  };

  return { run, pendingId: mutation.isPending ? mutation.variables?.record.id : undefined };
}
