#!/usr/bin/env node
// Composes an environment from released versions (the release manager's command):
//   node scripts/env.mjs <env> show
//   node scripts/env.mjs <env> set <remote|host> <version> [--force]
//   node scripts/env.mjs <env> rollback <remote|host> [--force]
//   node scripts/env.mjs <env> releases [<remote|host>]
//   node scripts/env.mjs <env> canary <remote> <version> [--percent N] [--admins 3,7] [--roles economy,owner]
//                                 [--min-sessions N] [--max-error-rate-increase 0.05] [--force]
//   node scripts/env.mjs <env> promote <remote> [--reason "..."] [--force]
//   node scripts/env.mjs <env> abort <remote> [--reason "..."]
// (`pnpm compose <env> …` runs the same; `pnpm env` is pnpm's own command.)
// `set` refuses a version that was never released, or whose shell-contract range / shared singletons
// the environment's host cannot satisfy, saying why; --force writes it anyway (the host then refuses
// it at run time with a panel on that remote's pages). `rollback` returns to the previously pinned
// version. Every change is appended to the file's "history".
// `canary` pins a second version for an audience (a share of admins, named admins, roles) beside the
// stable one, with the same refusals as `set`; `promote` makes it the stable version, `abort` removes
// it (the console and the BFF's automatic rollback do the same through PHOENIX_ENVIRONMENT_FILE).
import { installIfMissing } from './lib/pnpm.mjs';

// A fresh clone has no node_modules yet (semver): install first, then load what needs it.
await installIfMissing('semver');
const {
  CANARY_ROLLBACK_DEFAULTS,
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
  releases [<remote|host>]         list released versions (artifacts: ${artifactsRoot()})
  canary <remote> <version>        pin a canary for an audience: --percent N (0-100, sticky by admin), --admins 3,7,
                                   --roles economy,owner; rollback when --max-error-rate-increase (default ${CANARY_ROLLBACK_DEFAULTS.maxErrorRateIncrease})
                                   is passed with --min-sessions (default ${CANARY_ROLLBACK_DEFAULTS.minSessions}); same refusals as set (--force)
  promote <remote>                 the canary becomes the stable version for everyone (--reason "...")
  abort <remote>                   remove the canary: everyone back on the stable version (--reason "...")`;

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
  // Only what changed the stable version: a canary, its abort and its automatic abort did not.
  const changes = (envFile.history ?? []).filter((h) => h.target === target && ['set', 'rollback', 'promote'].includes(h.action ?? 'set'));
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

const CONSOLE_ROLES = ['viewer', 'support', 'content', 'economy', 'security', 'owner'];

/** The canary's audience and rollback limits from the command's options; throws Refused on a bad value. */
export function canaryOptions(options) {
  const whole = (name, raw, min, max) => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
      throw new Refused(`--${name} takes a whole number from ${min} to ${max} (not "${raw}")`);
    return Number(raw);
  };
  const list = (raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const admins = options.admins === undefined ? [] : list(options.admins).map((id) => whole('admins', id, 1, 2_147_483_647));
  const roles = options.roles === undefined ? [] : list(options.roles);
  const unknown = roles.filter((r) => !CONSOLE_ROLES.includes(r));
  if (unknown.length) throw new Refused(`--roles takes console roles (${CONSOLE_ROLES.join(', ')}), not ${unknown.join(', ')}`);
  if (admins.length > 200) throw new Refused('--admins names at most 200 admins');
  const percent = options.percent === undefined ? 0 : whole('percent', options.percent, 0, 100);
  if (percent === 0 && admins.length === 0 && roles.length === 0)
    throw new Refused('A canary needs an audience: --percent N (of admins), --admins 3,7 and/or --roles economy,owner');
  const minSessions =
    options['min-sessions'] === undefined
      ? CANARY_ROLLBACK_DEFAULTS.minSessions
      : whole('min-sessions', options['min-sessions'], 1, 1_000_000);
  let maxErrorRateIncrease = CANARY_ROLLBACK_DEFAULTS.maxErrorRateIncrease;
  if (options['max-error-rate-increase'] !== undefined) {
    const raw = options['max-error-rate-increase'];
    maxErrorRateIncrease = Number(raw);
    if (!/^\d*\.?\d+$/.test(raw) || maxErrorRateIncrease > 1)
      throw new Refused(`--max-error-rate-increase takes a share from 0 to 1, e.g. 0.05 for 5 points (not "${raw}")`);
  }
  return {
    audience: { percent, admins: [...new Set(admins)], roles: [...new Set(roles)] },
    rollback: { minSessions, maxErrorRateIncrease },
  };
}

const remoteOnly = (command, target) => {
  if (!REMOTES.includes(target)) throw new Refused(`${command} takes a remote (one of: ${REMOTES.join(', ')}), not "${target}"`);
};

/** Starts (or replaces) a canary of `remote`: refused like `set` (never released, incompatible) unless forced. */
export function startCanary(envName, remote, version, options = {}, { force = false } = {}) {
  remoteOnly('canary', remote);
  if (!isVersion(version)) throw new Refused(`"${version}" is not a version (x.y.z)`);
  const { audience, rollback } = canaryOptions(options);
  const envFile = readEnvironmentFile(envName);
  const stable = pinned(envFile, remote);
  if (!stable) throw new Refused(`${envName} pins no ${remote}: set a stable version first`);
  if (stable === version) throw new Refused(`${envName} already runs ${remote} ${version} for everyone: a canary is another version`);
  const problems = refusalsFor(envName, envFile, remote, version);
  if (problems.length && !force) {
    throw new Refused(
      `Refused: ${problems.join('; ')}.\n${envName} runs ${remote} ${stable} with no new canary. Pass --force to write it anyway.`,
    );
  }
  const integrity = readBuildInfo(remote, version)?.remoteEntry?.integrity;
  const at = new Date().toISOString();
  const canary = { version, ...(integrity ? { integrity } : {}), audience, rollback, startedAt: at };
  envFile.remotes[remote] = { ...envFile.remotes[remote], canary };
  envFile.history = [
    ...(envFile.history ?? []),
    {
      at,
      action: 'canary',
      target: remote,
      from: stable,
      to: version,
      ...(options.reason ? { reason: options.reason } : {}),
      ...(problems.length ? { forced: problems } : {}),
    },
  ];
  writeEnvironmentFile(envName, envFile);
  return `${envName}: ${remote} canary ${version} for ${describeAudience(audience)} (stable ${stable}; rollback past +${Math.round(rollback.maxErrorRateIncrease * 1000) / 10} points with at least ${rollback.minSessions} sessions)${problems.length ? ` (FORCED despite: ${problems.join('; ')})` : ''}`;
}

export function describeAudience({ percent, admins, roles }) {
  const parts = [];
  if (percent) parts.push(`${percent}% of admins`);
  if (admins.length) parts.push(`admins ${admins.join(', ')}`);
  if (roles.length) parts.push(`roles ${roles.join(', ')}`);
  return parts.join(' + ');
}

/** The canary becomes the stable version (checked again against the host, which may have changed since). */
export function promote(envName, remote, { force = false, reason } = {}) {
  remoteOnly('promote', remote);
  const envFile = readEnvironmentFile(envName);
  const { canary, ...pin } = envFile.remotes[remote] ?? {};
  if (!canary) throw new Refused(`${envName} has no canary of ${remote} to promote (it runs ${pin.version ?? 'none'})`);
  const problems = refusalsFor(envName, envFile, remote, canary.version);
  if (problems.length && !force) throw new Refused(`Refused: ${problems.join('; ')}.\nPass --force to promote it anyway.`);
  const { integrity: _old, ...rest } = pin;
  envFile.remotes[remote] = { ...rest, version: canary.version, ...(canary.integrity ? { integrity: canary.integrity } : {}) };
  envFile.history = [
    ...(envFile.history ?? []),
    {
      at: new Date().toISOString(),
      action: 'promote',
      target: remote,
      from: pin.version ?? null,
      to: canary.version,
      ...(reason ? { reason } : {}),
    },
  ];
  writeEnvironmentFile(envName, envFile);
  return `${envName}: ${remote} ${pin.version ?? '(none)'} → ${canary.version} for every admin (canary promoted)`;
}

/** Removes the canary: every admin back on the stable version at their next navigation. */
export function abort(envName, remote, { reason } = {}) {
  remoteOnly('abort', remote);
  const envFile = readEnvironmentFile(envName);
  const { canary, ...pin } = envFile.remotes[remote] ?? {};
  if (!canary) throw new Refused(`${envName} has no canary of ${remote} to abort (it runs ${pin.version ?? 'none'})`);
  envFile.remotes[remote] = pin;
  envFile.history = [
    ...(envFile.history ?? []),
    {
      at: new Date().toISOString(),
      action: 'abort',
      target: remote,
      from: canary.version,
      to: pin.version ?? null,
      ...(reason ? { reason } : {}),
    },
  ];
  writeEnvironmentFile(envName, envFile);
  return `${envName}: ${remote} canary ${canary.version} aborted; every admin runs ${pin.version}`;
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
    if (remote.canary) {
      const canaryProblems = refusalsFor(envName, envFile, name, remote.canary.version);
      lines.push(
        `  ${''.padEnd(12)} canary ${remote.canary.version} for ${describeAudience(remote.canary.audience)} since ${remote.canary.startedAt} ${canaryProblems.length ? `[${canaryProblems.join('; ')}]` : 'ok'}  ${remote.canary.entry}`,
      );
    }
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
  const VALUED = ['percent', 'admins', 'roles', 'min-sessions', 'max-error-rate-increase', 'reason'];
  const options = {};
  const positional = [];
  try {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--force' || arg === '--help') {
        if (arg === '--help') positional.push(arg);
        continue;
      }
      const match = arg.match(/^--([a-z-]+)(?:=(.*))?$/);
      if (!match) {
        positional.push(arg);
        continue;
      }
      if (!VALUED.includes(match[1])) throw new Refused(`Unknown option --${match[1]}\n${USAGE}`);
      const value = match[2] ?? args[++i];
      if (value === undefined) throw new Refused(`--${match[1]} needs a value`);
      options[match[1]] = value;
    }
  } catch (error) {
    console.error(error.message);
    process.exit(3);
  }
  const [envName, command, target, version] = positional;
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
    } else if (command === 'canary') {
      if (!target || !version) throw new Refused(`canary needs a remote and a version\n${USAGE}`);
      console.log(startCanary(envName, target, version, options, { force }));
    } else if (command === 'promote') {
      if (!target) throw new Refused(`promote needs a remote\n${USAGE}`);
      console.log(promote(envName, target, { force, reason: options.reason }));
    } else if (command === 'abort') {
      if (!target) throw new Refused(`abort needs a remote\n${USAGE}`);
      console.log(abort(envName, target, { reason: options.reason }));
    } else throw new Refused(`Unknown command "${command}"\n${USAGE}`);
  } catch (error) {
    console.error(error.message);
    process.exit(error instanceof Refused ? 3 : 1);
  }
}
