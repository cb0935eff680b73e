import { screen, waitFor, within } from '@testing-library/react';
import { apiError, json } from '@phoenix/shell/src/testing';
import { STAKING_CHAIN_ID } from './chain';
import { NOT_OWNER, mockWalletConfig, renderStaking, startDevChain, type DevChain } from './testing';

// One anvil per file (chain id 11155111, the contract freshly deployed), shared by the tests below:
// only the last one changes the chain.
let chain: DevChain;
beforeAll(async () => {
  chain = await startDevChain();
}, 60_000);
afterAll(() => chain?.stop());

const lockPeriod = () => screen.findByTestId('staking-lock-period');

test('not connected: the parameters are read from the chain, read-only, with the connect buttons', async () => {
  const config = await mockWalletConfig(chain, { connectedOn: null });
  const { user } = renderStaking(config, chain);
  expect(await lockPeriod()).toHaveTextContent('7 d (604800 seconds)');
  expect(screen.getByRole('table', { name: 'Booster tiers' })).toHaveTextContent('1500 bps (+15%)');
  expect(screen.getByText("Connect the owner's wallet to change the parameters.")).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Lock period' })).not.toBeInTheDocument();

  // The local development account (wagmi's mock connector on anvil's first account) is the owner.
  await user.click(screen.getByRole('button', { name: 'Connect the local development account' }));
  expect(await screen.findByText('Local development account')).toBeInTheDocument();
  expect(await screen.findByRole('form', { name: 'Lock period' })).toBeInTheDocument();
  expect(screen.queryByText('Read-only')).not.toBeInTheDocument();
});

test('wrong chain: says so, stays read-only, and switches to Sepolia on request', async () => {
  const config = await mockWalletConfig(chain, { connectedOn: 31337 });
  const { user } = renderStaking(config, chain);
  expect(await screen.findByText(/The wallet is on chain 31337, but the staking contract is on Sepolia \(11155111\)/)).toBeInTheDocument();
  expect(screen.getByText('Switch the wallet to Sepolia to change the parameters.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add Sepolia to the wallet' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Switch to Sepolia' }));
  await waitFor(() => expect(screen.queryByText('Wrong chain')).not.toBeInTheDocument());
  expect(config.state.chainId).toBe(STAKING_CHAIN_ID);
  expect(await screen.findByRole('form', { name: 'Lock period' })).toBeInTheDocument();
});

test('not the owner: read-only, with the reason', async () => {
  const config = await mockWalletConfig(chain, { account: NOT_OWNER });
  renderStaking(config, chain);
  expect(await screen.findByText(new RegExp(`The connected account ${NOT_OWNER} is not the contract's owner`))).toBeInTheDocument();
  expect(await lockPeriod()).toHaveTextContent('7 d');
  expect(screen.queryByRole('form', { name: 'Lock period' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Pause staking/ })).not.toBeInTheDocument();
});

test('owner, reverted simulation: the decoded reason, and nothing can be sent', async () => {
  const config = await mockWalletConfig(chain);
  const { user, bff } = renderStaking(config, chain);
  const form = await screen.findByRole('form', { name: 'Lock period' });
  const input = within(form).getByLabelText('Lock period (seconds)');
  await user.clear(input);
  await user.type(input, String(400 * 86_400));
  await user.click(within(form).getByRole('button', { name: 'Review change' }));

  const flow = await screen.findByRole('region', { name: 'Review and send' });
  expect(within(flow).getByRole('row', { name: /Lock period/ })).toHaveTextContent('7 d400 d');
  expect(await within(flow).findByText('The contract would refuse this change')).toBeInTheDocument();
  expect(within(flow).getByText(/a lock period of 34560000 seconds is longer than the maximum of 31536000 seconds/)).toBeInTheDocument();
  expect(within(flow).getByText('Nothing was sent.')).toBeInTheDocument();
  expect(within(flow).getByRole('button', { name: 'Send transaction' })).toBeDisabled();
  expect(bff.calls('POST', '/staking-changes')).toHaveLength(0);
});

test('owner, confirmed change: pending with its hash, confirmed, read back, in the history and the action log', async () => {
  const config = await mockWalletConfig(chain);
  const { user, bff } = renderStaking(config, chain);
  const form = await screen.findByRole('form', { name: 'Lock period' });
  const input = within(form).getByLabelText('Lock period (seconds)');
  await user.clear(input);
  await user.type(input, '3600');
  await user.click(within(form).getByRole('button', { name: 'Review change' }));

  const flow = await screen.findByRole('region', { name: 'Review and send' });
  expect(await within(flow).findByText('The simulation succeeded: the contract accepts this change.')).toBeInTheDocument();
  await user.click(within(flow).getByRole('button', { name: 'Send transaction' }));
  expect(await within(flow).findByText(/^Confirmed in block \d+\.$/)).toBeInTheDocument();
  const hash = within(flow).getByText(/^0x[0-9a-f]{64}$/).textContent;

  expect(await within(flow).findByText('Recorded in the action log.')).toBeInTheDocument();
  const [logged] = bff.calls('POST', '/staking-changes');
  expect(logged.body).toEqual({
    change: 'setLockPeriod',
    chainId: STAKING_CHAIN_ID,
    contractAddress: chain.staking,
    txHash: hash,
    outcome: 'confirmed',
    before: { lockPeriod: '604800' },
    after: { lockPeriod: '3600' },
    intentId: 1,
  });
  // Recorded as intended before the wallet signed.
  expect(bff.calls('POST', '/staking-changes/intents')[0]!.body).toEqual({
    change: 'setLockPeriod',
    chainId: STAKING_CHAIN_ID,
    contractAddress: chain.staking,
    before: { lockPeriod: '604800' },
    after: { lockPeriod: '3600' },
  });

  await waitFor(() => expect(screen.getByTestId('staking-lock-period')).toHaveTextContent('1 h (3600 seconds)'));
  const history = screen.getByRole('table', { name: 'Parameter change history' });
  await waitFor(() => expect(within(history).getAllByRole('row')[1]).toHaveTextContent(`Lock period7 d → 1 h${hash}`));
});

test('where a second admin approves: the intent becomes a change request and nothing is sent', async () => {
  const config = await mockWalletConfig(chain);
  const { user, bff } = renderStaking(config, chain);
  bff
    .post('/staking-changes/intents', () =>
      apiError(428, 'approval_required', 'needs approval', { current: { scope: 'staking pause', operation: 'staking.intent' } }),
    )
    .post('/change-requests', (req) => json({ id: 31, scope: 'staking pause', ...(req.body as object) }, 201));
  const pause = await screen.findByRole('form', { name: 'Staking' });
  await user.click(within(pause).getByRole('button', { name: /Pause staking/ }));
  const flow = await screen.findByRole('region', { name: 'Review and send' });
  expect(await within(flow).findByText('The simulation succeeded: the contract accepts this change.')).toBeInTheDocument();
  await user.click(within(flow).getByRole('button', { name: 'Send transaction' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Request approval: staking pause' });
  await user.type(within(dialog).getByLabelText(/Reason/), 'Incident');
  await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
  expect(await within(flow).findByText(/Sent for approval as request #31/)).toBeInTheDocument();
  expect(bff.calls('POST', '/change-requests')[0]!.body).toMatchObject({
    method: 'POST',
    path: '/staking-changes/intents',
    body: { change: 'pause', after: { paused: true } },
  });
  expect(within(flow).getByRole('button', { name: 'Send transaction' })).toBeDisabled();
  expect(bff.calls('POST', '/staking-changes')).toHaveLength(0);
});

test('an approved intent is listed and sent as recorded; its confirmed transaction carries its id', async () => {
  const config = await mockWalletConfig(chain);
  const { user, bff } = renderStaking(config, chain);
  const intent = {
    id: 5,
    change: 'setLockPeriod',
    chainId: STAKING_CHAIN_ID,
    contractAddress: chain.staking,
    before: { lockPeriod: '3600' },
    after: { lockPeriod: '7200' },
    status: 'open',
    requestedBy: 'a@example.com',
    createdAt: '2030-01-01T00:00:00.000Z',
    txHash: null,
  };
  bff.get('/staking-changes/intents', () => json({ items: [intent] }));
  await user.click(await screen.findByRole('button', { name: 'Send change #5' }));
  const flow = await screen.findByRole('region', { name: 'Review and send' });
  expect(await within(flow).findByText('The simulation succeeded: the contract accepts this change.')).toBeInTheDocument();
  await user.click(within(flow).getByRole('button', { name: 'Send transaction' }));
  expect(await within(flow).findByText(/^Confirmed in block \d+\.$/)).toBeInTheDocument();
  expect(await within(flow).findByText('Recorded in the action log.')).toBeInTheDocument();
  expect(bff.calls('POST', '/staking-changes/intents')).toHaveLength(0);
  expect(bff.calls('POST', '/staking-changes')[0]!.body).toMatchObject({
    change: 'setLockPeriod',
    intentId: 5,
    after: { lockPeriod: '7200' },
  });
  await waitFor(() => expect(screen.getByTestId('staking-lock-period')).toHaveTextContent('2 h (7200 seconds)'));
});
