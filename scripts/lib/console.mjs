// Starts the whole console from production builds: the BFF and the static server(s).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './pnpm.mjs';
import { PORTS, isPortTaken, portInUseMessage } from './ports.mjs';
import { spawnGroup } from './processGroup.mjs';
import { startStaticServer } from './staticServer.mjs';

export const REMOTES = ['system', 'user-policy', 'present', 'battle', 'points'];

/**
 * Starts the BFF as a child process (in a process group that never outlives this process: see
 * processGroup.mjs) and resolves once it answers /health. child.stop() stops it and waits.
 * `variable`: the port's variable in the caller's terms (BFF_PORT for npm start), for messages.
 */
export function startBff({ port = PORTS.bff.fallback, variable = PORTS.bff.variable, env = {}, quiet = false } = {}) {
  return startService({ name: 'BFF', dir: 'bff', port, variable, env, quiet });
}

/**
 * Starts the points API (points-api/) the same way. `databaseUrl`: the BFF's database — a
 * PostgreSQL URL, or the BFF's embedded PGlite served on loopback (the BFF's PGLITE_WIRE_PORT).
 */
export function startPointsApi({
  port = PORTS.pointsApi.fallback,
  variable = PORTS.pointsApi.variable,
  databaseUrl,
  env = {},
  quiet = false,
} = {}) {
  return startService({ name: 'points API', dir: 'points-api', port, variable, env: { ...env, DATABASE_URL: databaseUrl }, quiet });
}

/** The embedded database as the points API reaches it when the BFF serves it on `wirePort`. */
export const wireDatabaseUrl = (wirePort, password) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${wirePort}/postgres`;

/** A password for the BFF's wire, new each start (PGLITE_WIRE_PASSWORD): given to the BFF and to the points API only. */
export const newWirePassword = () => randomBytes(24).toString('hex');

const START_TIMEOUT_MS = 60_000;

async function startService({ name, dir, port, variable, env, quiet }) {
  // Something else on the port would answer /health in the service's place: refuse it up front.
  if (await isPortTaken(port)) throw new Error(`The ${name} was not started: ${portInUseMessage(port, variable)}`);
  const tsx = path.join(repoRoot, dir, 'node_modules/.bin/tsx');
  const child = spawnGroup(tsx, ['src/main.ts'], {
    cwd: path.join(repoRoot, dir),
    env: { ...process.env, PORT: String(port), ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  // The tail only, for an error message: at LOG_LEVEL=info a service logs a line per request.
  let output = '';
  const keep = (d) => (output = (output + d).slice(-64 * 1024));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const said = () => (quiet ? `:\n${output}` : ' (its output is above)');
  // An exit before it answers ends the wait at once (a taken port, a bad setting), with what it said.
  let exitedEarly;
  const exited = new Promise((resolve) => {
    exitedEarly = (code, signal) => resolve(signal ?? `exit ${code}`);
    child.once('exit', exitedEarly);
  });
  const answers = (async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return true;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  })();
  const outcome = await Promise.race([answers, exited]);
  if (outcome === true) {
    child.off('exit', exitedEarly);
    return child;
  }
  if (typeof outcome === 'string') throw new Error(`The ${name} stopped (${outcome}) before answering on port ${port}${said()}`);
  await child.stop();
  throw new Error(`The ${name} did not answer on port ${port} within ${START_TIMEOUT_MS / 1000} s${said()}`);
}

export function readEnvironment(name) {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, 'environments', `${name}.json`), 'utf8'));
}

/** Version a workspace build was made as (its build-info.json), or null when it is not built. */
export function builtVersion(dir) {
  const file = path.join(dir, 'build-info.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).version : null;
}

/**
 * One static server for the host and every remote, answering /config.json: the embedded default.
 * It serves the released layout (scripts/lib/releases.mjs) from the workspace builds: each remote's
 * dist at /remotes/<name>/<version>/ (version from its build-info.json), and `config`'s remote entries
 * point there, so `npm start` runs the same URLs and cache rules as a composed environment.
 */
export function startConsoleServer({ port = PORTS.console.fallback, host = '127.0.0.1', config }) {
  const remotes = {};
  const mounts = [{ prefix: '/', dir: path.join(repoRoot, 'host/dist'), spa: true }];
  for (const name of REMOTES) {
    const dir = path.join(repoRoot, 'remotes', name, 'dist');
    const version = builtVersion(dir) ?? config.remotes?.[name]?.version ?? '0.0.0';
    mounts.push({ prefix: `/remotes/${name}/${version}`, dir, cors: true });
    remotes[name] = { version, entry: `/remotes/${name}/${version}/mf-manifest.json` };
  }
  const hostVersion = builtVersion(path.join(repoRoot, 'host/dist'));
  const served = { ...config, host: { version: hostVersion ?? config.host?.version }, remotes };
  delete served.history;
  delete served.remotesBaseUrl;
  return startStaticServer({ port, host, mounts, config: () => served, routes: { '/health': () => ({ ok: true }) } });
}
