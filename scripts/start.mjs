#!/usr/bin/env node
// `npm start`: install, build production bundles, start the BFF (embedded PGlite) and serve the
// console on http://localhost:8080, with a local chain (anvil, chain id 11155111, on ANVIL_PORT) running
// the staking contract. The BFF and anvil never outlive this process (scripts/lib/processGroup.mjs).
import { buildAll, installDependencies } from './lib/pnpm.mjs';
import { readEnvironment, startBff, startConsoleServer } from './lib/console.mjs';
import { startLocalChain } from './lib/localChain.mjs';

const PORT = Number(process.env.PORT ?? 8080);
const BFF_PORT = Number(process.env.BFF_PORT ?? 8787);
const ANVIL_PORT = Number(process.env.ANVIL_PORT ?? 8545);

if (!process.argv.includes('--no-install')) await installDependencies();
if (!process.argv.includes('--no-build')) await buildAll();

const config = readEnvironment('local');
config.apiBase = `http://localhost:${BFF_PORT}`;
config.pointsApiBase = `http://localhost:${BFF_PORT}/points`;
const chain = await startLocalChain({ port: ANVIL_PORT, config });

const bff = await startBff({
  port: BFF_PORT,
  env: { CORS_ORIGINS: `http://localhost:${PORT},http://127.0.0.1:${PORT}` },
});
let stopping = false;
bff.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`The BFF stopped (${signal ?? `exit ${code}`}).`);
  process.exit(1);
});
const server = await startConsoleServer({ port: PORT, host: '0.0.0.0', config });

console.log(`\nPhoenix Admin is running on http://localhost:${PORT}`);
console.log(`Local chain ${chain.rpcUrl} (chain id 11155111), staking contract ${chain.staking}, owner ${chain.owner}`);
console.log('Sign in as admin@phoenix.local / phoenix-admin (local seed data). Ctrl+C stops it.\n');

/** Lets the BFF close its database cleanly, then leaves. */
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections?.();
  await Promise.all([bff.stop(), chain.stop()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
