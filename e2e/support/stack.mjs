// The deployed shape, on this machine: the BFF on its own port, the host on another, and each
// remote on a port of its own, all from production builds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, readEnvironment, startBff } from '../../scripts/lib/console.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';
import { startStaticServer } from '../../scripts/lib/staticServer.mjs';

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/**
 * @param {number} basePort host on basePort, remotes on basePort+1…+5, BFF on basePort+10
 */
export async function startStack(basePort) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-db-'));
  const bffPort = basePort + 10;
  const hostUrl = `http://127.0.0.1:${basePort}`;
  const remotePorts = Object.fromEntries(REMOTES.map((name, i) => [name, basePort + 1 + i]));

  const bff = await startBff({
    port: bffPort,
    quiet: true,
    env: { PGLITE_DATA_DIR: dataDir, SEED_LOCAL_DATA: '1', CORS_ORIGINS: hostUrl },
  });

  const config = readEnvironment('local');
  config.apiBase = `http://127.0.0.1:${bffPort}`;
  config.pointsApiBase = `http://127.0.0.1:${bffPort}/points`;
  for (const name of REMOTES) {
    config.remotes[name] = { ...config.remotes[name], entry: `http://127.0.0.1:${remotePorts[name]}/mf-manifest.json` };
  }

  const remoteServers = {};
  const startRemote = async (name) => {
    remoteServers[name] = await startStaticServer({
      port: remotePorts[name],
      mounts: [{ prefix: '/', dir: path.join(repoRoot, 'remotes', name, 'dist') }],
    });
  };
  for (const name of REMOTES) await startRemote(name);
  const hostServer = await startStaticServer({
    port: basePort,
    mounts: [{ prefix: '/', dir: path.join(repoRoot, 'host/dist'), spa: true }],
    routes: { '/config.json': () => config },
  });

  return {
    hostUrl,
    apiUrl: config.apiBase,
    config,
    async stopRemote(name) {
      await closeServer(remoteServers[name]);
    },
    startRemote,
    async stop() {
      await Promise.all([hostServer, ...Object.values(remoteServers)].map(closeServer));
      bff.kill('SIGTERM');
      await new Promise((r) => (bff.exitCode !== null ? r() : bff.once('exit', r)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
