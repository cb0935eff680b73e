// points/staking against a real EVM: anvil with Sepolia's chain id (11155111), the staking contract
// deployed by the seeded owner, and the console's runtime configuration pointing at both (as
// `npm start` does). The local development account (wagmi's mock connector) sends the change.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FRESH_STAKING_ADDRESS } from '../../contracts/scripts/local.mjs';
import { startLocalChain } from '../../scripts/lib/localChain.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';

/** One JSON-RPC call to anvil (its test methods: automine, mine). */
async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

// The BFF checks reported transactions on its own RPC, read at its start: it is told the chain
// before anvil runs (the port reserved here, and the staking contract's address, which a fresh anvil
// always gives the seeded owner's second deployment, after the token's).
const anvilPort = await freePort();
const stakingAddress = FRESH_STAKING_ADDRESS;

describe('staking configuration (points/staking) on anvil', () => {
  const ctx = useConsole(undefined, {
    bffEnv: { STAKING_RPC_URL: `http://127.0.0.1:${anvilPort}`, STAKING_CONTRACT_ADDRESS: stakingAddress, STAKING_CHAIN_ID: '11155111' },
  });
  let chain;
  before(async () => {
    // The stack's /config.json is read per request: the page sees the local chain and the contract.
    chain = await startLocalChain({ port: anvilPort, config: ctx.stack.config });
    assert.equal(chain.staking.toLowerCase(), stakingAddress.toLowerCase());
  });
  after(() => chain?.stop());

  it('connects the local account, changes the lock period (pending, then confirmed), reads it back, in the history and the action log', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    await page.goto(`${ctx.stack.hostUrl}/admin/points/staking`);
    const main = page.getByRole('main');
    const lockPeriod = main.getByTestId('staking-lock-period');
    await lockPeriod.getByText('7 d (604800 seconds)').waitFor();
    await main.getByText("Connect the owner's wallet to change the parameters.").waitFor();
    await main.getByRole('table', { name: 'Parameter change history' }).getByText('Ownership transferred').waitFor();
    await assertAccessible(page, 'points/staking, no wallet connected');

    await main.getByRole('button', { name: 'Connect the local development account' }).click();
    await main.getByText('Local development account', { exact: true }).waitFor();
    assert.match(await main.getByRole('region', { name: 'Wallet' }).innerText(), /Sepolia \(11155111\)/);

    const form = main.getByRole('form', { name: 'Lock period' });
    await form.getByLabel('Lock period (seconds)').fill('3600');
    await form.getByRole('button', { name: 'Review change' }).click();
    const flow = main.getByRole('region', { name: 'Review and send' });
    await flow.getByText('The simulation succeeded: the contract accepts this change.').waitFor();

    // Hold the block back, so the transaction is seen pending before it is mined.
    await rpc(chain.rpcUrl, 'evm_setAutomine', [false]);
    await flow.getByRole('button', { name: 'Send transaction' }).click();
    await flow.getByText('Pending: the transaction is waiting to be mined.').waitFor();
    const hash = await flow.getByText(/^0x[0-9a-f]{64}$/).innerText();
    await rpc(chain.rpcUrl, 'evm_mine');
    await rpc(chain.rpcUrl, 'evm_setAutomine', [true]);
    await flow.getByText(/^Confirmed in block \d+\.$/).waitFor();
    await flow.getByText('Recorded in the action log.').waitFor();

    // Read back from the chain, and in the event history with its transaction.
    await lockPeriod.getByText('1 h (3600 seconds)').waitFor();
    const history = main.getByRole('table', { name: 'Parameter change history' });
    await history.getByRole('row').filter({ hasText: hash }).filter({ hasText: '7 d → 1 h' }).waitFor();

    await assertAccessible(page, 'points/staking after a confirmed change');

    // The action log has the change, with its hash and outcome.
    await page.goto(`${ctx.stack.hostUrl}/admin/logs?action=staking`);
    await main.getByRole('cell', { name: 'staking.setLockPeriod', exact: true }).first().waitFor();
    await main
      .getByRole('row', { name: /staking\.setLockPeriod/ })
      .getByRole('button', { name: /View log entry/ })
      .click();
    const detail = page.getByRole('dialog');
    await detail.getByText(hash, { exact: false }).first().waitFor();
    assert.match(await detail.innerText(), /confirmed/);
    await context.close();
  });
});
