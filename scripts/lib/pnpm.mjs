// Run pnpm whether or not it is installed globally: a fresh machine has only Node and npm.
// Node's built-ins only: the scripts import this before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildsMatch, sourceStamp, writeStamps } from './buildStamp.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PNPM_VERSION = '10.34.9';

function hasGlobalPnpm() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 && probe.stdout.trim().startsWith('10.');
}

/** pnpm, or npx running the pinned pnpm: [command, ...leading arguments]. */
export const pnpmCommand = hasGlobalPnpm() ? ['pnpm'] : ['npx', '--yes', `pnpm@${PNPM_VERSION}`];

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export function pnpm(args, options) {
  return run(pnpmCommand[0], [...pnpmCommand.slice(1), ...args], options);
}

export function installDependencies() {
  return pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
}

/**
 * For the scripts that need packages but no install on every run (release, env): installs the
 * workspace when one of `packages` cannot be found from the repository root (a fresh clone).
 */
export async function installIfMissing(...packages) {
  const missing = packages.filter((name) => {
    try {
      import.meta.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length) await installDependencies();
}

/**
 * Production builds of the host and every remote (webpack in production mode). Skipped when every
 * dist/ was built from exactly these sources (scripts/lib/buildStamp.mjs); `pnpm build` always builds.
 */
export async function buildAll() {
  const stamp = sourceStamp(repoRoot);
  if (buildsMatch(repoRoot, stamp)) {
    console.log(`production builds of tree ${stamp.slice(0, 10)} are there: reused (pnpm build builds again)`);
    return;
  }
  await pnpm(['-r', '--workspace-concurrency=2', '--filter', './host', '--filter', './remotes/*', 'build']);
  writeStamps(repoRoot, stamp);
}
