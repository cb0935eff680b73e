import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// Pinned remotes (runtime config `remotes.<name>.integrity`, docs/releasing.md): the browser itself refuses
// an entry script whose bytes are not the release's (Subresource Integrity), so a tampered static host cannot
// run its code in the console. The host only explains a refusal afterwards (integrityFailure).

/** The Subresource Integrity form of some bytes' sha-384, as build-info.json records it: "sha384-<base64>". */
export async function sha384(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

/** Thrown instead of running a remote whose entry is not the release the environment pins; RemotePage shows its own panel. */
export class RemoteIntegrityError extends Error {
  constructor(
    readonly remote: string,
    readonly url: string,
    readonly pinned: string,
    /** What the server sends now; null: the manifest asks for an entry the pin cannot cover. */
    readonly served: string | null,
  ) {
    super(
      served
        ? `${remote}: ${url} is not the release this environment pins (pinned ${pinned}, served ${served}); it was not run`
        : `${remote}: its manifest names an entry the pin cannot cover (${url}: not a classic script of its own); it was not run`,
    );
    this.name = 'RemoteIntegrityError';
  }
}

/** A remote's pin by its federation name (undefined: not pinned, loaded as before). */
export type PinOf = (federationName: string) => { remote: string; integrity: string } | undefined;

/** The entry script URL the runtime injected for each pinned remote: what a failure is checked against. */
const entryUrls = new Map<string, string>();

/** Entry types the runtime imports (import(), System.import) instead of injecting a <script>: no integrity attribute applies. */
const UNPINNABLE_TYPES = new Set(['esm', 'module', 'system']);

export function integrityPlugin(pinOf: PinOf): ModuleFederationRuntimePlugin {
  return {
    name: 'phoenix-remote-integrity',
    // A (possibly tampered) manifest lists the `./pages` chunks, and the runtime injects them as <script>s
    // ahead of the entry: for a pinned remote only the verified entry's own loader fetches its chunks.
    beforePreloadRemote({ preloadOps }) {
      for (let i = preloadOps.length - 1; i >= 0; i--) if (pinOf(preloadOps[i]!.nameOrAlias)) preloadOps.splice(i, 1);
    },
    // The manifest also says how its entry is loaded and which global it defines: a pinned remote must be
    // a classic script (so createScript below pins it) defining its own global (not one already in the page).
    loadEntry({ remoteInfo }) {
      const pin = pinOf(remoteInfo.name);
      if (pin && (UNPINNABLE_TYPES.has(remoteInfo.type) || (remoteInfo.entryGlobalName || remoteInfo.name) !== remoteInfo.name))
        throw new RemoteIntegrityError(pin.remote, remoteInfo.entry, pin.integrity, null);
    },
    createScript({ url, remoteInfo, resourceContext }) {
      const pin = remoteInfo && pinOf(remoteInfo.name);
      // Only the entry: its chunks are fetched by its own webpack loader, unpinned (docs/releasing.md).
      if (!pin || (resourceContext && resourceContext.resourceType !== 'remoteEntry')) return undefined;
      entryUrls.set(remoteInfo.name, url);
      const script = document.createElement('script');
      script.src = url;
      script.integrity = pin.integrity;
      script.crossOrigin = 'anonymous'; // integrity needs a CORS fetch (the remotes' servers already allow it)
      return script;
    },
  };
}

/**
 * After a pinned remote failed to load: its entry fetched again and hashed here. A RemoteIntegrityError when
 * the bytes differ from the pin; null when they match or cannot be read (unreachable: the usual failure).
 */
export async function integrityFailure(
  remote: string,
  federationName: string,
  pinned: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteIntegrityError | null> {
  const url = entryUrls.get(federationName);
  if (!url || !globalThis.crypto?.subtle) return null; // no entry injected yet, or no WebCrypto (not a secure context)
  try {
    const response = await fetchImpl(url, { cache: 'no-cache', mode: 'cors', credentials: 'omit' });
    if (!response.ok) return null;
    const served = await sha384(await response.arrayBuffer());
    return served === pinned ? null : new RemoteIntegrityError(remote, url, pinned, served);
  } catch {
    return null;
  }
}
