import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { WagmiProvider, createConfig, http, mock, type Config } from 'wagmi';
import { connect } from 'wagmi/actions';
import { defineChain, type Address } from 'viem';
import { fakeBff, json, noContent, renderWithShell, type FakeBff } from '@phoenix/shell/src/testing';
import { STAKING_CHAIN_ID, stakingChain } from './chain';
import { StakingConsole } from './StakingPage';

/** anvil's first two development accounts: the seeded owner, and a player who owns nothing. */
export const OWNER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const NOT_OWNER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER_CHAIN_ID = 31337;

export interface DevChain {
  rpcUrl: string;
  staking: Address;
  stop: () => Promise<void>;
}

/**
 * A real EVM for the component tests: contracts/scripts/devchain.mjs starts anvil (chain id
 * 11155111) and deploys the staking contract; it stops when we close its standard input.
 */
export async function startDevChain(): Promise<DevChain> {
  const script = path.resolve(__dirname, '../../../../../contracts/scripts/devchain.mjs');
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(process.execPath, [script, '--port', String(port)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`devchain exited (${code}): ${stderr}`)));
  });
  const deployed = JSON.parse(line) as { rpcUrl: string; staking: Address };
  return {
    ...deployed,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

/** wagmi's mock connector for `account`, connected (or not) on Sepolia or on another chain. */
export async function mockWalletConfig(chain: DevChain, options: { account?: Address; connectedOn?: number | null } = {}): Promise<Config> {
  const { account = OWNER, connectedOn = STAKING_CHAIN_ID } = options;
  const sepoliaLocal = stakingChain({ environment: 'local', chainRpcUrl: chain.rpcUrl });
  const other = defineChain({
    id: OTHER_CHAIN_ID,
    name: 'Other chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  // The mock wallet starts on the first chain of the list.
  const chains = connectedOn === OTHER_CHAIN_ID ? ([other, sepoliaLocal] as const) : ([sepoliaLocal, other] as const);
  const config = createConfig({
    chains,
    // reconnect: WagmiProvider reconnects on mount, and must find the wallet connected before the render still there.
    connectors: [mock({ accounts: [account], features: { reconnect: true } })],
    transports: { [STAKING_CHAIN_ID]: http(chain.rpcUrl, { batch: true }), [OTHER_CHAIN_ID]: http(chain.rpcUrl) },
    storage: null,
    pollingInterval: 100,
  });
  if (connectedOn !== null) await connect(config, { connector: config.connectors[0] });
  return config;
}

/**
 * Renders the page under the shell and the given wagmi config. The BFF is a fake (it records
 * POST /staking-changes and the intents); the chain is real, so fetch goes to anvil for everything else.
 */
export function renderStaking(config: Config, chain: DevChain): ReturnType<typeof renderWithShell> & { bff: FakeBff } {
  let intents = 0;
  const bff = fakeBff()
    .post('/staking-changes', () => noContent())
    .get('/staking-changes/intents', () => json({ items: [] }))
    .post('/staking-changes/intents', (req) =>
      json(
        {
          id: ++intents,
          status: 'open',
          requestedBy: 'admin@test',
          createdAt: new Date().toISOString(),
          txHash: null,
          ...(req.body as object),
        },
        201,
      ),
    );
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith('http://api.test') ? bff.fetch(input, init) : nodeFetch(input, init);
  }) as typeof fetch;
  const result = renderWithShell(
    <WagmiProvider config={config}>
      <StakingConsole contract={chain.staking} fromGenesis />
    </WagmiProvider>,
  );
  return { ...result, bff };
}
