import { RELEASE_VERSION, type RemoteName, type RuntimeConfig } from '@phoenix/contract';
import { checkCompatibility, hostBuildInfo, type BuildInfo } from '../federation/compatibility';
import { buildInfoUrl } from '../federation/earlyFiles';
import { releaseEntry } from '../federation/effectiveRemotes';

/** Why an override is refused: a key of the 'releases' strings and its values. */
export interface OverrideRefusal {
  key: string;
  values: Record<string, string>;
}

/**
 * Whether this console may load `version` of `remote` instead of its pin (docs/releasing.md, "Shipping a remote safely"):
 * the version is a release (its build-info.json is there: 404 → never released) and fits this host (the
 * compatibility check every remote passes before it runs). The BFF has no artifacts: the console checks.
 * null: go ahead.
 */
export async function checkOverride(
  remote: RemoteName,
  version: string,
  pin: RuntimeConfig['remotes'][RemoteName] | undefined,
  { fetchImpl = fetch, host = hostBuildInfo() }: { fetchImpl?: typeof fetch; host?: BuildInfo | null } = {},
): Promise<OverrideRefusal | null> {
  const values = { remote, version };
  if (!RELEASE_VERSION.test(version)) return { key: 'override.invalidVersion', values };
  const entry = pin ? releaseEntry(remote, pin, version) : null;
  if (!entry) return { key: 'override.noReleaseFolder', values };
  let response: Response;
  try {
    response = await fetchImpl(buildInfoUrl(entry), { cache: 'no-cache' });
  } catch {
    return { key: 'override.unreadable', values };
  }
  if (response.status === 404) return { key: 'override.neverReleased', values };
  const info = response.ok ? ((await response.json().catch(() => null)) as BuildInfo | null) : null;
  if (!info || typeof info.version !== 'string') return { key: 'override.unreadable', values };
  if (info.version !== version) return { key: 'override.neverReleased', values };
  const compatibility = host ? checkCompatibility(host, info) : null;
  if (compatibility && !compatibility.compatible)
    return { key: 'override.incompatible', values: { ...values, problems: compatibility.problems.join('; ') } };
  return null;
}
