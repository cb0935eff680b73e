import type { RuntimeConfig } from '@phoenix/contract';
import { createConfig, http, injected, mock, type Config } from 'wagmi';
import { defineChain, type Address, type Chain } from 'viem';
import { sepolia } from 'viem/chains';

export const STAKING_CHAIN_ID = sepolia.id; // 11155111

/** anvil's first development account (the seeded owner of `npm start`): unlocked on the local chain. */
export const LOCAL_DEV_ACCOUNT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The mock connector's id: the local development account, offered in the local environment only. */
export const LOCAL_DEV_CONNECTOR_ID = 'mock';

type ChainSettings = Pick<RuntimeConfig, 'environment' | 'chainRpcUrl' | 'chainExplorerUrl'>;

/**
 * Sepolia at the environment's RPC URL, with its explorer when the environment has one. Locally the
 * RPC is anvil, which has no multicall3 at the address Sepolia's definition names: without it,
 * wagmi reads contract by contract, and the transport's JSON-RPC batching still sends one request.
 */
export function stakingChain(settings: ChainSettings): Chain {
  return defineChain({
    ...sepolia,
    rpcUrls: { default: { http: [settings.chainRpcUrl] } },
    blockExplorers: settings.chainExplorerUrl ? { default: { name: 'Explorer', url: settings.chainExplorerUrl } } : undefined,
    contracts: settings.environment === 'local' ? {} : sepolia.contracts,
  });
}

/** The page's wagmi configuration: injected wallets everywhere, the local development account locally. */
export function createStakingConfig(settings: ChainSettings): Config {
  const chain = stakingChain(settings);
  const local = settings.environment === 'local';
  return createConfig({
    chains: [chain],
    connectors: [injected(), ...(local ? [mock({ accounts: [LOCAL_DEV_ACCOUNT], features: { reconnect: true } })] : [])],
    transports: { [chain.id]: http(settings.chainRpcUrl, { batch: true }) },
    // New blocks (anvil mines on each transaction) show up within a second.
    pollingInterval: local ? 1_000 : 4_000,
    ssr: false,
  });
}

/** A transaction's page on the explorer, or null where the environment has no explorer. */
export function explorerTxUrl(chain: Chain | undefined, hash: string): string | null {
  const base = chain?.blockExplorers?.default.url;
  return base ? `${base.replace(/\/+$/, '')}/tx/${hash}` : null;
}

/** The staking chain as the page's wagmi configuration has it (its explorer, its RPC URL). */
export function stakingChainOf(config: Config): Chain | undefined {
  return config.chains.find((chain) => chain.id === STAKING_CHAIN_ID);
}
