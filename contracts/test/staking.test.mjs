// The point-booster staking contract on a real EVM: anvil with Sepolia's chain id, a fresh
// deployment per test (cheap: anvil mines each transaction at once).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  parseEventLogs,
} from 'viem';
import { pointBoosterStakingAbi as abi, stakeTokenAbi } from '../generated/index.js';
import { DEFAULT_LOCK_PERIOD, DEFAULT_TIERS, deployStaking, devAccount, localChain, startAnvil } from '../scripts/local.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const owner = devAccount(0);
const player = devAccount(1);
const newOwner = devAccount(2);
let anvil;
let chain;
let publicClient;
let testClient;

before(async () => {
  anvil = await startAnvil({ port: await freePort() });
  chain = localChain(anvil.rpcUrl);
  publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  testClient = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
});
after(() => anvil?.stop());

const walletOf = (account) => createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });

/** Simulates, sends and waits: the console's path. Resolves to the receipt's decoded logs. */
async function send(account, address, functionName, args = []) {
  const { request } = await publicClient.simulateContract({ account, address, abi, functionName, args });
  const hash = await walletOf(account).writeContract(request);
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  assert.equal(receipt.status, 'success');
  return parseEventLogs({ abi, logs: receipt.logs });
}

/** Asserts that the call reverts with the named custom error; returns its decoded arguments. */
async function reverts(promise, errorName) {
  try {
    await promise;
  } catch (error) {
    const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    assert.ok(revert, `expected a revert, got ${error}`);
    assert.equal(revert.data?.errorName, errorName);
    return revert.data.args;
  }
  assert.fail(`expected ${errorName}, but the call succeeded`);
}

const read = (address, functionName, args = []) => publicClient.readContract({ address, abi, functionName, args });
const simulate = (account, address, functionName, args = []) =>
  publicClient.simulateContract({ account, address, abi, functionName, args });

test('deploys with the seeded owner, lock period and tiers', async () => {
  const { staking } = await deployStaking({ rpcUrl: anvil.rpcUrl });
  assert.equal(await read(staking, 'owner'), owner.address);
  assert.equal(await read(staking, 'lockPeriod'), DEFAULT_LOCK_PERIOD);
  assert.deepEqual(await read(staking, 'tiers'), DEFAULT_TIERS);
  assert.equal(await read(staking, 'paused'), false);
  assert.equal(await read(staking, 'totalStaked'), 0n);
});

test('setters are owner-only and emit the old and the new value', async () => {
  const { staking } = await deployStaking({ rpcUrl: anvil.rpcUrl });
  const [account] = await reverts(simulate(player, staking, 'setLockPeriod', [60n]), 'OwnableUnauthorizedAccount');
  assert.equal(account, player.address);
  await reverts(simulate(player, staking, 'setTiers', [[]]), 'OwnableUnauthorizedAccount');
  await reverts(simulate(player, staking, 'pause'), 'OwnableUnauthorizedAccount');

  const [event] = await send(owner, staking, 'setLockPeriod', [3600n]);
  assert.equal(event.eventName, 'LockPeriodUpdated');
  assert.deepEqual(event.args, { oldLockPeriod: DEFAULT_LOCK_PERIOD, newLockPeriod: 3600n });
  assert.equal(await read(staking, 'lockPeriod'), 3600n);
  await reverts(simulate(owner, staking, 'setLockPeriod', [366n * 86400n]), 'LockPeriodTooLong');

  const tiers = [{ minStake: parseEther('50'), boosterBps: 1000 }];
  const [tiersEvent] = await send(owner, staking, 'setTiers', [tiers]);
  assert.equal(tiersEvent.eventName, 'TiersUpdated');
  assert.deepEqual(tiersEvent.args, { oldTiers: DEFAULT_TIERS, newTiers: tiers });
  assert.deepEqual(await read(staking, 'tiers'), tiers);
});

test('tiers must ascend in minimum stake and booster, within the limits', async () => {
  const { staking } = await deployStaking({ rpcUrl: anvil.rpcUrl });
  const tier = (min, bps) => ({ minStake: parseEther(String(min)), boosterBps: bps });
  assert.deepEqual(await reverts(simulate(owner, staking, 'setTiers', [[tier(100, 500), tier(100, 900)]]), 'TierMinStakeNotAscending'), [
    1n,
  ]);
  assert.deepEqual(await reverts(simulate(owner, staking, 'setTiers', [[tier(100, 500), tier(200, 500)]]), 'TierBoosterNotAscending'), [
    1n,
  ]);
  assert.deepEqual(await reverts(simulate(owner, staking, 'setTiers', [[tier(100, 100_001)]]), 'TierBoosterTooHigh'), [
    0n,
    100_001,
    100_000,
  ]);
  const eleven = Array.from({ length: 11 }, (_, i) => tier(i + 1, i + 1));
  assert.deepEqual(await reverts(simulate(owner, staking, 'setTiers', [eleven]), 'TooManyTiers'), [11n, 10n]);
  await send(owner, staking, 'setTiers', [[]]);
  assert.deepEqual(await read(staking, 'tiers'), []);
});

test('pause stops staking but never traps a stake; boosters follow the tiers and the lock holds', async () => {
  const { staking, token } = await deployStaking({ rpcUrl: anvil.rpcUrl });
  const tokenCall = async (account, functionName, args) => {
    const hash = await walletOf(account).writeContract({ address: token, abi: stakeTokenAbi, functionName, args });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  };
  await tokenCall(owner, 'transfer', [player.address, parseEther('2000')]);
  await tokenCall(player, 'approve', [staking, parseEther('2000')]);

  await send(player, staking, 'stake', [parseEther('1000')]);
  assert.equal(await read(staking, 'totalStaked'), parseEther('1000'));
  assert.equal(await read(staking, 'boosterOf', [player.address]), 1500);
  await reverts(simulate(player, staking, 'unstake', [parseEther('1')]), 'StakeLocked');

  const [paused] = await send(owner, staking, 'pause');
  assert.equal(paused.eventName, 'Paused');
  assert.equal(await read(staking, 'paused'), true);
  await reverts(simulate(player, staking, 'stake', [parseEther('1')]), 'EnforcedPause');
  await reverts(simulate(owner, staking, 'pause'), 'EnforcedPause');

  await testClient.increaseTime({ seconds: Number(DEFAULT_LOCK_PERIOD) });
  await testClient.mine({ blocks: 1 });
  await send(player, staking, 'unstake', [parseEther('950')]);
  assert.equal(await read(staking, 'boosterOf', [player.address]), 0);
  await reverts(simulate(player, staking, 'unstake', [parseEther('51')]), 'InsufficientStake');

  const [unpaused] = await send(owner, staking, 'unpause');
  assert.equal(unpaused.eventName, 'Unpaused');
  await send(player, staking, 'stake', [parseEther('100')]);
  assert.equal(await read(staking, 'totalStaked'), parseEther('150'));
});

test('ownership moves in two steps: start, then the new owner accepts', async () => {
  const { staking } = await deployStaking({ rpcUrl: anvil.rpcUrl });
  await reverts(simulate(player, staking, 'transferOwnership', [player.address]), 'OwnableUnauthorizedAccount');
  const [started] = await send(owner, staking, 'transferOwnership', [newOwner.address]);
  assert.equal(started.eventName, 'OwnershipTransferStarted');
  assert.equal(await read(staking, 'owner'), owner.address, 'the owner stays until the transfer is accepted');
  assert.equal(await read(staking, 'pendingOwner'), newOwner.address);
  await reverts(simulate(player, staking, 'acceptOwnership'), 'OwnableUnauthorizedAccount');

  const [transferred] = await send(newOwner, staking, 'acceptOwnership');
  assert.equal(transferred.eventName, 'OwnershipTransferred');
  assert.equal(await read(staking, 'owner'), newOwner.address);
  assert.equal(await read(staking, 'pendingOwner'), '0x0000000000000000000000000000000000000000');
  await reverts(simulate(owner, staking, 'setLockPeriod', [1n]), 'OwnableUnauthorizedAccount');
});

test('ownership is never renounced: the contract refuses it, from the owner too', async () => {
  const { staking } = await deployStaking({ rpcUrl: anvil.rpcUrl });
  await reverts(simulate(owner, staking, 'renounceOwnership'), 'OwnershipCannotBeRenounced');
  // Sent anyway (a wallet that skips the simulation): mined, reverted, and the owner stays.
  const hash = await walletOf(owner).writeContract({ address: staking, abi, functionName: 'renounceOwnership', gas: 100_000n });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  assert.equal(receipt.status, 'reverted');
  assert.equal(await read(staking, 'owner'), owner.address);
});
