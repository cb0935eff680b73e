// The Node the product runs on: 24 LTS (.nvmrc, package.json engines, the Docker images). Machines
// that come with an older Node (these run Node 20) get Node 24 from the npm registry's `node` package
// into .tools/ (gitignored, about 7 s the first time), and `npm start` / `npm test` run again on it.
// Node's built-ins only: the scripts import this before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The major line of .nvmrc: what `nvm use` picks, what the registry's `node@<major>` resolves to. */
export const NODE_MAJOR = Number(fs.readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim().split('.')[0]);
/** 24.11.0: the first release of the 24 LTS line (package.json engines says the same). */
export const NODE_MINIMUM = '24.11.0';
const TOOLS_DIR = path.join(repoRoot, '.tools', `node${NODE_MAJOR}`);

/** A Node the workspace runs on: 24.11 or newer. */
export function supportsNode(version) {
  const [major, minor] = version.split('.').map(Number);
  const [needMajor, needMinor] = NODE_MINIMUM.split('.').map(Number);
  return major > needMajor || (major === needMajor && minor >= needMinor);
}

/** The folder of a Node 24 binary for this platform: installed from the npm registry on first use. */
export function supportedNodeBinDir({ quiet = false } = {}) {
  const binDir = path.join(TOOLS_DIR, 'node_modules', 'node', 'bin');
  const probe = () => spawnSync(path.join(binDir, 'node'), ['--version'], { encoding: 'utf8' });
  let version = probe();
  if (version.status !== 0 || !supportsNode(version.stdout.trim().slice(1))) {
    if (!quiet) console.error(`== Node ${process.versions.node} here: installing Node ${NODE_MAJOR} from the npm registry into .tools/`);
    fs.mkdirSync(TOOLS_DIR, { recursive: true });
    fs.writeFileSync(path.join(TOOLS_DIR, 'package.json'), '{ "private": true }\n');
    const install = spawnSync(
      'npm',
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node@${NODE_MAJOR}`],
      // npm's output on stderr: `node scripts/lib/node.mjs` prints only the folder on stdout.
      { cwd: TOOLS_DIR, stdio: ['ignore', quiet ? 'ignore' : 2, 'inherit'] },
    );
    version = probe();
    if (install.status !== 0 || version.status !== 0) {
      throw new Error(
        `could not install Node ${NODE_MAJOR} (npm install node@${NODE_MAJOR} in ${TOOLS_DIR}); install it yourself: nvm install ${NODE_MAJOR}`,
      );
    }
  }
  return binDir;
}

/**
 * On Node 24 or newer: returns. On an older Node: runs this same script again on Node 24 (installed on
 * first use), with that Node first on PATH so every child (pnpm, jest, the services) uses it too, and
 * exits with its code. Never returns then.
 */
export async function runOnSupportedNode() {
  if (supportsNode(process.versions.node)) return;
  let binDir;
  try {
    binDir = supportedNodeBinDir();
  } catch (error) {
    console.error(`Phoenix Admin runs on Node ${NODE_MAJOR} (.nvmrc); this is Node ${process.versions.node} and ${error.message}`);
    process.exit(1);
  }
  const child = spawn(path.join(binDir, 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  // Ctrl+C reaches the whole terminal's process group; a TERM from a supervisor is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  process.exit(code);
}

// `node scripts/lib/node.mjs`: prints the bin folder of a supported Node (.ci/run puts it first on PATH).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(supportsNode(process.versions.node) ? path.dirname(process.execPath) : supportedNodeBinDir());
}
