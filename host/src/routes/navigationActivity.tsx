import { useEffect, useRef, type ComponentType } from 'react';

/**
 * Remote-page navigations being prepared (their loaders running). Idle-time preloading waits for
 * them: a click's remote then never shares the network and the main thread with a speculative one.
 */
let pending = 0;
let waiters: (() => void)[] = [];

export function trackNavigation<T>(work: Promise<T>): Promise<T> {
  pending += 1;
  return work.finally(() => {
    pending -= 1;
    if (pending > 0) return;
    const done = waiters;
    waiters = [];
    for (const wake of done) wake();
  });
}

export function isNavigating(): boolean {
  return pending > 0;
}

/** Resolves at once when no navigation is being prepared, else when the last one settles. */
export function whenNoNavigation(): Promise<void> {
  return pending === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
}

/**
 * A part that is not needed to open a page (the dashboard's panels, the navbar's requests badge):
 * while a page is being opened, its first render waits (its fallback stays) until the navigation has
 * settled, so neither its render nor its requests compete with the page's. Checked at each render
 * until shown, as React may reveal a lazy part some time after its module is in (at the earliest
 * 300 ms after its fallback); once shown, it never waits again.
 */
export function notBeforeNavigation(Part: ComponentType): ComponentType {
  return function NotBeforeNavigation() {
    const shown = useRef(false);
    useEffect(() => {
      shown.current = true;
    }, []);
    if (!shown.current && isNavigating()) throw whenNoNavigation(); // React's Suspense protocol: the fallback stays
    return <Part />;
  };
}
