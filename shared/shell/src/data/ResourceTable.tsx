import type { ReactNode } from 'react';
import { Button, DataTable, Pagination, type DataTableColumn, type DataTableSelection, type RowKey } from '@phoenix/ui';
import { describeError } from '../api/describeError';
import type { ListParams } from './useListParams';
import type { ResourceListResult } from './useResourceList';

type ListState = Pick<ListParams<string>, 'sort' | 'order' | 'setSort' | 'setPage' | 'setPageSize' | 'reset'>;

export interface ResourceTableProps<T> {
  caption: string;
  columns: DataTableColumn<T>[];
  rowKey: (row: T) => RowKey;
  /** The URL-bound view state (useListParams). */
  list: ListState;
  /** The server page for it (useResourceList). */
  result: ResourceListResult<T>;
  /** A search or filter is applied: the empty state then says so and offers "Clear filters". */
  filtered: boolean;
  emptyTitle: string;
  filteredEmptyTitle: string;
  /** Shown in the empty state when nothing is filtered (e.g. the "New …" button). */
  emptyAction?: ReactNode;
  pageSizeOptions?: number[];
  selection?: DataTableSelection;
  bulkActions?: (selected: RowKey[]) => ReactNode;
}

/** A server-paginated list bound to its URL state: sortable table, its states, and the pager. */
export function ResourceTable<T>({
  caption,
  columns,
  rowKey,
  list,
  result,
  filtered,
  emptyTitle,
  filteredEmptyTitle,
  emptyAction,
  pageSizeOptions,
  selection,
  bulkActions,
}: ResourceTableProps<T>) {
  const { data, isLoading, isFetching, error, refetch } = result;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={data?.items}
        rowKey={rowKey}
        sort={list.sort ? { key: list.sort, order: list.order } : null}
        onSortChange={list.setSort}
        loading={isLoading || isFetching}
        error={error && !data ? describeError(error) : undefined}
        onRetry={refetch}
        emptyTitle={filtered ? filteredEmptyTitle : emptyTitle}
        emptyAction={filtered ? <Button onClick={list.reset}>Clear filters</Button> : emptyAction}
        selection={selection}
        bulkActions={bulkActions}
      />
      {data && (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          totalCapped={data.totalCapped}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          pageSizeOptions={pageSizeOptions}
        />
      )}
    </>
  );
}
