// Can this host run a given remote release? Same rules as scripts/lib/semver.mjs (the compose command):
// the host's @phoenix/shell version must satisfy the remote's shellContract range, and every shared
// singleton both name must have the same major version (one React, one router, one store in the page).

/** A release's build-info.json (written beside its remoteEntry.js by shared/build). */
export interface BuildInfo {
  name: string;
  version: string;
  shellContract: string;
  shellVersion?: string;
  singletons: Record<string, string>;
  builtAt?: string;
}

interface Version {
  major: number;
  minor: number;
  patch: number;
  pre: string[];
}

export function parseVersion(text: string): Version | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(String(text ?? '').trim());
  return m ? { major: +m[1], minor: +m[2], patch: +m[3], pre: m[4] ? m[4].split('.') : [] } : null;
}

function compare(x: Version, y: Version): number {
  for (const k of ['major', 'minor', 'patch'] as const) if (x[k] !== y[k]) return x[k] < y[k] ? -1 : 1;
  if (!x.pre.length || !y.pre.length) return x.pre.length === y.pre.length ? 0 : x.pre.length ? -1 : 1;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return +p < +q ? -1 : 1;
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

type Op = '=' | '>=' | '>' | '<=' | '<';
const v = (major: number, minor: number, patch: number, pre: string[] = []): Version => ({ major, minor, patch, pre });

function comparators(term: string): [Op, Version][] {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?$/.exec(term);
  if (!m) throw new Error(`Not a version range: ${term}`);
  const num = (s: string | undefined) => (s === undefined || /^[xX*]$/.test(s) ? null : +s);
  const op = m[1] ?? '';
  const major = num(m[2]);
  const minor = num(m[3]);
  const patch = num(m[4]);
  if (major === null) return [];
  const lo = v(major, minor ?? 0, patch ?? 0, m[5] ? m[5].split('.') : []);
  if (op === '^') {
    const hi = major > 0 || minor === null ? v(major + 1, 0, 0) : minor > 0 || patch === null ? v(0, minor + 1, 0) : v(0, 0, (patch ?? 0) + 1);
    return [['>=', lo], ['<', hi]];
  }
  if (op === '~') return [['>=', lo], ['<', minor === null ? v(major + 1, 0, 0) : v(major, minor + 1, 0)]];
  if (op === '' || op === '=') {
    if (minor === null) return [['>=', lo], ['<', v(major + 1, 0, 0)]];
    if (patch === null) return [['>=', lo], ['<', v(major, minor + 1, 0)]];
    return [['=', lo]];
  }
  return [[op as Op, lo]];
}

/** Does `version` satisfy `range` (exact, ^, ~, x-ranges, comparators, ||)? Invalid input: false. */
export function satisfies(version: string, range: string): boolean {
  const ver = parseVersion(version);
  if (!ver) return false;
  try {
    return String(range)
      .split('||')
      .map((alt) => alt.trim().replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1'))
      .some((alt) => {
        const terms = alt === '' ? [] : alt.split(/\s+/).flatMap(comparators);
        const ok = terms.every(([op, bound]) => {
          const c = compare(ver, bound);
          return { '=': c === 0, '>=': c >= 0, '>': c > 0, '<=': c <= 0, '<': c < 0 }[op];
        });
        if (!ok) return false;
        if (!ver.pre.length) return true;
        return terms.some(([, b]) => b.pre.length > 0 && b.major === ver.major && b.minor === ver.minor && b.patch === ver.patch);
      });
  } catch {
    return false;
  }
}

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
  else if (!satisfies(provides, remote.shellContract)) problems.push(`it needs shell contract ${remote.shellContract}, this console provides ${provides}`);
  for (const [name, version] of Object.entries(remote.singletons ?? {})) {
    const hostVersion = host.singletons?.[name];
    if (hostVersion && parseVersion(hostVersion)?.major !== parseVersion(version)?.major) {
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
