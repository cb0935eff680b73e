import { sepolia } from 'viem/chains';
import { createStakingConfig, explorerTxUrl, LOCAL_DEV_CONNECTOR_ID, stakingChain } from './chain';

const HASH = `0x${'ab'.repeat(32)}`;

test('locally: Sepolia at the configured RPC, without multicall3 (anvil has none), and the local account offered', () => {
  const settings = { environment: 'local', chainRpcUrl: 'http://127.0.0.1:8545' } as const;
  const chain = stakingChain(settings);
  expect(chain.id).toBe(11155111);
  expect(chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545']);
  expect(chain.contracts?.multicall3).toBeUndefined();
  expect(explorerTxUrl(chain, HASH)).toBeNull();
  expect(createStakingConfig(settings).connectors.map((c) => c.id)).toContain(LOCAL_DEV_CONNECTOR_ID);
});

test('elsewhere: multicall3 kept, explorer links from the configuration, injected wallets only', () => {
  const settings = { environment: 'stg', chainRpcUrl: 'https://rpc.example', chainExplorerUrl: 'https://sepolia.etherscan.io/' } as const;
  const chain = stakingChain(settings);
  expect(chain.contracts?.multicall3).toEqual(sepolia.contracts.multicall3);
  expect(explorerTxUrl(chain, HASH)).toBe(`https://sepolia.etherscan.io/tx/${HASH}`);
  expect(createStakingConfig(settings).connectors.map((c) => c.id)).not.toContain(LOCAL_DEV_CONNECTOR_ID);
});
