import type { RuntimeConfig } from '@phoenix/contract';
import { readSession, type SessionStorage } from '@phoenix/shell/src/session/session';
import { composeAdminTable, routeOf } from '../routes/composeRoutes';

/** Entries may be relative to the console's origin (one server for everything, the local default). */
export function absolute(entry: string): string {
  return new URL(entry, window.location.href).href;
}

/** build-info.json sits beside the manifest (or remoteEntry.js) in every release folder. */
export function buildInfoUrl(entry: string): string {
  return new URL('build-info.json', absolute(entry)).href;
}

/** An entry is a manifest (mf-manifest.json, its scripts listed) or a remoteEntry.js itself. */
export function isManifest(entryUrl: string): boolean {
  return /\.json(?:$|[?#])/.test(entryUrl);
}

/** How long the console's start waits for a remote's routes.json: past it, that remote keeps its seed entries. */
export const ROUTES_TIMEOUT_MS = 4000;

/** routes.json sits beside the remote's mf-manifest.json (or remoteEntry.js), like build-info.json. */
export function routesUrl(entry: string): string {
  return new URL('routes.json', absolute(entry)).href;
}

const early = new Map<string, Promise<Response>>();

/** The entries of /config.json's `remotes`, read without its schema (checked later, by the console's start). */
function remoteEntriesOf(config: unknown): [string, string][] {
  const remotes = (config as { remotes?: unknown } | null)?.remotes;
  if (!remotes || typeof remotes !== 'object') return [];
  return Object.entries(remotes).flatMap(([name, remote]) => {
    const entry = (remote as { entry?: unknown } | null)?.entry;
    return typeof entry === 'string' ? [[name, entry] as [string, string]] : [];
  });
}

/**
 * Started by the entry (index.ts) as soon as /config.json is in, while the shared modules still load:
 * every remote's routes.json (the route table needs them before the first render) and, signed in on a
 * remote page, that page's remote's manifest and build-info. Without it these wait for the bootstrap
 * chunk and its own chunks: one more round trip in front of the first paint on a slow connection. The
 * configuration is not checked here: an entry that is not a URL is skipped, and the start's own
 * reading of the configuration reports it. Plain fetch only: this runs before any shared module.
 */
export function fetchStartFilesEarly(config: unknown, pathname: string, storage: () => SessionStorage): void {
  const entries = remoteEntriesOf(config);
  for (const [, entry] of entries)
    safely(() => request(routesUrl(entry), { cache: 'no-cache', signal: AbortSignal.timeout(ROUTES_TIMEOUT_MS) }));
  const session = safely(() => readSession(storage()));
  if (!session || !('token' in session)) return;
  // The seed's owner of the path: a routes.json that moves the page only means the loader fetches the right one itself.
  const owner = routeOf(composeAdminTable({}), pathname)?.remote;
  const ownerEntry = entries.find(([name]) => name === owner)?.[1];
  if (ownerEntry) safely(() => fetchRemoteFilesEarly({ [owner!]: { entry: ownerEntry } } as Partial<RuntimeConfig['remotes']>));
}

function safely<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined; // a malformed entry or storage: the start's own path reports or ignores it
  }
}

/**
 * A console started signed in on a remote page: that remote's manifest and build-info (small JSON
 * files) requested beside the remotes' routes.json, so the page's remote can start its scripts as soon
 * as the route table names it. No script is fetched or run here; the federation loader (a lazy chunk)
 * takes each answer once (takeEarly).
 */
export function fetchRemoteFilesEarly(remotes: Partial<RuntimeConfig['remotes']>): void {
  for (const remote of Object.values(remotes)) {
    if (!remote) continue;
    const { entry } = remote;
    const manifest = absolute(entry);
    if (isManifest(manifest)) request(manifest);
    request(buildInfoUrl(entry), { cache: 'no-cache' });
  }
}

function request(url: string, init?: RequestInit): void {
  if (early.has(url)) return;
  const pending = fetch(url, init);
  pending.catch(() => {}); // the loader's own request reports it
  early.set(url, pending);
}

/** The start's answer for this URL, once (undefined: none, or already taken). */
export function takeEarly(url: string): Promise<Response> | undefined {
  const pending = early.get(url);
  early.delete(url);
  return pending;
}
