#!/usr/bin/env node
// A throw-away local chain for tests: anvil (chain id 11155111) with the staking contract deployed.
// Prints one JSON line { rpcUrl, staking, token, owner } once ready, and stops anvil when its
// standard input closes (the parent ended, however it ended) or on SIGTERM/SIGINT.
//   node contracts/scripts/devchain.mjs --port 18546
import { deployStaking, startAnvil } from './local.mjs';

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8545;
const anvil = await startAnvil({ port });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await anvil.stop();
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
try {
  const deployed = await deployStaking({ rpcUrl: anvil.rpcUrl });
  process.stdout.write(`${JSON.stringify({ rpcUrl: anvil.rpcUrl, ...deployed })}\n`);
} catch (error) {
  console.error(error);
  await stop();
}
