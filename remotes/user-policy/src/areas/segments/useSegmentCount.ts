import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { segmentsResource, type SegmentCount, type SegmentCriteria } from '@phoenix/contract';
import { ApiRequestError, useApi } from '@phoenix/shell';

/** How long the criteria must stay still before they are counted: typing a level asks once, not per key. */
export const COUNT_DEBOUNCE_MS = 400;

/** `value`, once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/** The live count of players matching criteria as they are edited (POST /segments/count, debounced). */
export function useSegmentCount(criteria: SegmentCriteria) {
  const api = useApi();
  const settled = useDebounced(criteria, COUNT_DEBOUNCE_MS);
  const query = useQuery<SegmentCount, ApiRequestError>({
    queryKey: ['segments', 'count', settled],
    queryFn: () => api.post<SegmentCount>(`${segmentsResource.path}/count`, { criteria: settled }),
    placeholderData: (previous) => previous,
    retry: false,
  });
  // Still typing: the figure shown is the last one counted.
  const pending = JSON.stringify(settled) !== JSON.stringify(criteria) || query.isFetching;
  return { ...query, pending };
}
