import type { AnyResource, RecordOf } from '@phoenix/contract';
import type { ApiRequestError } from '../api/ApiRequestError';
import { useResource } from '../data/useResource';
import { useResourceMutation } from '../data/useResourceMutation';
import { apiPath } from './apiPath';
import { useResourceLinks, type ResourceLinks } from './routing';

export type RecordStatus = 'ready' | 'loading' | 'invalidId' | 'notFound' | 'error';

export interface RecordController<D extends AnyResource> {
  mode: 'create' | 'edit';
  links: ResourceLinks;
  /** ready: the form can show (always, when creating). */
  status: RecordStatus;
  record: RecordOf<D> | undefined;
  error: ApiRequestError | null;
  refetch: () => void;
  /** The contract schema of this mode's body (create or update). */
  schema: D['schemas']['create'] | D['schemas']['update'];
  /** POST, or PUT with the record's id (the values carry `version`). */
  save: (values: unknown) => Promise<RecordOf<D>>;
}

/**
 * The create and edit controller (react-admin's useCreateController / useEditController): the id
 * from the query string through the one id parser, the record's loading / not-found / error
 * states, the schema of the mode, and the save. Toasts name the record with `labelOf`.
 */
export function useRecordController<D extends AnyResource>(
  resource: D,
  labelOf: (record: RecordOf<D>) => string,
  messages: { created: (label: string) => string; updated: (label: string) => string },
): RecordController<D> {
  const links = useResourceLinks();
  const path = apiPath(resource);
  const mode = links.mode === 'edit' ? 'edit' : 'create';
  const id = mode === 'edit' ? links.id : null;
  const { data, isLoading, error, isNotFound, refetch } = useResource<RecordOf<D>>(path, id, { api: resource.api });
  const { create, update } = useResourceMutation<RecordOf<D>>(path, {
    api: resource.api,
    toastErrors: false, // the form shows failures on its fields and in its conflict notice
    messages: { created: (r) => messages.created(labelOf(r)), updated: (r) => messages.updated(labelOf(r)) },
  });

  let status: RecordStatus = 'ready';
  if (mode === 'edit') {
    if (id === null) status = 'invalidId';
    else if (isNotFound) status = 'notFound';
    else if (error) status = 'error';
    else if (isLoading || data === undefined) status = 'loading';
  }

  return {
    mode,
    links,
    status,
    record: data,
    error,
    refetch,
    schema: mode === 'create' ? resource.schemas.create : resource.schemas.update,
    save: (values) =>
      mode === 'create'
        ? create.mutateAsync(values as Record<string, unknown>)
        : update.mutateAsync({ id: id!, values: values as Record<string, unknown> & { version: number } }),
  };
}
