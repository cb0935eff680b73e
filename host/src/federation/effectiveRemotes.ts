import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@phoenix/contract/src/config';
import { canaryReason, RELEASE_OVERRIDES_PATH, type CanaryAudience, type RemoteOverride } from '@phoenix/contract/src/releases';
import { releasesMayDiffer, type RemoteChoice, type RemoteChoices } from './config';

/**
 * Which version of each remote the signed-in admin runs (docs/releasing.md, "Shipping a remote safely"): this session's QA
 * override, else the pin's canary when the admin is in its audience (canaryReason: named, by role, or
 * the sticky share), else the pin's stable version. Decided before any remote code loads and before the
 * routes are composed, so the routes, the menu and the code all come from the same release.
 *
 * Loaded only when it matters (a pin with a canary, or QA overrides allowed here) and only signed in:
 * the login page's path never carries it.
 */

export interface ReleaseAdmin {
  id: number;
  roles: readonly string[];
}

export interface EffectiveRemotes {
  /** The entries to register and compose routes from, one per remote of the pin. */
  remotes: RuntimeConfig['remotes'];
  choices: RemoteChoices;
}

type Pin = RuntimeConfig['remotes'][RemoteName];

/**
 * The entry of another released version of a remote, beside the pinned one
 * (<base>/remotes/<name>/<version>/mf-manifest.json), or null when the pinned entry is not laid out that
 * way (a development server): then no other version can be loaded from it.
 */
export function releaseEntry(remote: RemoteName, pin: Pick<Pin, 'entry' | 'version'>, version: string): string | null {
  if (version === pin.version) return pin.entry;
  if (!pin.version) return null;
  const folder = `/remotes/${remote}/${pin.version}/`;
  const at = pin.entry.lastIndexOf(folder);
  if (at < 0) return null;
  return `${pin.entry.slice(0, at)}/remotes/${remote}/${version}/${pin.entry.slice(at + folder.length)}`;
}

/** The pure decision: override > canary audience > stable, per remote. */
export function resolveEffectiveRemotes(
  config: Pick<RuntimeConfig, 'remotes'>,
  admin: ReleaseAdmin | null,
  overrides: readonly RemoteOverride[] = [],
): EffectiveRemotes {
  const remotes: Partial<RuntimeConfig['remotes']> = {};
  const choices: RemoteChoices = {};
  for (const [name, pin] of Object.entries(config.remotes) as [RemoteName, Pin][]) {
    if (!pin) continue;
    const { canary, ...stable } = pin;
    const base = { remote: name, stableVersion: pin.version, ...(canary ? { canaryVersion: canary.version } : {}) };
    const override = overrides.find((o) => o.remote === name);
    const overrideEntry = override ? releaseEntry(name, pin, override.version) : null;
    let choice: RemoteChoice;
    if (override && overrideEntry) {
      // An override of the pinned version itself runs the pin's own bytes (and their digest).
      const integrity = override.version === pin.version ? pin.integrity : override.integrity;
      remotes[name] = { version: override.version, entry: overrideEntry, ...(integrity ? { integrity } : {}) };
      choice = { ...base, version: override.version, reason: 'override' };
    } else {
      const why = canary && admin ? canaryReason(name, canary.audience as CanaryAudience, admin) : null;
      if (canary && why) {
        remotes[name] = { version: canary.version, entry: canary.entry, ...(canary.integrity ? { integrity: canary.integrity } : {}) };
        choice = { ...base, version: canary.version, reason: why };
      } else {
        remotes[name] = stable;
        choice = { ...base, ...(pin.version ? { version: pin.version } : {}), reason: 'stable' };
      }
    }
    choices[name] = choice;
  }
  return { remotes: remotes as RuntimeConfig['remotes'], choices };
}

/** Whether two pages would run different versions of some remote (then the next navigation is a full load). */
export function choicesDiffer(a: RemoteChoices, b: RemoteChoices): boolean {
  return REMOTE_NAMES.some((name) => a[name]?.version !== b[name]?.version);
}

export interface SessionLookup {
  fetchImpl?: typeof fetch;
  /** A slow answer leaves the admin on stable rather than holding the console's start. */
  timeoutMs?: number;
}

/** How long the start waits for the admin's identity or overrides before settling for stable. */
export const RESOLVE_TIMEOUT_MS = 3000;

async function call<T>(
  config: Pick<RuntimeConfig, 'apiBase'>,
  token: string,
  method: string,
  path: string,
  options: SessionLookup,
): Promise<T | null> {
  const { fetchImpl = fetch, timeoutMs = RESOLVE_TIMEOUT_MS } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(`${config.apiBase.replace(/\/+$/, '')}${path}`, {
      method,
      headers: { token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: '{}' } : {}),
      signal: controller.signal,
    });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null; // unreachable or too slow: stable (the next check tries again)
  } finally {
    clearTimeout(timer);
  }
}

/** The signed-in admin's id and roles (POST /users/info), or null when unknown. */
export async function fetchReleaseAdmin(
  config: Pick<RuntimeConfig, 'apiBase'>,
  token: string,
  options: SessionLookup = {},
): Promise<ReleaseAdmin | null> {
  const answer = await call<{ data?: { userInfo?: { id?: unknown; roles?: unknown } } }>(config, token, 'POST', '/users/info', options);
  const info = answer?.data?.userInfo;
  return info && typeof info.id === 'number' && Array.isArray(info.roles) ? { id: info.id, roles: info.roles as string[] } : null;
}

/** This session's QA overrides (GET /releases/overrides): asked only where overrides are allowed. */
export async function fetchOverrides(
  config: Pick<RuntimeConfig, 'apiBase' | 'qaOverrides'>,
  token: string,
  options: SessionLookup = {},
): Promise<RemoteOverride[]> {
  if (!config.qaOverrides?.allowed) return [];
  const answer = await call<unknown>(config, token, 'GET', RELEASE_OVERRIDES_PATH, options);
  return Array.isArray(answer) ? (answer as RemoteOverride[]) : [];
}

export interface SessionReleases extends EffectiveRemotes {
  admin: ReleaseAdmin | null;
  overrides: RemoteOverride[];
}

/** The admin's identity and overrides, asked once per token (a new token: asked again). */
const known = new Map<string, Promise<{ admin: ReleaseAdmin | null; overrides: RemoteOverride[] }>>();

export function forgetSessionReleases(): void {
  known.clear();
}

/** resolveEffectiveRemotes for the admin holding `token` (null: signed out, every remote on stable). */
export async function resolveForSession(
  config: RuntimeConfig,
  token: string | null,
  options: SessionLookup = {},
): Promise<SessionReleases> {
  if (!token || !releasesMayDiffer(config)) return { ...resolveEffectiveRemotes(config, null), admin: null, overrides: [] };
  let pending = known.get(token);
  if (!pending) {
    pending = Promise.all([fetchReleaseAdmin(config, token, options), fetchOverrides(config, token, options)]).then(
      ([admin, overrides]) => ({
        admin,
        overrides,
      }),
    );
    known.clear(); // one session at a time
    known.set(token, pending);
    // Unknown (server down): asked again at the next check rather than kept.
    void pending.then(({ admin }) => admin ?? known.delete(token));
  }
  const { admin, overrides } = await pending;
  return { ...resolveEffectiveRemotes(config, admin, overrides), admin, overrides };
}
