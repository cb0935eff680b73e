import { startTransition, useEffect, useReducer, useState } from 'react';
import {
  QueryObserver,
  notifyManager,
  useQueryClient,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';

/**
 * useQuery (no suspense, no error boundary), whose answers reach React inside a transition. useQuery
 * subscribes through useSyncExternalStore, and React renders every such update at the synchronous
 * lane: a list page's answer was one uninterruptible render of the page, then its rows (80–110 ms
 * unthrottled, the largest task of a cold console page). Here an answer is a state update in a
 * transition: the page and its rows render in one pass React can interrupt. A render that changes the
 * query (a new page or filter) still shows its result at once (the observer's optimistic result:
 * cached data, or the previous page with keepPreviousData), as useQuery does.
 */
export function useTransitionQuery<TData, TError>(
  options: QueryObserverOptions<TData, TError, TData, TData, QueryKey>,
): QueryObserverResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  // As useQuery: the result is "fetching" from the first render when a fetch is about to start.
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(() => new QueryObserver<TData, TError, TData, TData, QueryKey>(client, defaulted));
  const [, answered] = useReducer((n: number) => n + 1, 0);
  const result = observer.getOptimisticResult(defaulted);

  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(answered)));
    // An answer that came between the render and this subscription may already be the observer's
    // current result, taken in while no one listened: compare it with what was rendered, as
    // useSyncExternalStore does with its snapshot. (Subscribing before setOptions is the other half.)
    if (changedSince(result, observer.getCurrentResult())) startTransition(answered);
    return unsubscribe;
    // Subscribed once per observer; `result` is the first committed render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [observer]);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  // Only the fields the caller reads notify it (useQuery's default).
  return observer.trackResult(result);
}

const changedSince = (rendered: object, current: object) =>
  Object.entries(current).some(([key, value]) => typeof value !== 'function' && rendered[key as keyof typeof rendered] !== value);
