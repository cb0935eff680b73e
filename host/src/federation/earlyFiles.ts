import type { RuntimeConfig } from '@phoenix/contract';

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

const early = new Map<string, Promise<Response>>();

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
