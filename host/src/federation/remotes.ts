import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@phoenix/contract';
import type { RemotePages } from '@phoenix/shell';

/** Module Federation names are identifiers: user-policy → user_policy (same rule as the build). */
export function federationName(remote: RemoteName): string {
  return remote.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Entries may be relative to the console's origin (one server for everything, the local default). */
function absolute(entry: string): string {
  return new URL(entry, window.location.href).href;
}

let configured: RuntimeConfig['remotes'] = {};

/** Registers every remote of this environment; nothing is fetched until a page needs it. */
export function registerConfiguredRemotes(remotes: RuntimeConfig['remotes']): void {
  configured = remotes;
  registerRemotes(
    Object.entries(remotes).map(([name, remote]) => ({ name: federationName(name as RemoteName), entry: absolute(remote.entry) })),
  );
}

const loaded = new Map<RemoteName, Promise<RemotePages>>();

async function fetchPages(remote: RemoteName): Promise<RemotePages> {
  if (!configured[remote]) throw new Error(`The ${remote} remote is not configured for this environment`);
  const module = await loadRemote<{ default: RemotePages }>(`${federationName(remote)}/pages`);
  if (!module?.default) throw new Error(`The ${remote} remote did not provide its pages`);
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
  const entry = configured[remote];
  if (entry) registerRemotes([{ name: federationName(remote), entry: absolute(entry.entry) }], { force: true });
}
