#!/usr/bin/env node
// `npm run dev`: host, remotes, BFF and points API with live reload (webpack serve for the host on PORT
// and the remotes from REMOTES_DEV_PORT, tsx watch for the BFF and the points API; every port and
// its variable: scripts/lib/ports.mjs). Every server runs in a process group that never outlives this
// process (scripts/lib/processGroup.mjs). Only Node's built-ins and built-in-only modules are imported
// before the install: a fresh clone has no node_modules.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { installDependencies, pnpmCommand, repoRoot } from './lib/pnpm.mjs';
import { runOnSupportedNode } from './lib/node.mjs';
import { PORTS, assertPortsFree, readPorts } from './lib/ports.mjs';
import { spawnGroup } from './lib/processGroup.mjs';

await runOnSupportedNode();
const fail = (error) => {
  console.error(`npm run dev: ${error.message}`);
  process.exit(1);
};
let ports;
try {
  ports = readPorts();
  await assertPortsFree(['console', 'bff', 'pointsApi', 'pgliteWire'].map((key) => ({ port: ports[key], variable: PORTS[key].variable })));
} catch (error) {
  fail(error);
}

await installDependencies();
const { REMOTES, readEnvironment } = await import('./lib/console.mjs');
// The remotes' dev servers take consecutive ports from REMOTES_DEV_PORT, in REMOTES order.
await assertPortsFree(
  REMOTES.map((name, i) => ({ port: ports.remotesDev + i, variable: `${PORTS.remotesDev.variable}+${i}, ${name}` })),
).catch(fail);

const devPorts = { host: ports.console };
REMOTES.forEach((name, i) => (devPorts[name] = ports.remotesDev + i));
const config = readEnvironment('local');
config.apiBase = `http://localhost:${ports.bff}`;
config.pointsApiBase = `http://localhost:${ports.pointsApi}`;
for (const name of REMOTES)
  config.remotes[name] = { ...config.remotes[name], entry: `http://localhost:${devPorts[name]}/mf-manifest.json` };
const file = path.join(repoRoot, '.data/dev-config.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(config, null, 2));

const origins = `http://localhost:${ports.console},http://127.0.0.1:${ports.console}`;
// PGLITE_WIRE_PORT: the BFF serves its embedded database there, and the points API connects to it.
// PGLITE_WIRE_PASSWORD: new each start, given to both (the wire refuses any other).
const services = {
  CORS_ORIGINS: process.env.CORS_ORIGINS ?? origins,
  PGLITE_WIRE_PORT: String(ports.pgliteWire),
  PGLITE_WIRE_PASSWORD: randomBytes(24).toString('hex'),
};
const [command, ...leading] = pnpmCommand;
const start = (args, env) =>
  spawnGroup(command, [...leading, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    // No stdin: a background process group reading the terminal would be stopped (SIGTTIN).
    stdio: ['ignore', 'inherit', 'inherit'],
  });
const groups = [
  start(['-r', '--parallel', '--filter', './host', '--filter', './remotes/*', 'dev'], {
    PHOENIX_DEV_CONFIG: file,
    PHOENIX_DEV_PORTS: JSON.stringify(devPorts),
  }),
  start(['--filter', './bff', 'dev'], { ...services, PORT: String(ports.bff) }),
  start(['--filter', './points-api', 'dev'], { ...services, PORT: String(ports.pointsApi) }),
];
console.log(
  `Dev servers: host http://localhost:${ports.console}, remotes ${REMOTES.map((n) => devPorts[n]).join(', ')}, ` +
    `BFF http://localhost:${ports.bff}, points API http://localhost:${ports.pointsApi}`,
);

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  // The points API first: it reads the BFF's database, which stops with the BFF.
  await groups[2].stop();
  await Promise.all(groups.slice(0, 2).map((group) => group.stop()));
  process.exit(code);
};
for (const group of groups) {
  group.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`A dev server stopped (${signal ?? `exit ${code}`}): stopping the others.`);
    stop(code || 1);
  });
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
process.on('SIGHUP', () => stop());
