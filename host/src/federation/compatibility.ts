import semver from 'semver';

// Can this host run a given remote release? Same rules as scripts/lib/semver.mjs (the compose command), on the same `semver`:
// the host's @phoenix/shell version must satisfy the remote's shellContract range, and the host must share
// every singleton the remote names, at the same major version (one React, one router, one store in the page).

/** A release's build-info.json (written beside its remoteEntry.js by shared/build). */
export interface BuildInfo {
  name: string;
  version: string;
  shellContract: string;
  shellVersion?: string;
  singletons: Record<string, string>;
  builtAt?: string;
}

/** Does `version` satisfy `range` (semver's own rules: ^, ~, x-ranges, comparators, ||)? Invalid input: false. */
export function satisfies(version: string, range: string): boolean {
  return semver.valid(version) !== null && semver.validRange(range) !== null && semver.satisfies(version, range);
}

const majorOf = (version: string) => semver.coerce(version)?.major;

export interface Compatibility {
  compatible: boolean;
  /** The shell-contract version the host provides. */
  provides: string;
  /** One sentence per problem: "needs shell contract ^2.0.0 but …". */
  problems: string[];
}

export function checkCompatibility(host: BuildInfo, remote: BuildInfo): Compatibility {
  const provides = host.shellVersion ?? host.shellContract.replace(/^[\^~]/, '');
  const problems: string[] = [];
  if (!remote.shellContract) problems.push('it records no shell contract');
  else if (!satisfies(provides, remote.shellContract))
    problems.push(`it needs shell contract ${remote.shellContract}, this console provides ${provides}`);
  for (const [name, version] of Object.entries(remote.singletons ?? {})) {
    const hostVersion = host.singletons?.[name];
    // A remote carries no copy of a singleton (it takes the host's), so one the host lacks would fail mid-load.
    if (host.singletons && !hostVersion) problems.push(`it needs ${name} ${version}, which this console does not share`);
    else if (hostVersion && majorOf(hostVersion) !== majorOf(version)) {
      problems.push(`it was built with ${name} ${version}, this console shares ${name} ${hostVersion}`);
    }
  }
  return { compatible: problems.length === 0, provides, problems };
}

/** This host's own build record (undefined in unit tests, where nothing was built). */
export function hostBuildInfo(): BuildInfo | null {
  return typeof __PHOENIX_BUILD__ === 'undefined' || !__PHOENIX_BUILD__ ? null : __PHOENIX_BUILD__;
}

/** Thrown instead of loading a remote the host cannot run; RemotePage shows its own panel for it. */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly remote: string,
    readonly info: BuildInfo,
    readonly compatibility: Compatibility,
  ) {
    super(`${remote} ${info.version} is not compatible with this console: ${compatibility.problems.join('; ')}`);
    this.name = 'RemoteIncompatibleError';
  }
}
