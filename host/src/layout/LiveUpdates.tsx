import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@phoenix/contract';
import { resourceKeys, useLiveEvents, useLiveStatus } from '@phoenix/shell';
import { checkReleasesNow } from '../federation/releaseWatch';

/** Dashboard.tsx's DASHBOARD_SUMMARY_RESOURCE (not imported: this part loads without the dashboard's module). */
export const LIVE_DASHBOARD_RESOURCE = 'dashboard/summary';
/** The change requests' queries: the badge's count (RequestsBadge.tsx) and the Requests page's. */
export const CHANGE_REQUESTS_KEY: QueryKey = ['change-requests'];
/** The dashboard's summary shows the newest actions, so every change concerns it. */
const DASHBOARD_KEY: QueryKey = resourceKeys.document(LIVE_DASHBOARD_RESOURCE);

/** What each topic's change makes stale (the queries read it again through their own routes). */
export function liveKeysFor(event: LiveEvent): QueryKey[] {
  const keys: QueryKey[] = [DASHBOARD_KEY];
  if (event.topic === 'changeRequest') keys.push(CHANGE_REQUESTS_KEY);
  if (event.topic === 'presentDistribution') keys.push(resourceKeys.all('present-distributions'));
  if (isReleaseEvent(event)) keys.push(RELEASES_KEY);
  return keys;
}

/** A pin changed (a canary started, promoted, aborted or rolled back): the console reads its pins again at once. */
export function isReleaseEvent(event: LiveEvent): boolean {
  // The BFF's topic for its pins ('releases'), and the action log's for a release or a canary.
  return /release|canary/i.test(event.topic);
}

/** The versions page's query (about/ReleasesPanel.tsx). */
export const RELEASES_KEY: QueryKey = ['releases'];

/** Every key a live event may refresh: read again when the stream (re)opens, and by the fallback poll. */
const ALL_LIVE_KEYS: QueryKey[] = [DASHBOARD_KEY, CHANGE_REQUESTS_KEY, resourceKeys.all('present-distributions')];

/** Events close together (a bulk change, a distribution's batches) refresh once. */
export const LIVE_COALESCE_MS = 200;
/** While the stream is down: the dashboard is read again this often (the badge and the distributions page poll on their own). */
export const DASHBOARD_FALLBACK_POLL_MS = 30_000;

function invalidate(queryClient: QueryClient, keys: Iterable<QueryKey>) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The tab's live updates (one stream, owned by the layout): a change made through any instance of
 * the BFF marks the matching queries stale within a fraction of a second, so the dashboard's live
 * figures, the requests badge and a running distribution follow without a reload. When the stream
 * cannot open, the dashboard is polled instead.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const status = useLiveStatus();

  useLiveEvents({
    onEvent: (event) => {
      if (isReleaseEvent(event)) void checkReleasesNow();
      for (const key of liveKeysFor(event)) pending.current.set(JSON.stringify(key), key);
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        const keys = [...pending.current.values()];
        pending.current.clear();
        invalidate(queryClient, keys);
      }, LIVE_COALESCE_MS);
    },
    // What changed while the stream was down.
    onOpen: () => invalidate(queryClient, ALL_LIVE_KEYS),
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const live = status === 'open';
  useEffect(() => {
    if (live) return;
    const poll = setInterval(() => invalidate(queryClient, [DASHBOARD_KEY]), DASHBOARD_FALLBACK_POLL_MS);
    return () => clearInterval(poll);
  }, [live, queryClient]);

  return null;
}
