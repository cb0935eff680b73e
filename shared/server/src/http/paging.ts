import type { ListQuery, Page } from '@phoenix/contract';

type Paging = Pick<ListQuery, 'page' | 'pageSize'>;

/** The `Page<T>` answer of a list route: the items of the requested page and the total (capped: see db/paging.ts). */
export function pageOf<T>(query: Paging, { items, total, totalCapped }: { items: T[]; total: number; totalCapped?: boolean }): Page<T> {
  return { items, total, ...(totalCapped === undefined ? {} : { totalCapped }), page: query.page, pageSize: query.pageSize };
}

/** SQL offset of a page (pages count from 1). */
export const offsetOf = (query: Paging): number => (query.page - 1) * query.pageSize;
