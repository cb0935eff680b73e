#!/usr/bin/env node
// Serves released artifacts for a composed environment (what the docker-compose static services run):
//   node scripts/serve.mjs --env <env> [--port 8080] [--bind 0.0.0.0] [--only host|<remote>]
// Everything (default): the host release the environment pins at /, every remote's releases under
//   /remotes/<name>/<version>/, and /config.json derived from environments/<env>.json with same-origin
//   remote entries: one server, the layout `npm start` uses too.
// --only host: the host and /config.json (remote entries from the env file's remotesBaseUrl/baseUrl,
//   or PHOENIX_REMOTES_BASE_URL / PHOENIX_REMOTE_BASE_URL_<NAME>).
// --only <remote>: that remote's releases under /remotes/<name>/ (one squad's service, redeployed alone).
// The environment file is read on every request: `node scripts/env.mjs <env> set …` takes effect on the
// next page load, without a restart and without rebuilding anything.
import fs from 'node:fs';
import path from 'node:path';
import { portOf } from './lib/ports.mjs';

// A fresh clone has no node_modules yet: install the workspace first (a docker image brings its
// own node_modules, and no pnpm.mjs).
const missing = ['fastify', 'semver'].filter((name) => {
  try {
    return !import.meta.resolve(name);
  } catch {
    return true;
  }
});
if (missing.length) {
  const workspace = await import('./lib/pnpm.mjs').catch(() => null);
  if (!workspace) throw new Error(`serve: ${missing.join(', ')} not installed (the image's package.json must name them)`);
  await workspace.installDependencies();
}
const { REMOTES, deriveRuntimeConfig, readEnvironmentFile, releaseDir, releasesDir } = await import('./lib/releases.mjs');
const { startStaticServer } = await import('./lib/staticServer.mjs');

function parseArgs(argv) {
  const opts = {
    port: portOf('console'),
    bind: process.env.BIND ?? '127.0.0.1',
    env: process.env.PHOENIX_ENV_NAME,
    only: process.env.PHOENIX_SERVE_ONLY || undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (key === '--env') opts.env = value();
    else if (key === '--port') opts.port = Number(value());
    else if (key === '--bind') opts.bind = value();
    else if (key === '--only') opts.only = value();
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  return opts;
}

/** Mounts, routes and the runtime configuration (/config.json) of one server; exported for tests. */
export function serverSetup({ env, only }) {
  const serveHost = !only || only === 'host';
  const remotes = !only ? REMOTES : only === 'host' ? [] : [only];
  if (only && only !== 'host' && !REMOTES.includes(only)) throw new Error(`--only: unknown remote "${only}"`);
  if (serveHost && !env) throw new Error('--env <environment> is required to serve the host');
  const mounts = remotes.map((name) => ({ prefix: `/remotes/${name}`, dir: releasesDir(name), cors: true }));
  const routes = { '/health': () => ({ ok: true, serving: only ?? 'all' }) };
  let config;
  if (serveHost) {
    const hostDir = () => {
      const version = readEnvironmentFile(env).host?.version;
      const dir = version && releaseDir('host', version);
      return dir && fs.existsSync(dir) ? dir : null;
    };
    mounts.push({ prefix: '/', dir: hostDir, spa: true });
    config = () => deriveRuntimeConfig(readEnvironmentFile(env), process.env, { sameOrigin: !only });
    routes['/health'] = () => {
      const version = readEnvironmentFile(env).host?.version;
      if (!hostDir()) throw new Error(`host ${version} is not released in ${path.dirname(releaseDir('host', 'x'))}`);
      return { ok: true, serving: only ?? 'all', environment: env, host: version };
    };
  }
  return { mounts, routes, config };
}

export function serve({ env, only, port, bind = '127.0.0.1' }) {
  return startStaticServer({ port, host: bind, ...serverSetup({ env, only }) });
}

if (process.argv[1]?.endsWith('serve.mjs')) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    await serve(opts);
    console.log(`Serving ${opts.only ?? 'host and remotes'}${opts.env ? ` for ${opts.env}` : ''} on http://${opts.bind}:${opts.port}`);
    const stop = () => process.exit(0);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`serve: ${error.message}`);
    process.exit(1);
  }
}
