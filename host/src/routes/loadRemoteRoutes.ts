import { remoteRoutesManifestSchema, type RemoteName, type RemoteRoutesManifest, type RuntimeConfig } from '@phoenix/contract';
import type { RemoteManifests } from './composeRoutes';

/** How long the console's start waits for a remote's routes.json: past it, that remote keeps its seed entries. */
export const ROUTES_TIMEOUT_MS = 4000;

/** routes.json sits beside the remote's mf-manifest.json (or remoteEntry.js), like build-info.json. */
export function routesUrl(entry: string): string {
  return new URL('routes.json', new URL(entry, window.location.href)).href;
}

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
    const response = await fetchImpl(url, { cache: 'no-cache', signal: controller.signal });
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
