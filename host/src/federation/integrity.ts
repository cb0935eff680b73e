import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// Pinned remotes (runtime config `remotes.<name>.integrity`, docs/releasing.md): the browser itself refuses
// an entry script whose bytes are not the release's (Subresource Integrity), so a tampered static host cannot
// run its code in the console. The entry carries its chunks' digests (the remotes' build, shared/build), so
// the browser refuses a changed chunk too. The host only explains a refusal afterwards (integrityFailure).

/** The Subresource Integrity form of some bytes' sha-384, as build-info.json records it: "sha384-<base64>". */
export async function sha384(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

/** Thrown instead of running a remote whose files are not the release the environment pins; RemotePage shows its own panel. */
export class RemoteIntegrityError extends Error {
  constructor(
    readonly remote: string,
    readonly url: string,
    /** The entry's pin; for a chunk, the digest the pinned entry holds for it. */
    readonly pinned: string,
    /** What the server sends now; null: the manifest asks for an entry the pin cannot cover. */
    readonly served: string | null,
    readonly file: 'entry' | 'chunk' = 'entry',
  ) {
    super(
      !served
        ? `${remote}: its manifest names an entry the pin cannot cover (${url}: not a classic script of its own); it was not run`
        : file === 'chunk'
          ? `${remote}: ${url} does not match the digest its pinned entry holds for it (expected ${pinned}, served ${served}); it was not run`
          : `${remote}: ${url} is not the release this environment pins (pinned ${pinned}, served ${served}); it was not run`,
    );
    this.name = 'RemoteIntegrityError';
  }
}

/** A remote's pin by its federation name (undefined: not pinned, loaded as before). */
export type PinOf = (federationName: string) => { remote: string; integrity: string } | undefined;

/** The entry script URL the runtime injected for each pinned remote: what a failure is checked against. */
const entryUrls = new Map<string, string>();

/**
 * Scripts that failed to load while carrying an `integrity` attribute (URL → that digest): a pinned remote's
 * chunks, injected by its own webpack loader, which removes the element on failure. Recorded in the capture
 * phase, before that loader's handler runs; a refusal and an unreachable file look alike until checked.
 */
const failedScripts = new Map<string, string>();

function recordFailedScript(event: Event): void {
  const script = event.target;
  if (script instanceof HTMLScriptElement && script.src && script.integrity) failedScripts.set(script.src, script.integrity);
}

/** Entry types the runtime imports (import(), System.import) instead of injecting a <script>: no integrity attribute applies. */
const UNPINNABLE_TYPES = new Set(['esm', 'module', 'system']);

export function integrityPlugin(pinOf: PinOf): ModuleFederationRuntimePlugin {
  if (typeof window !== 'undefined') window.addEventListener('error', recordFailedScript, true); // resource errors do not bubble
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
      // Only the entry: its own webpack loader fetches its chunks, each with the digest the entry holds for it.
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
 * After a pinned remote failed to load: its entry fetched again and hashed here, then, when it is the pinned
 * one, each of its chunks that failed to load, against the digest the entry gave it. A RemoteIntegrityError
 * when bytes differ; null when they match or cannot be read (unreachable: the usual failure).
 */
export async function integrityFailure(
  remote: string,
  federationName: string,
  pinned: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteIntegrityError | null> {
  const url = entryUrls.get(federationName);
  if (!url || !globalThis.crypto?.subtle) return null; // no entry injected yet, or no WebCrypto (not a secure context)
  const entry = await servedDigest(url, fetchImpl);
  if (!entry) return null;
  if (entry !== pinned) return new RemoteIntegrityError(remote, url, pinned, entry);
  // Its chunks are under the entry's folder (publicPath 'auto'). Checked once: a retry records afresh.
  const folder = new URL('.', url).href;
  for (const [chunk, expected] of failedScripts) {
    if (chunk === url || !chunk.startsWith(folder)) continue;
    failedScripts.delete(chunk);
    const served = await servedDigest(chunk, fetchImpl);
    if (served && !expected.split(/\s+/).includes(served)) return new RemoteIntegrityError(remote, chunk, expected, served, 'chunk');
  }
  return null;
}

/** The sha-384 of what the server sends for a URL now; null when it cannot be read. */
async function servedDigest(url: string, fetchImpl: typeof fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(url, { cache: 'no-cache', mode: 'cors', credentials: 'omit' });
    return response.ok ? await sha384(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}
