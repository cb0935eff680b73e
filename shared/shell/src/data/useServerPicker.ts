import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@phoenix/contract';
import type { Query } from '../api/client';
import { useApiFor } from './useApiFor';
import type { ApiTarget } from './queryKeys';

export interface ServerPicker<T> {
  /** What the admin typed; sent as `q` once they pause. */
  q: string;
  setQ: (q: string) => void;
  items: T[];
  /** How many match on the server (more than `items` when the page is full: say so, see PickerNotice). */
  total: number;
  isLoading: boolean;
  error: unknown;
}

/**
 * A picker's options searched on the server (`q`, the list endpoint's own search) instead of the
 * first page only: one page of `pageSize` matches, with the total so the picker can say
 * "showing N of M". Typing waits 250 ms before it asks.
 */
export function useServerPicker<T>(path: string, options: { api?: ApiTarget; query?: Query; pageSize?: number } = {}): ServerPicker<T> {
  const api = useApiFor(options.api);
  const [q, setQ] = useState('');
  const [sent, setSent] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSent(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const pageSize = options.pageSize ?? 50;
  const result = useQuery({
    queryKey: ['resource', path.replace(/^\//, ''), 'picker', options.query ?? {}, sent, pageSize],
    queryFn: () => api.get<Page<T>>(path, { ...options.query, pageSize, ...(sent ? { q: sent } : {}) }),
    placeholderData: keepPreviousData,
  });
  return {
    q,
    setQ,
    items: result.data?.items ?? [],
    total: result.data?.total ?? 0,
    isLoading: result.isLoading,
    error: result.error,
  };
}
