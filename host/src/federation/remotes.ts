import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@phoenix/contract';
import type { RemotePages } from '@phoenix/shell';
import { checkCompatibility, hostBuildInfo, RemoteIncompatibleError, type BuildInfo } from './compatibility';

/** Module Federation names are identifiers: user-policy → user_policy (same rule as the build). */
export function federationName(remote: RemoteName): string {
  return remote.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Entries may be relative to the console's origin (one server for everything, the local default). */
function absolute(entry: string): string {
  return new URL(entry, window.location.href).href;
}

let configured: Partial<RuntimeConfig['remotes']> = {};

/** Registers every remote of this environment; nothing is fetched until a page needs it. */
export function registerConfiguredRemotes(remotes: RuntimeConfig['remotes']): void {
  configured = remotes;
  registerRemotes(
    Object.entries(remotes).map(([name, remote]) => ({ name: federationName(name as RemoteName), entry: absolute(remote.entry) })),
  );
}

/** The remotes this environment configures (what /config.json said). */
export function configuredRemotes(): Partial<RuntimeConfig['remotes']> {
  return configured;
}

/** build-info.json sits beside the manifest (or remoteEntry.js) in every release folder. */
export function buildInfoUrl(entry: string): string {
  return new URL('build-info.json', absolute(entry)).href;
}

const infos = new Map<RemoteName, Promise<BuildInfo | null>>();

/**
 * What the configured release of a remote was built against, or null when it cannot be read (server
 * down, a build without the file): then loading goes ahead and fails or succeeds on its own.
 */
export function fetchRemoteBuildInfo(remote: RemoteName, fetchImpl: typeof fetch = fetch): Promise<BuildInfo | null> {
  const entry = configured[remote];
  if (!entry) return Promise.resolve(null);
  let pending = infos.get(remote);
  if (!pending) {
    pending = fetchImpl(buildInfoUrl(entry.entry), { cache: 'no-cache' })
      .then((res) => (res.ok ? (res.json() as Promise<BuildInfo>) : null))
      .then((info) => (info && typeof info.version === 'string' ? info : null))
      .catch(() => null);
    infos.set(remote, pending);
    pending.then((info) => info ?? infos.delete(remote));
  }
  return pending;
}

const loadedVersions = new Map<RemoteName, string>();

/** Version of a remote loaded in this page (undefined until one of its pages was opened). */
export function loadedRemoteVersion(remote: RemoteName): string | undefined {
  return loadedVersions.get(remote);
}

const loaded = new Map<RemoteName, Promise<RemotePages>>();

async function fetchPages(remote: RemoteName): Promise<RemotePages> {
  if (!configured[remote]) throw new Error(`The ${remote} remote is not configured for this environment`);
  const info = await fetchRemoteBuildInfo(remote);
  const host = hostBuildInfo();
  if (info && host) {
    const compatibility = checkCompatibility(host, info);
    if (!compatibility.compatible) throw new RemoteIncompatibleError(remote, info, compatibility);
  }
  const module = await loadRemote<{ default: RemotePages }>(`${federationName(remote)}/pages`);
  if (!module?.default) throw new Error(`The ${remote} remote did not provide its pages`);
  loadedVersions.set(remote, info?.version ?? configured[remote]?.version ?? 'unknown');
  return module.default;
}

/** The pages a remote exposes, loaded once; a failed load is forgotten so "Retry" really retries. */
export function loadRemotePages(remote: RemoteName): Promise<RemotePages> {
  let pending = loaded.get(remote);
  if (!pending) {
    pending = fetchPages(remote);
    loaded.set(remote, pending);
    pending.catch(() => loaded.delete(remote));
  }
  return pending;
}

/** Forget a failed remote so its entry is fetched again (force re-registers and clears MF's cache). */
export function resetRemote(remote: RemoteName): void {
  loaded.delete(remote);
  infos.delete(remote);
  const entry = configured[remote];
  if (entry) registerRemotes([{ name: federationName(remote), entry: absolute(entry.entry) }], { force: true });
}
