#!/usr/bin/env node
// `npm start`: install, build production bundles, start the BFF (embedded PGlite) and serve the
// console on http://localhost:8080, with a local chain (anvil, chain id 11155111, on ANVIL_PORT) running
// the staking contract. The BFF and anvil never outlive this process (scripts/lib/processGroup.mjs).
// Ports: scripts/lib/ports.mjs (each has a variable). A fresh clone has no node_modules: only Node's
// built-ins and built-in-only modules are imported before the install; the rest comes after it.
import { buildAll, installDependencies } from './lib/pnpm.mjs';
import { runOnSupportedNode } from './lib/node.mjs';
import { PORTS, assertPortsFree, portInUseMessage, readPorts } from './lib/ports.mjs';

await runOnSupportedNode();
const fail = (error) => {
  console.error(`\nnpm start: ${error.message}`);
  process.exit(1);
};

const onPostgres = Boolean(process.env.DATABASE_URL?.trim());
let ports;
try {
  ports = readPorts();
  // Every port first: a taken one stops here, naming its variable, before minutes of install and build.
  const used = ['console', 'bff', 'pointsApi', ...(onPostgres ? [] : ['pgliteWire']), 'anvil', 'mailboxSmtp', 'mailbox'];
  await assertPortsFree(used.map((key) => ({ port: ports[key], variable: PORTS[key].variable })));
} catch (error) {
  fail(error);
}

if (!process.argv.includes('--no-install')) await installDependencies();
if (!process.argv.includes('--no-build')) await buildAll();

// Fastify, viem…: installed by now.
const { newWirePassword, readEnvironment, startBff, startConsoleServer, startPointsApi, wireDatabaseUrl } =
  await import('./lib/console.mjs');
const { startLocalChain } = await import('./lib/localChain.mjs');
const { startMailbox } = await import('./lib/mailbox.mjs');

const config = readEnvironment('local');
config.apiBase = `http://localhost:${ports.bff}`;
config.pointsApiBase = `http://localhost:${ports.pointsApi}`;
const corsOrigins = `http://localhost:${ports.console},http://127.0.0.1:${ports.console}`;

// The embedded database's wire takes this start's password only: the BFF and the points API get it.
const wirePassword = newWirePassword();
let stopping = false;
let chain;
let mailbox;
let bff;
let pointsApi;
let server;
try {
  chain = await startLocalChain({ port: ports.anvil, config });
  // Invitations and password resets are mailed: here, to a local mailbox with a page.
  mailbox = await startMailbox({ smtpPort: ports.mailboxSmtp, webPort: ports.mailbox });
  bff = await startBff({
    port: ports.bff,
    variable: PORTS.bff.variable,
    env: {
      CORS_ORIGINS: corsOrigins,
      SMTP_URL: mailbox.smtpUrl,
      CONSOLE_URL: `http://localhost:${ports.console}`,
      ...(onPostgres ? {} : { PGLITE_WIRE_PORT: String(ports.pgliteWire), PGLITE_WIRE_PASSWORD: wirePassword }),
      // The BFF checks each reported staking transaction on the chain the page uses (docs/staking.md).
      STAKING_RPC_URL: chain.rpcUrl,
      STAKING_CONTRACT_ADDRESS: chain.staking,
      STAKING_CHAIN_ID: '11155111',
    },
  });
  pointsApi = await startPointsApi({
    port: ports.pointsApi,
    variable: PORTS.pointsApi.variable,
    databaseUrl: onPostgres ? process.env.DATABASE_URL : wireDatabaseUrl(ports.pgliteWire, wirePassword),
    env: { CORS_ORIGINS: corsOrigins },
  });
  for (const [name, child] of [
    ['BFF', bff],
    ['points API', pointsApi],
  ]) {
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`The ${name} stopped (${signal ?? `exit ${code}`}).`);
      process.exit(1);
    });
  }
  server = await startConsoleServer({ port: ports.console, host: '0.0.0.0', config }).catch((error) => {
    throw error.code === 'EADDRINUSE' ? new Error(portInUseMessage(ports.console, PORTS.console.variable)) : error;
  });
} catch (error) {
  stopping = true;
  // The groups started so far stop with this process (processGroup.mjs).
  fail(error);
}

console.log(`\nPhoenix Admin is running on http://localhost:${ports.console}`);
console.log(`Local mailbox ${mailbox.webUrl} (invitations and password resets the console sends)`);
console.log(`Local chain ${chain.rpcUrl} (chain id 11155111), staking contract ${chain.staking}, owner ${chain.owner}`);
console.log('Sign in as admin@phoenix.local / phoenix-admin (local seed data). Ctrl+C stops it.\n');

/** Lets the BFF close its database cleanly, then leaves. */
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections?.();
  await pointsApi.stop();
  await Promise.all([bff.stop(), chain.stop(), mailbox.stop()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
