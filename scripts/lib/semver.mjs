// The little semver the release tooling needs (no dependency): versions x.y.z[-pre], and ranges
// made of exact versions, ^, ~, x-ranges and comparators (>=, >, <=, <), space-separated (AND)
// and joined by || (OR). The host has the same rules in host/src/federation/compatibility.ts.

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** @returns {{ major: number, minor: number, patch: number, pre: string[] } | null} */
export function parseVersion(text) {
  const m = VERSION.exec(String(text ?? '').trim());
  if (!m) return null;
  return { major: +m[1], minor: +m[2], patch: +m[3], pre: m[4] ? m[4].split('.') : [] };
}

export function isVersion(text) {
  return parseVersion(text) !== null;
}

/** -1, 0 or 1, by semver precedence (a pre-release sorts before its release). */
export function compareVersions(a, b) {
  const x = typeof a === 'string' ? parseVersion(a) : a;
  const y = typeof b === 'string' ? parseVersion(b) : b;
  if (!x || !y) throw new Error(`Not a version: ${!x ? a : b}`);
  for (const k of ['major', 'minor', 'patch']) if (x[k] !== y[k]) return x[k] < y[k] ? -1 : 1;
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

/** Partial version: 1, 1.2, 1.2.3, with x/X/* wildcards. */
function parsePartial(text) {
  const m = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?$/.exec(text);
  if (!m) return null;
  const num = (s) => (s === undefined || /^[xX*]$/.test(s) ? null : +s);
  return { major: num(m[1]), minor: num(m[2]), patch: num(m[3]), pre: m[4] ? m[4].split('.') : [] };
}

const v = (major, minor, patch, pre = []) => ({ major, minor, patch, pre });

/** One range term to [comparator, version] pairs (all must hold). */
function comparators(term) {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(term);
  if (!m) throw new Error(`Not a version range: ${term}`);
  const op = m[1] ?? '';
  const p = parsePartial(m[2]);
  if (!p) throw new Error(`Not a version range: ${term}`);
  const { major, minor, patch, pre } = p;
  if (major === null) return []; // *, x: anything
  const lo = v(major, minor ?? 0, patch ?? 0, pre);
  if (op === '^') {
    const hi = major > 0 || minor === null ? v(major + 1, 0, 0) : minor > 0 || patch === null ? v(0, minor + 1, 0) : v(0, 0, patch + 1);
    return [['>=', lo], ['<', hi]];
  }
  if (op === '~') return [['>=', lo], ['<', minor === null ? v(major + 1, 0, 0) : v(major, minor + 1, 0)]];
  if (op === '' || op === '=') {
    if (minor === null) return [['>=', lo], ['<', v(major + 1, 0, 0)]];
    if (patch === null) return [['>=', lo], ['<', v(major, minor + 1, 0)]];
    return [['=', lo]];
  }
  return [[op, lo]];
}

function test(version, [op, bound]) {
  const c = compareVersions(version, bound);
  return { '=': c === 0, '>=': c >= 0, '>': c > 0, '<=': c <= 0, '<': c < 0 }[op];
}

/** Does `version` satisfy `range`? Pre-releases only match a range that names the same x.y.z. */
export function satisfies(version, range) {
  const ver = parseVersion(version);
  if (!ver) return false;
  return String(range)
    .split('||')
    .map((alt) => alt.trim().replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1'))
    .some((alt) => {
      const terms = alt === '' ? [] : alt.split(/\s+/).flatMap(comparators);
      if (!terms.every((t) => test(ver, t))) return false;
      if (!ver.pre.length) return true;
      return terms.some(([, b]) => b.pre.length && b.major === ver.major && b.minor === ver.minor && b.patch === ver.patch);
    });
}

export function isValidRange(range) {
  try {
    String(range).split('||').forEach((alt) => alt.trim().replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1').split(/\s+/).filter(Boolean).forEach(comparators));
    return true;
  } catch {
    return false;
  }
}

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
    if (hostVersion && major(hostVersion) !== major(version))
      problems.push(`was built with ${name} ${version} but the host shares ${name} ${hostVersion}`);
  }
  return { compatible: problems.length === 0, problems };
}
