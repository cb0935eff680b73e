#!/usr/bin/env node
// Composes an environment from released versions (the release manager's command):
//   node scripts/env.mjs <env> show
//   node scripts/env.mjs <env> set <remote|host> <version> [--force]
//   node scripts/env.mjs <env> rollback <remote|host> [--force]
//   node scripts/env.mjs <env> releases [<remote|host>]
// (`pnpm compose <env> …` runs the same; `pnpm env` is pnpm's own command.)
// `set` refuses a version that was never released, or whose shell-contract range / shared singletons
// the environment's host cannot satisfy, saying why; --force writes it anyway (the host then refuses
// it at run time with a panel on that remote's pages). `rollback` returns to the previously pinned
// version. Every change is appended to the file's "history".
import { installIfMissing } from './lib/pnpm.mjs';

// A fresh clone has no node_modules yet (semver): install first, then load what needs it.
await installIfMissing('semver');
const {
  ENVIRONMENTS,
  REMOTES,
  TARGETS,
  artifactsRoot,
  deriveRuntimeConfig,
  environmentFile,
  listReleases,
  readBuildInfo,
  readEnvironmentFile,
  refusalsFor,
  writeEnvironmentFile,
} = await import('./lib/releases.mjs');
const { checkCompatibility, isVersion } = await import('./lib/semver.mjs');

const USAGE = `Usage: node scripts/env.mjs <${ENVIRONMENTS.join('|')}> <command>
  show                             versions this environment runs, and whether each release exists and fits
  set <remote|host> <version>      pin a released version (refused if never released or incompatible; --force)
  rollback <remote|host>           return to the version pinned before the last change
  releases [<remote|host>]         list released versions (artifacts: ${artifactsRoot()})`;

class Refused extends Error {}

function hostRefusals(envName, envFile, version) {
  const hostInfo = readBuildInfo('host', version);
  if (!hostInfo)
    return [`host ${version} was never released (released: ${listReleases('host').join(', ') || 'none'}; artifacts in ${artifactsRoot()})`];
  const problems = [];
  for (const [name, remote] of Object.entries(envFile.remotes ?? {})) {
    const info = readBuildInfo(name, remote.version);
    if (!info) continue; // reported by `show`; not this host's fault
    for (const p of checkCompatibility(hostInfo, info).problems)
      problems.push(`host ${version} cannot run ${name} ${remote.version} pinned in ${envName}: it ${p}`);
  }
  return problems;
}

function pinned(envFile, target) {
  return target === 'host' ? envFile.host?.version : envFile.remotes?.[target]?.version;
}

/** Pins a version and, for a remote, its entry's digest as the release recorded it (a release without one unpins). */
function pin(envFile, target, version) {
  if (target === 'host') envFile.host = { ...envFile.host, version };
  else {
    const { integrity: _previous, ...remote } = envFile.remotes?.[target] ?? {}; // never the old release's digest
    const integrity = readBuildInfo(target, version)?.remoteEntry?.integrity;
    envFile.remotes = { ...envFile.remotes, [target]: { ...remote, version, ...(integrity ? { integrity } : {}) } };
  }
}

/** Pins target@version; returns the sentence to print. Throws Refused with the reasons. */
export function setVersion(envName, target, version, { force = false, action = 'set' } = {}) {
  if (!TARGETS.includes(target)) throw new Refused(`Unknown remote "${target}" (one of: ${TARGETS.join(', ')})`);
  if (!isVersion(version)) throw new Refused(`"${version}" is not a version (x.y.z)`);
  const envFile = readEnvironmentFile(envName);
  const current = pinned(envFile, target);
  const problems = target === 'host' ? hostRefusals(envName, envFile, version) : refusalsFor(envName, envFile, target, version);
  if (problems.length && !force) {
    throw new Refused(
      `Refused: ${problems.join('; ')}.\n${envName} still runs ${target} ${current ?? '(none)'}. Pass --force to write it anyway.`,
    );
  }
  const pinnedBefore = envFile.remotes?.[target]?.integrity;
  pin(envFile, target, version);
  if (current === version) {
    const integrity = envFile.remotes?.[target]?.integrity;
    if (target === 'host' || integrity === pinnedBefore) return `${envName}: ${target} is already ${version}`;
    writeEnvironmentFile(envName, envFile); // the same release, its digest (re)pinned: no version change to roll back
    return `${envName}: ${target} ${version} now pins ${integrity ?? 'no digest (its release records none)'}`;
  }
  envFile.history = [
    ...(envFile.history ?? []),
    { at: new Date().toISOString(), action, target, from: current ?? null, to: version, ...(problems.length ? { forced: problems } : {}) },
  ];
  writeEnvironmentFile(envName, envFile);
  return `${envName}: ${target} ${current ?? '(none)'} → ${version}${problems.length ? ` (FORCED despite: ${problems.join('; ')})` : ''}`;
}

/**
 * The version pinned before the current one: walk the history back past rollbacks, so that
 * set 1.0.0 → set 1.1.0 → rollback gives 1.0.0, and a second rollback gives what was before 1.0.0.
 */
function previousVersion(envFile, target) {
  const changes = (envFile.history ?? []).filter((h) => h.target === target);
  const stack = [];
  for (const h of changes) {
    if (h.action === 'rollback') stack.pop();
    else stack.push(h.from);
  }
  return stack.at(-1) ?? null;
}

export function rollback(envName, target, { force = false } = {}) {
  if (!TARGETS.includes(target)) throw new Refused(`Unknown remote "${target}" (one of: ${TARGETS.join(', ')})`);
  const envFile = readEnvironmentFile(envName);
  const previous = previousVersion(envFile, target);
  if (!previous)
    throw new Refused(
      `Nothing to roll back: ${envName} has no earlier version of ${target} in its history (it runs ${pinned(envFile, target) ?? 'none'}).`,
    );
  return setVersion(envName, target, previous, { force, action: 'rollback' });
}

function show(envName) {
  const envFile = readEnvironmentFile(envName);
  const config = deriveRuntimeConfig(envFile, {});
  const hostInfo = envFile.host?.version ? readBuildInfo('host', envFile.host.version) : null;
  const lines = [
    `${envName} (${environmentFile(envName)})`,
    `  apiBase ${config.apiBase}  pointsApiBase ${config.pointsApiBase}`,
    `  chain ${config.chainRpcUrl}  staking ${config.stakingContractAddress}`,
    `  host   ${envFile.host?.version ?? '(none)'}${hostInfo ? ` provides shell ${hostInfo.shellVersion}` : '  [not released here]'}`,
  ];
  for (const name of REMOTES) {
    const remote = config.remotes[name];
    if (!remote) {
      lines.push(`  ${name.padEnd(12)} (not configured)`);
      continue;
    }
    const problems = refusalsFor(envName, envFile, name, remote.version);
    lines.push(`  ${name.padEnd(12)} ${remote.version.padEnd(8)} ${problems.length ? `[${problems.join('; ')}]` : 'ok'}  ${remote.entry}`);
    const recorded = readBuildInfo(name, remote.version)?.remoteEntry?.integrity;
    if (remote.integrity || recorded) lines.push(`  ${''.padEnd(12)} integrity ${pinState(remote.integrity, recorded)}`);
  }
  return lines.join('\n');
}

/** The pinned entry digest beside the one the release recorded (the host refuses bytes that differ from the pin). */
function pinState(pinned, recorded) {
  if (!pinned) return `not pinned (the release records ${recorded}; \`set\` pins it)`;
  if (recorded && pinned !== recorded) return `${pinned} DIFFERS from the release's ${recorded}: the host will refuse it`;
  return `${pinned} pinned`;
}

function releases(target) {
  return (target ? [target] : TARGETS).map((t) => `${t.padEnd(12)} ${listReleases(t).join(', ') || '(none)'}`).join('\n');
}

if (process.argv[1]?.endsWith('env.mjs')) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const [envName, command, target, version] = args.filter((a) => a !== '--force');
  try {
    if (!envName || envName === '--help' || !command) {
      console.log(USAGE);
      process.exit(envName === '--help' ? 0 : 2);
    }
    environmentFile(envName); // validates the name
    if (command === 'show') console.log(show(envName));
    else if (command === 'releases') console.log(releases(target));
    else if (command === 'set') {
      if (!target || !version) throw new Refused(`set needs a remote and a version\n${USAGE}`);
      console.log(setVersion(envName, target, version, { force }));
    } else if (command === 'rollback') {
      if (!target) throw new Refused(`rollback needs a remote\n${USAGE}`);
      console.log(rollback(envName, target, { force }));
    } else throw new Refused(`Unknown command "${command}"\n${USAGE}`);
  } catch (error) {
    console.error(error.message);
    process.exit(error instanceof Refused ? 3 : 1);
  }
}
