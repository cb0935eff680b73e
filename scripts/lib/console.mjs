// Starts the whole console from production builds: the BFF and the static server(s).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './pnpm.mjs';
import { startStaticServer } from './staticServer.mjs';

export const REMOTES = ['system', 'user-policy', 'present', 'battle', 'points'];

/** Starts the BFF as a child process and resolves once it answers /health. */
export async function startBff({ port = 8787, env = {}, quiet = false } = {}) {
  const tsx = path.join(repoRoot, 'bff/node_modules/.bin/tsx');
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: path.join(repoRoot, 'bff'),
    env: { ...process.env, PORT: String(port), ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The BFF exited early:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`The BFF did not answer on port ${port} within 60 s:\n${output}`);
}

export function readEnvironment(name) {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, 'environments', `${name}.json`), 'utf8'));
}

/**
 * One static server for the host and every remote (under /remotes/<name>/), answering
 * /config.json from the environment file: the embedded default layout.
 */
export function startConsoleServer({ port = 8080, host = '127.0.0.1', config }) {
  const mounts = [
    { prefix: '/', dir: path.join(repoRoot, 'host/dist'), spa: true },
    ...REMOTES.map((name) => ({ prefix: `/remotes/${name}`, dir: path.join(repoRoot, 'remotes', name, 'dist') })),
  ];
  return startStaticServer({ port, host, mounts, routes: { '/config.json': () => config } });
}
