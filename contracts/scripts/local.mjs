// A local chain for `npm start`, the contract tests and the e2e test: anvil from the
// @foundry-rs/anvil npm package (its binary ships in a per-platform package: nothing is downloaded),
// with Sepolia's chain id, and the staking contract deployed by a seeded owner account.
import { spawn as nodeSpawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createPublicClient, createWalletClient, getContractAddress, http, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { sepolia } from 'viem/chains';
import { pointBoosterStakingAbi, pointBoosterStakingBytecode, stakeTokenAbi, stakeTokenBytecode } from '../generated/index.js';

export const SEPOLIA_CHAIN_ID = 11155111;
/** anvil's well-known development mnemonic: its accounts are funded on every start. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
/** The seeded owner is anvil's first account (index 0); the console's local account is the same one. */
export const devAccount = (index = 0) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });

export const DEFAULT_TIERS = [
  { minStake: parseEther('100'), boosterBps: 500 },
  { minStake: parseEther('1000'), boosterBps: 1500 },
  { minStake: parseEther('10000'), boosterBps: 3000 },
];
export const DEFAULT_LOCK_PERIOD = 7n * 24n * 60n * 60n;

/** Path of the anvil binary for this platform (the package's bin.mjs would add a node wrapper). */
export function anvilBinary() {
  // The platform package is a dependency of @foundry-rs/anvil: resolve it from there.
  const fromAnvil = createRequire(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'));
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch];
  const exe = process.platform === 'win32' ? '.exe' : '';
  return fromAnvil.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil${exe}`);
}

/**
 * Starts anvil on 127.0.0.1:port with chain id 11155111 and resolves once it answers JSON-RPC.
 * `spawn` may be a process-group spawner (scripts/lib/processGroup.mjs); child.stop() ends it.
 */
export async function startAnvil({ port = 8545, spawn = nodeSpawn, blockTime } = {}) {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(SEPOLIA_CHAIN_ID),
    '--mnemonic',
    DEV_MNEMONIC,
    '--silent',
  ];
  if (blockTime) args.push('--block-time', String(blockTime));
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop =
    child.stop ??
    (() =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited early:\n${output}`);
    try {
      if ((await client.getChainId()) === SEPOLIA_CHAIN_ID) return { child, rpcUrl, stop: () => stop.call(child) };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop.call(child);
  throw new Error(`anvil did not answer on ${rpcUrl} within 30 s:\n${output}`);
}

/** The chain as viem knows Sepolia, but at the local RPC URL and without multicall3 (anvil has none). */
export function localChain(rpcUrl) {
  return { ...sepolia, rpcUrls: { default: { http: [rpcUrl] } }, contracts: {} };
}

/**
 * Where deployStaking puts the staking contract on a fresh anvil: the seeded owner's second
 * deployment (nonce 1, after the token's). A server told the chain before anvil starts uses it (e2e).
 */
export const FRESH_STAKING_ADDRESS = getContractAddress({ from: devAccount(0).address, nonce: 1n });

/**
 * Deploys the stake token and the staking contract from the seeded owner; returns their addresses.
 * The owner holds the whole token supply.
 */
export async function deployStaking({ rpcUrl, owner = devAccount(0), lockPeriod = DEFAULT_LOCK_PERIOD, tiers = DEFAULT_TIERS }) {
  const chain = localChain(rpcUrl);
  const wallet = createWalletClient({ account: owner, chain, transport: http(rpcUrl) });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const deployed = async (hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deployment ${hash} failed`);
    return receipt.contractAddress;
  };
  const token = await deployed(
    await wallet.deployContract({ abi: stakeTokenAbi, bytecode: stakeTokenBytecode, args: [parseEther('1000000')] }),
  );
  const staking = await deployed(
    await wallet.deployContract({
      abi: pointBoosterStakingAbi,
      bytecode: pointBoosterStakingBytecode,
      args: [owner.address, token, lockPeriod, tiers],
    }),
  );
  return { token, staking, owner: owner.address };
}
