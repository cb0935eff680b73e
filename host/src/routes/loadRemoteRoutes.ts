import type { RemoteName, RuntimeConfig } from '@phoenix/contract';
// By path: the console's first paint needs these two schemas, not the contract's ~200 (loaded after it).
import { remoteRoutesManifestSchema, type RemoteRoutesManifest } from '@phoenix/contract/src/remoteRoutes';
import type { RemoteManifests } from './composeRoutes';
import { ROUTES_TIMEOUT_MS, routesUrl, takeEarly } from '../federation/earlyFiles';

export { ROUTES_TIMEOUT_MS, routesUrl } from '../federation/earlyFiles';

export interface LoadRemoteRoutesOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** The shell-contract version this console provides (its build record); none under jest: no check. */
  provides?: string;
}

/**
 * Reads every configured remote's routes.json, in parallel, without loading any of its code. A remote
 * whose file cannot be read, is invalid, names another remote or needs a shell contract this console
 * does not provide gets null: its seed entries stay, and its pages show why it cannot be loaded.
 */
export async function loadRemoteManifests(
  remotes: RuntimeConfig['remotes'],
  options: LoadRemoteRoutesOptions = {},
): Promise<RemoteManifests> {
  const { fetchImpl = fetch, timeoutMs = ROUTES_TIMEOUT_MS, provides } = options;
  // semver stays off the start's path when there is nothing to check (and loads while the files do).
  const satisfies = provides ? import('../federation/compatibility').then((m) => m.satisfies) : undefined;
  const entries = await Promise.all(
    (Object.entries(remotes) as [RemoteName, { entry: string }][]).map(async ([name, { entry }]) => {
      try {
        const manifest = await fetchManifest(name, routesUrl(entry), fetchImpl, timeoutMs);
        if (satisfies && provides && !(await satisfies)(provides, manifest.shellContract)) {
          throw new Error(`it needs shell contract ${manifest.shellContract}, this console provides ${provides}`);
        }
        return [name, manifest] as const;
      } catch (error) {
        console.warn(`[routes] ${name}: its routes could not be used (${error instanceof Error ? error.message : String(error)})`);
        return [name, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

async function fetchManifest(name: RemoteName, url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<RemoteRoutesManifest> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // The entry's request when it made one (index.ts, beside the shared modules), else a new one.
    const started = fetchImpl === fetch ? takeEarly(url) : undefined;
    const response = await (started ?? fetchImpl(url, { cache: 'no-cache', signal: controller.signal }));
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const parsed = remoteRoutesManifestSchema.safeParse(await response.json());
    if (!parsed.success)
      throw new Error(`${url} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    if (parsed.data.remote !== name) throw new Error(`${url} is the manifest of ${parsed.data.remote}`);
    return parsed.data;
  } finally {
    clearTimeout(timer);
  }
}
