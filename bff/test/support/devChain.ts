import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hash, type TransactionReceipt } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { sepolia } from 'viem/chains';
import { pointBoosterStakingAbi, pointBoosterStakingBytecode } from '@phoenix/contracts';
import type { StakingChainSettings } from '@phoenix/server/config';

/**
 * A real chain for the staking tests: anvil with the staking contract deployed, started by
 * contracts/scripts/devchain.mjs (the contracts' own tooling, run as a child: it is ESM) on a free
 * port, and stopped when the test file ends (its stdin closes with us, however we end).
 */
export interface DevChain {
  rpcUrl: string;
  staking: Address;
  token: Address;
  /** The server's settings for this chain (STAKING_RPC_URL, STAKING_CONTRACT_ADDRESS, STAKING_CHAIN_ID). */
  settings: StakingChainSettings;
  /** Sends a staking call from anvil's first account (the owner; `from`: another's index); resolves once mined, reverted or not. */
  send(
    functionName: string,
    args?: readonly unknown[],
    options?: { address?: Address; gas?: bigint; from?: number },
  ): Promise<TransactionReceipt>;
  /** Deploys another staking contract (a wrong one) from the same owner. */
  deployAnother(): Promise<Address>;
  stop(): Promise<void>;
}

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const DEVCHAIN = path.resolve(__dirname, '../../../contracts/scripts/devchain.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startDevChain(): Promise<DevChain> {
  const child = spawn(process.execPath, [DEVCHAIN, '--port', String(await freePort())], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`devchain.mjs exited (${code}) before it was ready`)));
  });
  const { rpcUrl, staking, token } = JSON.parse(line) as { rpcUrl: string; staking: Address; token: Address };
  // viem's Sepolia at the local RPC, without multicall3 (anvil has none).
  const chain = { ...sepolia, rpcUrls: { default: { http: [rpcUrl] } }, contracts: {} };
  const accountOf = (index: number) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
  const account = accountOf(0);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const mined = (hash: Hash) => reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return {
    rpcUrl,
    staking,
    token,
    settings: { rpcUrl, contractAddress: staking, chainId: sepolia.id },
    async send(functionName, args = [], options = {}) {
      const from = options.from ? createWalletClient({ account: accountOf(options.from), chain, transport: http(rpcUrl) }) : wallet;
      const hash = await from.writeContract({
        address: options.address ?? staking,
        abi: pointBoosterStakingAbi as Abi,
        functionName,
        args,
        // A gas limit skips the estimate, so a call that reverts is still sent (and mined, reverted).
        ...(options.gas ? { gas: options.gas } : {}),
      });
      return mined(hash);
    },
    async deployAnother() {
      const hash = await wallet.deployContract({
        abi: pointBoosterStakingAbi,
        bytecode: pointBoosterStakingBytecode,
        args: [account.address, token, 604_800n, []],
      });
      return (await mined(hash)).contractAddress!;
    },
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}
