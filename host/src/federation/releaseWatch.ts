import { REMOTE_NAMES, runtimeConfigSchema, type RuntimeConfig } from '@phoenix/contract/src/config';
import { shellStore, tokenAtom } from '@phoenix/shell/src/boot';
import { fetchConfigJson } from '../config/fetchConfigJson';
import { choiceOf, configuredRemoteEntries, fullLoad, setReleasesSettling, type RemoteChoices } from './config';
import { choicesDiffer, resolveForSession } from './effectiveRemotes';

/**
 * Keeps each admin on the versions their pins give them (docs/releasing.md, "Shipping a remote safely"): /config.json is read
 * again at most every RELEASES_RECHECK_MS (or at once when a live event says a pin changed), and when the
 * admin would now run another version of some remote (a canary promoted, aborted or rolled back, an audience
 * changed), the next navigation is a full load of its destination, which registers the new versions.
 * A fresh sign-in is checked at once: a page whose versions differ for this admin is loaded again.
 */

/** How often the pins are read again while signed in. */
export const RELEASES_RECHECK_MS = 30_000;

interface Location {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** The part of a data router this needs (createBrowserRouter's). */
export interface WatchedRouter {
  state: { location: Location; navigation: { location?: Location } };
  subscribe(listener: (state: WatchedRouter['state']) => void): () => void;
}

export interface WatchOptions {
  router: WatchedRouter;
  store?: typeof shellStore;
  /** /config.json, read again (checked with its schema). */
  readConfig?: () => Promise<RuntimeConfig>;
  /** A full load of a console URL. */
  assign?: (url: string) => void;
  now?: () => number;
  recheckMs?: number;
}

async function readConfigJson(): Promise<RuntimeConfig> {
  const parsed = runtimeConfigSchema.safeParse(await fetchConfigJson('/config.json', fetch));
  if (!parsed.success) throw new Error('/config.json is invalid');
  return parsed.data;
}

/** What this page registered: each remote's recorded choice (or its stable version). */
function runningChoices(): RemoteChoices {
  const pins = configuredRemoteEntries();
  return Object.fromEntries(REMOTE_NAMES.flatMap((name) => (pins?.[name] ? [[name, choiceOf(name, pins)]] : [])));
}

const hrefOf = (location: Location) => `${location.pathname}${location.search}${location.hash}`;

let check: (() => Promise<boolean>) | null = null;

/** A live event about pins: read them again now (a no-op before the watch starts). */
export function checkReleasesNow(): Promise<boolean> {
  return check ? check() : Promise.resolve(false);
}

/** Starts the watch; returns its end. */
export function watchReleases(options: WatchOptions): () => void {
  const {
    router,
    store = shellStore,
    readConfig = readConfigJson,
    assign = (url) => fullLoad.to(url),
    now = Date.now,
    recheckMs = RELEASES_RECHECK_MS,
  } = options;
  const running = runningChoices();
  let stale = false;
  let lastCheck = now();
  let inFlight: Promise<boolean> | null = null;
  let token = store.get(tokenAtom);

  const runCheck = (): Promise<boolean> => {
    if (inFlight) return inFlight;
    const current = store.get(tokenAtom);
    if (!current) return Promise.resolve(false);
    lastCheck = now();
    inFlight = readConfig()
      .then((config) => resolveForSession(config, current))
      .then(({ choices }) => (stale = choicesDiffer(running, choices)))
      .catch(() => stale) // unreadable: the page keeps what it runs, the next check tries again
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  check = runCheck;

  const target = () => router.state.navigation.location ?? router.state.location;
  let seen = target().key;
  const stopRouter = router.subscribe(() => {
    const next = target();
    if (next.key === seen) return;
    seen = next.key;
    if (stale) return assign(hrefOf(next));
    // A check under way (a live event's, the timer's) decides this navigation too: it may have found a change.
    const pending = inFlight ?? (now() - lastCheck >= recheckMs ? runCheck() : null);
    if (pending) void pending.then((changed) => changed && assign(hrefOf(target())));
  });

  // A sign-in in this page (or another admin's): their versions, before any remote code runs.
  const stopToken = store.sub(tokenAtom, () => {
    const next = store.get(tokenAtom);
    if (next === token) return;
    token = next;
    if (!next) return;
    const pending = runCheck().then((changed) => {
      if (changed) assign(hrefOf(target()));
      return changed;
    });
    setReleasesSettling(pending.then((changed) => (changed ? new Promise(() => {}) : undefined)));
  });

  const timer = setInterval(() => void runCheck(), recheckMs);
  return () => {
    clearInterval(timer);
    stopRouter();
    stopToken();
    if (check === runCheck) check = null;
  };
}
