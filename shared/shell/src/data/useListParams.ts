import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Query } from '../api/client';

export type SortOrder = 'asc' | 'desc';

export interface ListParamsOptions<F extends string> {
  defaults?: { sort?: string; order?: SortOrder; pageSize?: number };
  /** Names of extra URL filters this list understands (e.g. ['admin', 'action']). */
  filters?: readonly F[];
}

export interface ListParams<F extends string> {
  page: number;
  pageSize: number;
  sort: string | undefined;
  order: SortOrder;
  q: string;
  filters: Record<F, string>;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  setSort(sort: { key: string; order: SortOrder }): void;
  setQ(q: string): void;
  setFilter(name: F, value: string): void;
  /** Several filters at once (one history entry); also resets the page. */
  setFilters(values: Partial<Record<F | 'q', string>>): void;
  /** Back to the defaults: clears q, filters, sort and page. */
  reset(): void;
  /** The list endpoint's query: page, pageSize, sort, order, q and non-empty filters. */
  toQuery(): Query;
  /** Same without paging: for the CSV export of the current filter. */
  toFilterQuery(): Query;
}

const MAX_PAGE_SIZE = 200;
const DEFAULT_PAGE_SIZE = 20;

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** What a list's URL says, before any hook: shared by useListParams and a page's prefetch. */
export interface ListUrlState<F extends string> {
  page: number;
  pageSize: number;
  sort: string | undefined;
  order: SortOrder;
  q: string;
  filters: Record<F, string>;
}

export function readListParams<F extends string = never>(
  searchParams: URLSearchParams,
  options: ListParamsOptions<F> = {},
): ListUrlState<F> {
  const defaultOrder = options.defaults?.order ?? 'asc';
  const rawOrder = searchParams.get('order');
  const filters = {} as Record<F, string>;
  for (const name of options.filters ?? []) filters[name] = searchParams.get(name) ?? '';
  return {
    page: positiveInt(searchParams.get('page'), 1),
    pageSize: positiveInt(searchParams.get('pageSize'), options.defaults?.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: searchParams.get('sort') || options.defaults?.sort,
    order: rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaultOrder,
    q: searchParams.get('q') ?? '',
    filters,
  };
}

/** The list endpoint's query for a URL state: without paging when `paged` is false (CSV export). */
export function listQueryOf<F extends string>({ page, pageSize, sort, order, q, filters }: ListUrlState<F>, paged = true): Query {
  const out: Query = paged ? { page, pageSize, sort, order } : { sort, order };
  if (q) out.q = q;
  for (const [name, value] of Object.entries(filters) as [string, string][]) if (value) out[name] = value;
  return out;
}

/**
 * A list's view state lives in the URL (page, pageSize, sort, order, q, filters), so back/forward
 * and a shared link restore it. Defaults are left out of the URL to keep links short.
 * Changing q or a filter goes back to page 1: page 7 of the old result means nothing.
 */
export function useListParams<F extends string = never>(options: ListParamsOptions<F> = {}): ListParams<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultPageSize = options.defaults?.pageSize ?? DEFAULT_PAGE_SIZE;
  const filterKey = (options.filters ?? []).join(',');
  const { page, pageSize, sort, order, q } = readListParams(searchParams, options);
  const filters = useMemo(
    () => readListParams<F>(searchParams, { filters: filterKey ? (filterKey.split(',') as F[]) : [] }).filters,
    [searchParams, filterKey],
  );

  /** Writes changes onto the current URL params; '' / undefined / the default removes a param. */
  const update = useCallback(
    (changes: Record<string, string | number | undefined>, resetPage: boolean) => {
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (resetPage) next.delete('page');
        if (next.get('page') === '1') next.delete('page');
        if (next.get('pageSize') === String(defaultPageSize)) next.delete('pageSize');
        return next;
      });
    },
    [setSearchParams, defaultPageSize],
  );

  return useMemo<ListParams<F>>(() => {
    const state = { page, pageSize, sort, order, q, filters };
    return {
      page,
      pageSize,
      sort,
      order,
      q,
      filters,
      setPage: (p) => update({ page: Math.max(1, Math.floor(p)) }, false),
      setPageSize: (size) => update({ pageSize: size }, true),
      setSort: (s) => update({ sort: s.key, order: s.order }, true),
      setQ: (value) => update({ q: value.trim() }, true),
      setFilter: (name, value) => update({ [name]: value }, true),
      setFilters: (values) => update(values as Record<string, string>, true),
      reset: () =>
        update(Object.fromEntries(['q', 'sort', 'order', 'page', 'pageSize', ...Object.keys(filters)].map((k) => [k, undefined])), true),
      toQuery: () => listQueryOf(state),
      toFilterQuery: () => listQueryOf(state, false),
    };
  }, [page, pageSize, sort, order, q, filters, update]);
}
