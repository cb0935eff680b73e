// The ABI the front end uses is generated from the Solidity source: this fails when someone edits
// the contract without regenerating (or edits the generated files by hand).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { staleFiles } from '../scripts/build.mjs';
import { pointBoosterStakingAbi } from '../generated/index.js';

test('contracts/generated matches what contracts/solidity compiles to', () => {
  assert.deepEqual(staleFiles(), [], 'run `pnpm --filter @phoenix/contracts build` and commit contracts/generated');
});

test('the generated ABI has the functions and events the console uses', () => {
  const names = (type) => pointBoosterStakingAbi.filter((item) => item.type === type).map((item) => item.name);
  for (const fn of [
    'tiers',
    'lockPeriod',
    'paused',
    'totalStaked',
    'owner',
    'pendingOwner',
    'setTiers',
    'setLockPeriod',
    'pause',
    'unpause',
    'transferOwnership',
    'acceptOwnership',
  ]) {
    assert.ok(names('function').includes(fn), `function ${fn}`);
  }
  for (const event of ['TiersUpdated', 'LockPeriodUpdated', 'Paused', 'Unpaused', 'OwnershipTransferStarted', 'OwnershipTransferred']) {
    assert.ok(names('event').includes(event), `event ${event}`);
  }
});
