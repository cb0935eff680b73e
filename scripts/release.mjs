#!/usr/bin/env node
// Releases the host or one remote alone into an immutable, versioned folder:
//   node scripts/release.mjs <host|system|user-policy|present|battle|points>… [--version X] [--force]
// It builds only that package (production webpack), into a temp folder first, then moves the result
// to <artifacts>/remotes/<name>/<version>/ (or <artifacts>/host/<version>/). The version is the
// package.json version unless --version overrides it; it is recorded in build-info.json with the
// shell contract and shared singletons the build was made against (and, for a remote, its entry's sha-384,
// printed, for environments to pin). An existing version is never
// overwritten (releases are immutable) unless --force.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { installIfMissing, pnpm } from './lib/pnpm.mjs';

// A fresh clone has no node_modules yet (semver, webpack): install first, then load what needs it.
await installIfMissing('semver');
const { TARGETS, artifactsRoot, entryIntegrity, listReleases, releaseDir, repoRoot } = await import('./lib/releases.mjs');
const { isValidRange, isVersion } = await import('./lib/semver.mjs');

const USAGE = `Usage: node scripts/release.mjs <${TARGETS.join('|')}>… [--version X.Y.Z] [--force] [--shell-contract RANGE]
  --version         release under this version instead of package.json's (one target only)
  --force           replace an existing release of that version (releases are otherwise immutable)
  --shell-contract  record this shell-contract range instead of the one derived from @phoenix/shell
                    (for testing how hosts refuse an incompatible remote)`;

function parseArgs(argv) {
  const opts = { targets: [], force: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--force') opts.force = true;
    else if (a === '--version') opts.version = argv[++i];
    else if (a.startsWith('--version=')) opts.version = a.slice(10);
    else if (a === '--shell-contract') opts.shellContract = argv[++i];
    else if (a.startsWith('--shell-contract=')) opts.shellContract = a.slice(17);
    else if (a === '--help' || a === '-h') opts.help = true;
    else if (a.startsWith('-')) throw new Error(`Unknown option ${a}\n${USAGE}`);
    else opts.targets.push(a);
  }
  return opts;
}

function packageDir(target) {
  return target === 'host' ? path.join(repoRoot, 'host') : path.join(repoRoot, 'remotes', target);
}

function gitDescribe() {
  const rev = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  if (rev.status !== 0) return {};
  const dirty = spawnSync('git', ['status', '--porcelain', '--', '.'], { cwd: repoRoot, encoding: 'utf8' });
  return { commit: rev.stdout.trim(), dirty: dirty.stdout.trim().length > 0 };
}

/** Builds one target into its release folder; resolves to that folder. */
export async function release(target, { version, force = false, shellContract, quiet = false } = {}) {
  if (!TARGETS.includes(target)) throw new Error(`Unknown target "${target}"\n${USAGE}`);
  const dir = packageDir(target);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const releaseVersion = version ?? pkg.version;
  if (!isVersion(releaseVersion)) throw new Error(`"${releaseVersion}" is not a version (x.y.z)`);
  if (shellContract && !isValidRange(shellContract)) throw new Error(`"${shellContract}" is not a version range`);
  const dest = releaseDir(target, releaseVersion);
  if (fs.existsSync(dest) && !force) {
    throw new Error(
      `${target} ${releaseVersion} is already released (${dest}); releases are immutable: bump the version in ${path.relative(repoRoot, dir)}/package.json, or pass --force to replace it`,
    );
  }

  // Build beside the destination (same file system: the final move is one rename).
  const staging = path.join(artifactsRoot(), '.staging');
  fs.mkdirSync(staging, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(staging, `${target}-${releaseVersion}-`));
  try {
    if (!quiet) console.log(`== releasing ${target} ${releaseVersion} (building ${pkg.name} alone)`);
    await pnpm(['--filter', pkg.name, 'run', 'build'], {
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      env: {
        ...process.env,
        PHOENIX_OUTPUT_PATH: tmp,
        PHOENIX_RELEASE_VERSION: releaseVersion,
        ...(shellContract ? { PHOENIX_SHELL_CONTRACT: shellContract } : {}),
      },
    });
    const infoFile = path.join(tmp, 'build-info.json');
    const required =
      target === 'host' ? ['index.html', 'build-info.json'] : ['mf-manifest.json', 'remoteEntry.js', 'build-info.json', 'routes.json'];
    const missing = required.filter((f) => !fs.existsSync(path.join(tmp, f)));
    if (missing.length) throw new Error(`The build of ${target} did not produce ${missing.join(', ')}`);
    const info = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
    if (info.version !== releaseVersion) throw new Error(`build-info.json says ${info.version}, expected ${releaseVersion}`);
    // The entry's digest, for an environment to pin (the host then refuses other bytes: docs/releasing.md).
    if (target !== 'host') info.remoteEntry = entryIntegrity(tmp);
    info.release = { target, releasedAt: new Date().toISOString(), ...gitDescribe() };
    fs.writeFileSync(infoFile, `${JSON.stringify(info, null, 2)}\n`);
    // build-info.json was just rewritten: no compressed copy of the build's version may outlive it.
    for (const file of [
      'mf-manifest-stats.json',
      'build-info.json.br',
      'build-info.json.gz',
      'mf-manifest-stats.json.br',
      'mf-manifest-stats.json.gz',
    ]) {
      fs.rmSync(path.join(tmp, file), { force: true });
    }

    fs.mkdirSync(path.dirname(dest), { recursive: true });
    if (fs.existsSync(dest)) fs.rmSync(dest, { recursive: true, force: true }); // --force only
    fs.renameSync(tmp, dest);
    if (!quiet) console.log(`== ${target} ${releaseVersion} released to ${dest}`);
    if (!quiet && info.remoteEntry) console.log(`   ${info.remoteEntry.file} integrity ${info.remoteEntry.integrity}`);
    return dest;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('release.mjs')) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    if (opts.help || opts.targets.length === 0) {
      console.log(USAGE);
      process.exit(opts.help ? 0 : 2);
    }
    if (opts.version && opts.targets.length > 1) throw new Error('--version applies to one target at a time');
    for (const target of opts.targets) await release(target, opts);
    for (const target of opts.targets) console.log(`   ${target}: released ${listReleases(target).join(', ')}`);
  } catch (error) {
    console.error(`release: ${error.message}`);
    process.exit(1);
  }
}
