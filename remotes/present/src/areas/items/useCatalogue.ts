import { useQuery } from '@tanstack/react-query';
import { ITEMS_PATH, type Item, type Page } from '@phoenix/contract';
import { useApi } from '@phoenix/shell';

/** Items matching `search` (name or code), first 50 by name: what a picker offers. */
export function useItemSearch(search: string) {
  const api = useApi();
  const q = search.trim();
  return useQuery({
    queryKey: ['items', 'search', q],
    queryFn: () => api.get<Page<Item>>(ITEMS_PATH, { q: q || undefined, pageSize: 50 }),
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
}

/** Items by id (a saved record's rows), from the catalogue; the catalogue changes rarely, so cached long. */
export function useItem(id: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['items', 'one', id],
    queryFn: () => api.get<Item>(`${ITEMS_PATH}/${id}`),
    enabled: typeof id === 'number' && id > 0,
    staleTime: 30 * 60_000,
  });
}
