import type { RuntimeConfig } from '@phoenix/contract';

// The bootstrap records the environment's remotes here; the federation loader (a lazy chunk, off the
// login page's path) registers them with the Module Federation runtime on first use.
let remotes: RuntimeConfig['remotes'] | undefined;

export function setConfiguredRemoteEntries(value: RuntimeConfig['remotes']): void {
  remotes = value;
}

export function configuredRemoteEntries(): RuntimeConfig['remotes'] | undefined {
  return remotes;
}
