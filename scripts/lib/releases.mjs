// Released artifacts and environment files: the one place that knows their layout.
//
//   <artifacts>/host/<version>/                 index.html, main.<hash>.js, build-info.json …
//   <artifacts>/remotes/<name>/<version>/       mf-manifest.json, remoteEntry.js, <hash> chunks, build-info.json
//   environments/<env>.json                     API bases, chain settings, host + remote versions
//
// <artifacts> is <repo>/artifacts unless PHOENIX_ARTIFACTS says otherwise; the environments folder is
// <repo>/environments unless PHOENIX_ENVIRONMENTS says otherwise (tests point both at temp dirs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCompatibility, compareVersions, isVersion } from './semver.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTES = ['system', 'user-policy', 'present', 'battle', 'points'];
export const ENVIRONMENTS = ['local', 'dev', 'beta-dev', 'stg', 'beta-stg', 'prd', 'beta-prd'];
export const TARGETS = ['host', ...REMOTES];

export function artifactsRoot() {
  return path.resolve(process.env.PHOENIX_ARTIFACTS || path.join(repoRoot, 'artifacts'));
}

export function environmentsDir() {
  return path.resolve(process.env.PHOENIX_ENVIRONMENTS || path.join(repoRoot, 'environments'));
}

/** Folder holding every released version of a target (host or a remote). */
export function releasesDir(target) {
  if (!TARGETS.includes(target)) throw new Error(`Unknown target "${target}" (one of: ${TARGETS.join(', ')})`);
  return target === 'host' ? path.join(artifactsRoot(), 'host') : path.join(artifactsRoot(), 'remotes', target);
}

export function releaseDir(target, version) {
  return path.join(releasesDir(target), version);
}

/** Released versions of a target, oldest first (folders holding a build-info.json). */
export function listReleases(target) {
  const dir = releasesDir(target);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((v) => isVersion(v) && fs.existsSync(path.join(dir, v, 'build-info.json')))
    .sort(compareVersions);
}

/**
 * A remote build's entry script (the file its mf-manifest.json names, remoteEntry.js) and its sha-384 in
 * Subresource Integrity form: what an environment pins (remotes.<name>.integrity) so the host runs only those bytes.
 */
export function entryIntegrity(dir) {
  const { metaData } = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  const file = path.posix.join(metaData?.remoteEntry?.path || '', metaData?.remoteEntry?.name || '');
  if (!metaData?.remoteEntry?.name || !fs.existsSync(path.join(dir, file))) {
    throw new Error(`mf-manifest.json names no entry file the build produced (${file || 'none'})`);
  }
  const digest = createHash('sha384')
    .update(fs.readFileSync(path.join(dir, file)))
    .digest('base64');
  return { file, integrity: `sha384-${digest}` };
}

/** build-info.json of a release, or null when that version was never released. */
export function readBuildInfo(target, version) {
  const file = path.join(releaseDir(target, version), 'build-info.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

export function environmentFile(env) {
  if (!ENVIRONMENTS.includes(env)) throw new Error(`Unknown environment "${env}" (one of: ${ENVIRONMENTS.join(', ')})`);
  return path.join(environmentsDir(), `${env}.json`);
}

export function readEnvironmentFile(env) {
  const file = environmentFile(env);
  if (!fs.existsSync(file)) throw new Error(`No configuration for environment "${env}" (${file})`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Writes atomically: a server reading the file per request never sees half of it. */
export function writeEnvironmentFile(env, data) {
  const file = environmentFile(env);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

/** When the automatic rollback judges a canary, unless `env.mjs canary` was given other figures. */
export const CANARY_ROLLBACK_DEFAULTS = { minSessions: 20, maxErrorRateIncrease: 0.05 };

const envKey = (name) => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/**
 * The /config.json a host gets: the runtime-config fields, the host version, and for each remote its
 * version and the entry DERIVED from it: <base>/remotes/<name>/<version>/mf-manifest.json. The base is
 * the remote's baseUrl, else the file's remotesBaseUrl, else '' (same origin as the host: the one-server
 * layout). Deployment-time overrides (docker compose) come from the process environment:
 * PHOENIX_API_BASE, PHOENIX_POINTS_API_BASE, PHOENIX_REMOTES_BASE_URL, PHOENIX_REMOTE_BASE_URL_<NAME>,
 * PHOENIX_CHAIN_RPC_URL and PHOENIX_STAKING_CONTRACT_ADDRESS (compose's local chain); blank = the file's.
 * sameOrigin: every remote from the host's own server (scripts/serve.mjs serving everything).
 */
export function deriveRuntimeConfig(envFile, overrides = process.env, { sameOrigin = false } = {}) {
  const remotes = {};
  for (const [name, remote] of Object.entries(envFile.remotes ?? {})) {
    const base = sameOrigin
      ? ''
      : (
          overrides[`PHOENIX_REMOTE_BASE_URL_${envKey(name)}`] ||
          remote.baseUrl ||
          overrides.PHOENIX_REMOTES_BASE_URL ||
          envFile.remotesBaseUrl ||
          ''
        ).replace(/\/+$/, '');
    const canary = remote.canary;
    remotes[name] = {
      version: remote.version,
      entry: (!sameOrigin && remote.entry) || `${base}/remotes/${name}/${remote.version}/mf-manifest.json`,
      // The pinned entry digest: the host refuses other bytes (docs/releasing.md, "Pinning a remote's bytes").
      ...(remote.integrity ? { integrity: remote.integrity } : {}),
      // A canary: its entry derived exactly like the stable one's, from the same base.
      ...(canary?.version
        ? {
            canary: {
              version: canary.version,
              entry: `${base}/remotes/${name}/${canary.version}/mf-manifest.json`,
              ...(canary.integrity ? { integrity: canary.integrity } : {}),
              audience: {
                percent: canary.audience?.percent ?? 0,
                admins: canary.audience?.admins ?? [],
                roles: canary.audience?.roles ?? [],
              },
              rollback: { ...CANARY_ROLLBACK_DEFAULTS, ...canary.rollback },
              startedAt: canary.startedAt,
            },
          }
        : {}),
    };
  }
  return {
    environment: envFile.environment,
    apiBase: overrides.PHOENIX_API_BASE || envFile.apiBase,
    pointsApiBase: overrides.PHOENIX_POINTS_API_BASE || envFile.pointsApiBase,
    chainRpcUrl: overrides.PHOENIX_CHAIN_RPC_URL || envFile.chainRpcUrl,
    stakingContractAddress: overrides.PHOENIX_STAKING_CONTRACT_ADDRESS || envFile.stakingContractAddress,
    ...(envFile.chainExplorerUrl ? { chainExplorerUrl: envFile.chainExplorerUrl } : {}),
    host: { version: envFile.host?.version },
    remotes,
    // Absent in the file: QA overrides are not allowed here.
    ...(envFile.qaOverrides
      ? { qaOverrides: { allowed: envFile.qaOverrides.allowed === true, roles: envFile.qaOverrides.roles ?? [] } }
      : {}),
  };
}

/**
 * Why `version` of `remote` cannot run in `envFile` (an array of sentences; empty = it can).
 * Checks that it was released and that the environment's host satisfies its shell contract.
 */
export function refusalsFor(envName, envFile, remote, version) {
  const info = readBuildInfo(remote, version);
  if (!info) {
    const released = listReleases(remote);
    return [
      `${remote} ${version} was never released (released: ${released.length ? released.join(', ') : 'none'}; artifacts in ${artifactsRoot()})`,
    ];
  }
  const hostVersion = envFile.host?.version;
  const hostInfo = hostVersion ? readBuildInfo('host', hostVersion) : null;
  if (!hostInfo) {
    return [
      `cannot check ${remote} ${version} against the ${envName} host: host ${hostVersion ?? '(none pinned)'} was never released (released: ${listReleases('host').join(', ') || 'none'})`,
    ];
  }
  return checkCompatibility(hostInfo, info).problems.map(
    (p) =>
      `${remote} ${version} ${p.replace(/^needs shell contract (\S+) but the host (\S+)/, `needs shell contract $1 but the ${envName} host $2`)}`,
  );
}
