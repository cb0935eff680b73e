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
