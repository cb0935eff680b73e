// Versions and ranges for the release tooling, on the `semver` package (the host uses the same
// rules in host/src/federation/compatibility.ts): x.y.z[-pre], ^, ~, x-ranges, comparators, ||.
import semver from 'semver';

/** @returns {{ major: number, minor: number, patch: number, pre: string[] } | null} */
export function parseVersion(text) {
  const parsed = semver.parse(String(text ?? '').trim());
  return parsed && { major: parsed.major, minor: parsed.minor, patch: parsed.patch, pre: parsed.prerelease.map(String) };
}

export const isVersion = (text) => parseVersion(text) !== null;

/** -1, 0 or 1, by semver precedence (a pre-release sorts before its release). */
export function compareVersions(a, b) {
  if (!isVersion(a) || !isVersion(b)) throw new Error(`Not a version: ${!isVersion(a) ? a : b}`);
  return semver.compare(String(a).trim(), String(b).trim());
}

/** Does `version` satisfy `range`? Pre-releases only match a range that names the same x.y.z. Invalid input: false. */
export function satisfies(version, range) {
  return isVersion(version) && isValidRange(range) && semver.satisfies(String(version).trim(), range);
}

export const isValidRange = (range) => semver.validRange(String(range)) !== null;

const major = (version) => parseVersion(version)?.major;

/**
 * Can a host run a remote? Both are build-info.json records. The host provides the shell contract
 * (its @phoenix/shell version): it must satisfy the remote's shellContract range; and each shared
 * singleton both name must have the same major (one React, one router… in the page).
 * @returns {{ compatible: boolean, problems: string[] }}
 */
export function checkCompatibility(host, remote) {
  const problems = [];
  const provided = host.shellVersion ?? host.shellContract?.replace(/^[\^~]/, '');
  if (!remote.shellContract) problems.push(`${remote.name ?? 'the remote'} records no shell contract`);
  else if (!provided || !satisfies(provided, remote.shellContract))
    problems.push(`needs shell contract ${remote.shellContract} but the host ${host.version} provides shell ${provided ?? 'unknown'}`);
  for (const [name, version] of Object.entries(remote.singletons ?? {})) {
    const hostVersion = host.singletons?.[name];
    // A remote carries no copy of a singleton (it takes the host's), so one the host lacks would fail mid-load.
    if (host.singletons && !hostVersion) problems.push(`needs ${name} ${version}, which the host does not share`);
    else if (hostVersion && major(hostVersion) !== major(version))
      problems.push(`was built with ${name} ${version} but the host shares ${name} ${hostVersion}`);
  }
  return { compatible: problems.length === 0, problems };
}
