#!/usr/bin/env node
// `npm run dev`: host, remotes and BFF with live reload (webpack serve on 8080–8085, tsx watch on 8787).
// Every server runs in one process group that never outlives this process (scripts/lib/processGroup.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { installDependencies, pnpmCommand, repoRoot } from './lib/pnpm.mjs';
import { REMOTES, readEnvironment } from './lib/console.mjs';
import { spawnGroup } from './lib/processGroup.mjs';

await installDependencies();
const config = readEnvironment('local');
REMOTES.forEach((name, i) => {
  config.remotes[name] = { ...config.remotes[name], entry: `http://localhost:${8081 + i}/mf-manifest.json` };
});
const file = path.join(repoRoot, '.data/dev-config.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(config, null, 2));

console.log('Dev servers: host http://localhost:8080, remotes 8081–8085, BFF http://localhost:8787, points API http://localhost:8788');
const [command, ...leading] = pnpmCommand;
const servers = spawnGroup(
  command,
  [...leading, '-r', '--parallel', '--filter', './host', '--filter', './remotes/*', '--filter', './bff', '--filter', './points-api', 'dev'],
  {
    cwd: repoRoot,
    // PGLITE_WIRE_PORT: the BFF serves its embedded database there, and the points API connects to it.
    env: { PGLITE_WIRE_PORT: '8789', ...process.env, PHOENIX_DEV_CONFIG: file },
    // No stdin: a background process group reading the terminal would be stopped (SIGTTIN).
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
let stopping = false;
servers.on('exit', (code, signal) => {
  if (!stopping) console.error(`The dev servers stopped (${signal ?? `exit ${code}`}).`);
  process.exit(stopping ? 0 : code || 1);
});
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await servers.stop();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
