import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AnyResource, FilterOf, RecordOf, SortOf } from '@phoenix/contract';
import type { RowKey } from '@phoenix/ui';
import { useRecordScope } from '../api/useChangeControlMode';
import { useConfirm, type ConfirmOptions } from '../modals/useConfirm';
import { useCsvExport } from '../data/useCsvExport';
import { useListParams, type ListParams, type SortOrder } from '../data/useListParams';
import { useResourceList, type ResourceListResult } from '../data/useResourceList';
import { useResourceMutation } from '../data/useResourceMutation';
import { apiPath } from './apiPath';
import { listParamsOptionsOf, type ListQueryOptions } from './prefetchList';

export type ListControllerOptions = ListQueryOptions;

export interface Selection {
  ids: ReadonlySet<RowKey>;
  set: (ids: Set<RowKey>) => void;
  clear: () => void;
}

type Versioned = { id: number; version?: number };

export interface ListController<D extends AnyResource>
  extends Omit<ListParams<FilterOf<D>>, 'setSort' | 'sort'>, ResourceListResult<RecordOf<D>> {
  resource: D;
  /** Typed: only the sorts the API declares. */
  sort: SortOf<D> | undefined;
  setSort: (sort: { key: SortOf<D>; order: SortOrder }) => void;
  /** A search or a filter is applied (the empty state then offers "Clear filters"). */
  filtered: boolean;
  selection: Selection;
  exportCsv: () => Promise<void>;
  isExporting: boolean;
  /** Confirms (with `confirm`'s words), then DELETE with the record's version. */
  remove: (record: RecordOf<D> & Versioned, confirm: ConfirmOptions & { label: string }) => Promise<void>;
}

/**
 * Everything a list page does, headless (react-admin's useListController): URL state, the server
 * page, selection, CSV export of the current filter and delete with confirm. Sorts and filters
 * are the resource definition's, so the UI cannot offer one the API does not support.
 */
export function useListController<D extends AnyResource>(resource: D, options: ListControllerOptions = {}): ListController<D> {
  const path = apiPath(resource);
  const params = useListParams<FilterOf<D>>(listParamsOptionsOf(resource, options));
  const result = useResourceList<RecordOf<D>>(path, params.toQuery(), { api: resource.api });
  const { exportCsv, isExporting } = useCsvExport(path, params.toFilterQuery(), { api: resource.api, filename: resource.csv.filename });
  const { remove: removeMutation } = useResourceMutation<RecordOf<D>>(path, { api: resource.api });
  const confirm = useConfirm();
  // A global resource in a "confirm" environment: the delete confirm asks the typed scope (one dialog).
  const scopeOf = useRecordScope(resource, 'DELETE');

  const [selected, setSelected] = useState<Set<RowKey>>(() => new Set());
  const pageKey = JSON.stringify(params.toQuery());
  // A selection belongs to the rows on screen: a new page, sort or filter starts empty. An empty one
  // is kept as it is, so the list does not render a second time when it mounts.
  useEffect(() => setSelected((current) => (current.size === 0 ? current : new Set())), [pageKey]);
  const selection = useMemo<Selection>(() => ({ ids: selected, set: setSelected, clear: () => setSelected(new Set()) }), [selected]);

  const remove = useCallback(
    async (record: RecordOf<D> & Versioned, { label, ...words }: ConfirmOptions & { label: string }) => {
      const scope = await scopeOf(record.id);
      if (!(await confirm({ danger: true, ...words, typedScope: scope }))) return;
      await removeMutation.mutateAsync({ id: record.id, version: record.version, label, scope }).catch(() => undefined);
    },
    [confirm, removeMutation, scopeOf],
  );

  const filtered = Boolean(params.q) || Object.values(params.filters as Record<string, string>).some(Boolean);
  return {
    ...params,
    ...result,
    resource,
    sort: params.sort as SortOf<D> | undefined,
    setSort: params.setSort as ListController<D>['setSort'],
    filtered,
    selection,
    exportCsv,
    isExporting,
    remove,
  };
}
