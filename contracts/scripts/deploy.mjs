#!/usr/bin/env node
// Deploys the stake token and the staking contract to a chain that is already running (anvil with
// Sepolia's chain id), from anvil's seeded first account: docker-compose's "chain" profile runs it
// once after anvil (the chain-deploy service). On a fresh anvil they land at fixed addresses (the
// account's nonces 0 and 1), which compose gives the console and the BFFs. Run again on a chain that
// has them, it deploys nothing. Prints one JSON line; exits 1 with the reason otherwise.
//   node contracts/scripts/deploy.mjs --rpc-url http://anvil:8545
import { createPublicClient, http } from 'viem';
import { deployStaking, devAccount, FRESH_STAKING_ADDRESS, localChain, SEPOLIA_CHAIN_ID } from './local.mjs';

const argAt = process.argv.indexOf('--rpc-url');
const rpcUrl = (argAt > 0 ? process.argv[argAt + 1] : process.env.CHAIN_RPC_URL) || 'http://127.0.0.1:8545';

async function main() {
  const client = createPublicClient({ chain: localChain(rpcUrl), transport: http(rpcUrl, { retryCount: 0 }) });
  // anvil may still be starting (compose waits for its health check; a bare run may not).
  const deadline = Date.now() + 60_000;
  let chainId;
  while (chainId === undefined) {
    chainId = await client.getChainId().catch((error) => {
      if (Date.now() > deadline) throw new Error(`no chain answers on ${rpcUrl}: ${error.shortMessage ?? error.message}`);
      return undefined;
    });
    if (chainId === undefined) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (chainId !== SEPOLIA_CHAIN_ID)
    throw new Error(`${rpcUrl} is chain ${chainId}, not ${SEPOLIA_CHAIN_ID}: start anvil with --chain-id ${SEPOLIA_CHAIN_ID}`);
  const code = await client.getCode({ address: FRESH_STAKING_ADDRESS });
  if (code && code !== '0x') return { rpcUrl, staking: FRESH_STAKING_ADDRESS, deployed: false };
  const owner = devAccount(0).address;
  const nonce = await client.getTransactionCount({ address: owner });
  if (nonce !== 0) {
    throw new Error(
      `${owner} has sent ${nonce} transaction(s) on ${rpcUrl} without deploying the staking contract at ${FRESH_STAKING_ADDRESS}: restart anvil for a fresh chain`,
    );
  }
  const deployed = await deployStaking({ rpcUrl });
  if (deployed.staking.toLowerCase() !== FRESH_STAKING_ADDRESS.toLowerCase()) {
    throw new Error(`the staking contract landed at ${deployed.staking}, not ${FRESH_STAKING_ADDRESS}`);
  }
  return { rpcUrl, ...deployed, deployed: true };
}

main().then(
  (result) => console.log(JSON.stringify(result)),
  (error) => {
    console.error(`deploy: ${error.message}`);
    process.exit(1);
  },
);
