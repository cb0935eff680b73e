import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useAtomValue, useStore } from 'jotai';
import type { LiveEvent } from '@phoenix/contract';
import { tokenAtom } from '../core/authState';
import { runtimeConfigAtom } from '../core/config';
import { connectLiveEvents, liveStatus, watchLiveStatus, type LiveStatus } from './liveEvents';

/**
 * Opens the tab's live stream while someone is signed in (the host's layout calls it once):
 * `onEvent` for each change, `onOpen` each time it (re)connects.
 */
export function useLiveEvents(handlers: { onEvent: (event: LiveEvent) => void; onOpen?: () => void }): void {
  const store = useStore();
  const token = useAtomValue(tokenAtom);
  const baseUrl = useAtomValue(runtimeConfigAtom)?.apiBase ?? null;
  const latest = useRef(handlers);
  latest.current = handlers;
  const signedIn = token !== null;
  useEffect(() => {
    if (!signedIn || baseUrl === null) return;
    return connectLiveEvents({
      baseUrl,
      getToken: () => store.get(tokenAtom),
      onEvent: (event) => latest.current.onEvent(event),
      onOpen: () => latest.current.onOpen?.(),
    });
  }, [signedIn, baseUrl, store]);
}

/** The live stream's state: 'open' while changes arrive as they happen. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(watchLiveStatus, liveStatus, liveStatus);
}

/** A query's refetch interval as a fallback: `ms` while the live stream is not open, none while it is. */
export function useLiveFallbackInterval(ms: number): number | false {
  return useLiveStatus() === 'open' ? false : ms;
}
