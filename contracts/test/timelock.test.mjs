// prd's owner (docs/staking.md): a multisig proposing through OpenZeppelin's TimelockController.
// Proves on anvil that the staking contract works under such an owner: ownership moves to the
// timelock in two steps, a parameter change runs only after the delay, and the old owner is refused.
// The timelock is compiled here (solc, from @openzeppelin/contracts): the console never deploys it,
// so it stays out of contracts/generated.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import solc from 'solc';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  zeroAddress,
  zeroHash,
} from 'viem';
import { pointBoosterStakingAbi as stakingAbi } from '../generated/index.js';
import { findImport } from '../scripts/build.mjs';
import { DEFAULT_LOCK_PERIOD, deployStaking, devAccount, localChain, startAnvil } from '../scripts/local.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const deployer = devAccount(0); // the seeded owner, as on every new deployment
const multisig = devAccount(3); // stands in for the Safe: the only proposer
const executor = devAccount(4);
const DELAY = 2n * 24n * 60n * 60n; // two days: time to see and veto a change
let anvil;
let publicClient;
let testClient;
let timelockArtifact;

/** TimelockController's ABI and bytecode, compiled as contracts/scripts/build.mjs compiles ours. */
function compileTimelock() {
  const input = {
    language: 'Solidity',
    sources: { 'Timelock.sol': { content: 'import "@openzeppelin/contracts/governance/TimelockController.sol";' } },
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: {
        '@openzeppelin/contracts/governance/TimelockController.sol': { TimelockController: ['abi', 'evm.bytecode.object'] },
      },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const compiled = output.contracts['@openzeppelin/contracts/governance/TimelockController.sol'].TimelockController;
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
}

before(async () => {
  timelockArtifact = compileTimelock();
  anvil = await startAnvil({ port: await freePort() });
  const chain = localChain(anvil.rpcUrl);
  publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  testClient = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
});
after(() => anvil?.stop());

const walletOf = (account) => createWalletClient({ account, chain: localChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
const mined = async (hash) => {
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  assert.equal(receipt.status, 'success');
  return receipt;
};

/** Asserts that the simulated call reverts with the named custom error. */
async function reverts(promise, errorName) {
  try {
    await promise;
  } catch (error) {
    const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    assert.ok(revert, `expected a revert, got ${error}`);
    assert.equal(revert.data?.errorName, errorName);
    return;
  }
  assert.fail(`expected ${errorName}, but the call succeeded`);
}

/** A timelock with the multisig as its only proposer (and canceller), one executor, and no admin. */
async function deployTimelock() {
  const { abi, bytecode } = timelockArtifact;
  const hash = await walletOf(deployer).deployContract({
    abi,
    bytecode,
    // No admin (zero address): nobody can grant roles or shorten the delay except through the timelock itself.
    args: [DELAY, [multisig.address], [executor.address], zeroAddress],
  });
  return getAddress((await mined(hash)).contractAddress); // checksummed, as reads return addresses
}

/** The multisig schedules a call of the staking contract; returns what execute needs. */
async function schedule(timelock, staking, functionName, args = [], salt = zeroHash) {
  const data = encodeFunctionData({ abi: stakingAbi, functionName, args });
  const operation = [staking, 0n, data, zeroHash, salt];
  const { abi } = timelockArtifact;
  await mined(await walletOf(multisig).writeContract({ address: timelock, abi, functionName: 'schedule', args: [...operation, DELAY] }));
  return operation;
}

const execute = (account, timelock, operation) =>
  publicClient.simulateContract({ account, address: timelock, abi: timelockArtifact.abi, functionName: 'execute', args: operation });

const afterTheDelay = async () => {
  await testClient.increaseTime({ seconds: Number(DELAY) });
  await testClient.mine({ blocks: 1 });
};

const read = (address, functionName) => publicClient.readContract({ address, abi: stakingAbi, functionName });

test('under a multisig behind a timelock: ownership accepted through it, changes only after the delay, the old owner refused', async () => {
  const timelock = await deployTimelock();
  const { staking } = await deployStaking({ rpcUrl: anvil.rpcUrl });

  // Ownable2Step: the seeded owner starts the transfer; the timelock accepts it, itself after the delay.
  await mined(
    await walletOf(deployer).writeContract({ address: staking, abi: stakingAbi, functionName: 'transferOwnership', args: [timelock] }),
  );
  const accept = await schedule(timelock, staking, 'acceptOwnership');
  await reverts(execute(executor, timelock, accept), 'TimelockUnexpectedOperationState');
  await afterTheDelay();
  await mined(await walletOf(executor).writeContract((await execute(executor, timelock, accept)).request));
  assert.equal(await read(staking, 'owner'), timelock);

  // A parameter change: proposed by the multisig only, executed only once the delay has passed.
  const { abi } = timelockArtifact;
  const data = encodeFunctionData({ abi: stakingAbi, functionName: 'setLockPeriod', args: [3600n] });
  await reverts(
    publicClient.simulateContract({
      account: deployer,
      address: timelock,
      abi,
      functionName: 'schedule',
      args: [staking, 0n, data, zeroHash, zeroHash, DELAY],
    }),
    'AccessControlUnauthorizedAccount',
  );
  const change = await schedule(timelock, staking, 'setLockPeriod', [3600n]);
  await reverts(execute(executor, timelock, change), 'TimelockUnexpectedOperationState');
  assert.equal(await read(staking, 'lockPeriod'), DEFAULT_LOCK_PERIOD);
  await afterTheDelay();
  await reverts(execute(deployer, timelock, change), 'AccessControlUnauthorizedAccount'); // only the executor runs it
  await mined(await walletOf(executor).writeContract((await execute(executor, timelock, change)).request));
  assert.equal(await read(staking, 'lockPeriod'), 3600n);

  // The old owner (a single key) can no longer change anything directly.
  await reverts(
    publicClient.simulateContract({ account: deployer, address: staking, abi: stakingAbi, functionName: 'setLockPeriod', args: [1n] }),
    'OwnableUnauthorizedAccount',
  );
  await reverts(
    publicClient.simulateContract({ account: deployer, address: staking, abi: stakingAbi, functionName: 'pause' }),
    'OwnableUnauthorizedAccount',
  );
});
