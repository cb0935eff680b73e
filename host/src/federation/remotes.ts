import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@phoenix/contract';
import type { RemotePages } from '@phoenix/shell';
import { checkCompatibility, hostBuildInfo, RemoteIncompatibleError, type BuildInfo } from './compatibility';
import { configuredRemoteEntries, releasesSettled } from './config';
import { absolute, buildInfoUrl, isManifest, takeEarly } from './earlyFiles';
import { integrityFailure, integrityPlugin, RemoteIntegrityError } from './integrity';
import type { RemotePagesModule } from './pageModule';
import type { ReleaseReporter } from './reports';
import { yieldToBrowser } from '../config/yieldToBrowser';
// The host's whole shell, loaded before any remote is registered (all registering is in this module):
// the federation runtime then keeps this loaded copy as the one singleton, so every remote runs on the
// very instances the host's first paint imported through @phoenix/shell/src/boot.
import '@phoenix/shell';

/** Module Federation names are identifiers: user-policy → user_policy (same rule as the build). */
export function federationName(remote: RemoteName): string {
  return remote.replace(/[^A-Za-z0-9_]/g, '_');
}

let configured: Partial<RuntimeConfig['remotes']> = {};
let registered = false;

/**
 * Manifests fetched by the host itself (beside build-info.json, in parallel) and handed to the
 * federation runtime through its `fetch` hook, so the runtime does not fetch them a second time.
 */
const prefetchedManifests = new Map<string, Promise<Response>>();

const prefetchedManifestPlugin: ModuleFederationRuntimePlugin = {
  name: 'phoenix-prefetched-manifest',
  fetch(url) {
    const pending = prefetchedManifests.get(url);
    if (!pending) return undefined;
    prefetchedManifests.delete(url); // one use: a retry fetches afresh
    return pending;
  },
};

/** A remote's integrity pin by its federation name (the runtime's hooks only know that name). */
function pinOf(name: string): { remote: string; integrity: string } | undefined {
  for (const [remote, entry] of Object.entries(configured))
    if (federationName(remote as RemoteName) === name && entry?.integrity) return { remote, integrity: entry.integrity };
  return undefined;
}

/** Registers every remote of this environment; nothing is fetched until a page needs it. */
export function registerConfiguredRemotes(remotes: RuntimeConfig['remotes']): void {
  configured = remotes;
  if (!registered) registerPlugins([prefetchedManifestPlugin, integrityPlugin(pinOf)]);
  registered = true;
  registerRemotes(
    Object.entries(remotes).map(([name, remote]) => ({ name: federationName(name as RemoteName), entry: absolute(remote.entry) })),
  );
}

/** The bootstrap only records the configuration (no federation code on the login path): register on first use. */
function ensureRegistered(): void {
  const remotes = configuredRemoteEntries();
  if (!registered && remotes) registerConfiguredRemotes(remotes);
}

/** The remotes this environment configures (what /config.json said). */
export function configuredRemotes(): Partial<RuntimeConfig['remotes']> {
  ensureRegistered();
  return configured;
}

const infos = new Map<RemoteName, Promise<BuildInfo | null>>();

/**
 * What the configured release of a remote was built against, or null when it cannot be read (server
 * down, a build without the file): then loading goes ahead and fails or succeeds on its own.
 */
export function fetchRemoteBuildInfo(remote: RemoteName, fetchImpl: typeof fetch = fetch): Promise<BuildInfo | null> {
  ensureRegistered();
  const entry = configured[remote];
  if (!entry) return Promise.resolve(null);
  let pending = infos.get(remote);
  if (!pending) {
    const url = buildInfoUrl(entry.entry);
    pending = ((fetchImpl === fetch && takeEarly(url)) || fetchImpl(url, { cache: 'no-cache' }))
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

/** Each manifest's body, fetched once per page (a failure is forgotten, so the next call retries). */
const manifestBodies = new Map<string, Promise<unknown>>();

/**
 * Starts fetching a remote's manifest (when its entry is one) and, as soon as it is in, hints its
 * remoteEntry and the `./pages` chunks with <link rel="preload"> (or "prefetch"; none for null):
 * fetched, not executed, so the compatibility check still decides whether any of its code runs.
 */
function prefetchManifest(entryUrl: string, rel: ScriptHint | null = 'preload', integrity?: string): Promise<unknown> {
  if (!isManifest(entryUrl)) return Promise.resolve();
  let body = manifestBodies.get(entryUrl);
  if (!body) {
    const pending = takeEarly(entryUrl) ?? fetch(entryUrl);
    prefetchedManifests.set(entryUrl, pending);
    pending.catch(() => prefetchedManifests.delete(entryUrl));
    body = pending.then((response) => (response.ok ? response.clone().json() : null)).catch(() => null); // the runtime reports it
    manifestBodies.set(entryUrl, body);
    void body.then((manifest: unknown) => manifest ?? manifestBodies.delete(entryUrl));
  }
  return body.then((manifest: unknown) => {
    if (rel && manifest) preloadManifestScripts(entryUrl, manifest, rel, integrity);
  });
}

interface ManifestShape {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** preload: needed now (a page being opened); prefetch: maybe later (idle time), at the lowest priority. */
type ScriptHint = 'preload' | 'prefetch';

function preloadManifestScripts(entryUrl: string, manifest: unknown, rel: ScriptHint, integrity?: string): void {
  const { metaData, exposes } = (manifest ?? {}) as ManifestShape;
  if (!metaData?.remoteEntry?.name) return;
  const base = metaData.publicPath && metaData.publicPath !== 'auto' ? new URL(metaData.publicPath, entryUrl).href : entryUrl;
  const files = [[metaData.remoteEntry.path, metaData.remoteEntry.name].filter(Boolean).join('/')];
  for (const expose of exposes ?? []) if (expose.path === './pages') files.push(...(expose.assets?.js?.sync ?? []));
  // A pinned entry is run with integrity and CORS: its hint must say the same, or the browser fetches it twice.
  // Its chunks are then loaded with digests only the entry holds: a preload without one is not used ("integrity
  // mismatch") and the chunk is fetched again, so they are only prefetched (into the HTTP cache), with CORS.
  files.forEach((file, i) =>
    i === 0 || !integrity
      ? preloadScript(new URL(file, base).href, rel, i === 0 ? integrity : undefined)
      : preloadScript(new URL(file, base).href, 'prefetch', undefined, true),
  );
}

const hintedScripts = new Map<string, ScriptHint>();

function preloadScript(href: string, rel: ScriptHint, integrity?: string, cors = Boolean(integrity)): void {
  // Once per script, but an idle-time prefetch is raised to a preload when its page is being opened.
  const hinted = hintedScripts.get(href);
  if (typeof document === 'undefined' || hinted === rel || hinted === 'preload') return;
  hintedScripts.set(href, rel);
  const link = document.createElement('link');
  link.rel = rel;
  link.as = 'script';
  link.href = href;
  if (integrity) link.integrity = integrity;
  if (cors) link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

/**
 * Idle time: fetch a remote's build-info, manifest, remoteEntry and `./pages` chunks into the cache
 * without running any of it (no main-thread work, none of its translations), so a first click only
 * runs code already here. Never rejects.
 */
export function prefetchRemoteFiles(remote: RemoteName): Promise<void> {
  ensureRegistered();
  const entry = configured[remote];
  if (!entry || loaded.has(remote)) return Promise.resolve();
  return Promise.all([fetchRemoteBuildInfo(remote), prefetchManifest(absolute(entry.entry), 'prefetch', entry.integrity)]).then(noop, noop);
}

function noop(): void {}

const loaded = new Map<RemoteName, Promise<RemotePagesModule>>();
const ready = new Map<RemoteName, RemotePagesModule>();

async function fetchPages(remote: RemoteName): Promise<RemotePagesModule> {
  await releasesSettled(); // a fresh sign-in's versions are known first (federation/releaseWatch.ts)
  ensureRegistered();
  const entry = configured[remote];
  if (!entry) throw new Error(`The ${remote} remote is not configured for this environment`);
  // build-info.json and the manifest in parallel: the check needs the first, loading the second.
  const [info] = await Promise.all([fetchRemoteBuildInfo(remote), prefetchManifest(absolute(entry.entry), 'preload', entry.integrity)]);
  const host = hostBuildInfo();
  if (info && host) {
    const compatibility = checkCompatibility(host, info);
    if (!compatibility.compatible) throw new RemoteIncompatibleError(remote, info, compatibility);
  }
  // The factory, not the module: the remote's entry and its share negotiation run in the task its script
  // arrives in; its pages module (and the schemas it builds) is evaluated in a task of its own after it.
  const factory = await loadRemote<() => RemotePagesModule>(`${federationName(remote)}/pages`, {
    loadFactory: false,
    from: 'runtime',
  }).catch((error: unknown) => explainFailure(remote, error));
  await yieldToBrowser();
  const module = typeof factory === 'function' ? factory() : undefined;
  if (!module?.default) throw new Error(`The ${remote} remote did not provide its pages`);
  loadedVersions.set(remote, info?.version ?? configured[remote]?.version ?? 'unknown');
  ready.set(remote, module);
  return module;
}

/**
 * A pinned remote that failed to load: the browser refuses a script whose bytes do not match without saying
 * so to the page (a plain load error), so check whether that was it. Always throws: the refusal, or the error.
 */
async function explainFailure(remote: RemoteName, error: unknown): Promise<never> {
  throw (await integrityRefusal(remote, error)) ?? error;
}

/**
 * Whether a remote's failure (its load, or a page's lazy chunk) was the browser refusing bytes its pin
 * does not vouch for: the refusal, said in the operator's console too, or null (another failure, or not pinned).
 */
export async function integrityRefusal(remote: RemoteName, error: unknown): Promise<RemoteIntegrityError | null> {
  const pinned = configured[remote]?.integrity;
  const refusal =
    error instanceof RemoteIntegrityError
      ? error
      : pinned
        ? await integrityFailure(remote, federationName(remote), pinned).catch(() => null)
        : null;
  if (refusal) console.error(`Remote refused: ${refusal.message}`); // which bytes were refused
  return refusal;
}

/** A remote's `./pages` module (its page map and optional prefetchers), loaded once; a failure is forgotten so "Retry" retries. */
export function loadRemotePagesModule(remote: RemoteName): Promise<RemotePagesModule> {
  let pending = loaded.get(remote);
  if (!pending) {
    pending = fetchPages(remote);
    loaded.set(remote, pending);
    pending.then(
      () => reportRelease((reporter) => reporter.session(remote)),
      (error: unknown) => {
        loaded.delete(remote);
        reportRelease((reporter) => reporter.error('load-failed', remote, error));
      },
    );
  }
  return pending;
}

/**
 * Tells the BFF about a remote version (federation/reports.ts): its module loads with the first remote
 * that loads or fails, never before. A reporter that cannot load changes nothing for the page.
 */
export function reportRelease(use: (reporter: ReleaseReporter) => void): void {
  void import('./reports').then(({ releaseReporter }) => use(releaseReporter())).catch(() => {});
}

/** The pages a remote exposes, loaded once. */
export function loadRemotePages(remote: RemoteName): Promise<RemotePages> {
  return loadRemotePagesModule(remote).then((module) => module.default);
}

/** The pages of a remote already loaded in this page, synchronously (undefined while loading). */
export function loadedRemotePages(remote: RemoteName): RemotePages | undefined {
  return ready.get(remote)?.default;
}

/** Forget a failed remote so its entry is fetched again (force re-registers and clears MF's cache). */
export function resetRemote(remote: RemoteName): void {
  loaded.delete(remote);
  ready.delete(remote);
  infos.delete(remote);
  const entry = configured[remote];
  if (entry) {
    prefetchedManifests.delete(absolute(entry.entry));
    manifestBodies.delete(absolute(entry.entry));
    registerRemotes([{ name: federationName(remote), entry: absolute(entry.entry) }], { force: true });
  }
}
