import { apiFor, expectGuarded, lastLog, LONG_SESSIONS, logCount } from './support/system';
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { startDevChain, type DevChain } from './support/devChain';

/**
 * POST /staking-changes records what the chain shows (Trust II): each report is read back from the
 * server's own RPC (anvil here), decoded with the contract's ABI, and recorded only when it matches;
 * anything else is refused and logged as staking.mismatch. Change control is off here (no intent
 * needed); stakingIntents.test.ts covers the intents and "approve".
 */
let chain: DevChain;
let t: TestApp;
let call: ReturnType<typeof apiFor>;
let operatorToken: string;
beforeAll(async () => {
  chain = await startDevChain();
  t = await createTestApp({ ...LONG_SESSIONS, stakingChain: chain.settings });
  const admin = await signedInAdmin(t);
  call = apiFor(t, () => admin.token);
  operatorToken = (await signedInAdmin(t, 1)).token;
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const contract = () => chain.staking.toLowerCase();
const report = (txHash: string, body: Record<string, unknown> = {}) => ({
  change: 'setLockPeriod',
  chainId: 11155111,
  contractAddress: chain.staking,
  txHash,
  outcome: 'confirmed',
  before: { lockPeriod: '604800' },
  after: { lockPeriod: '3600' },
  ...body,
});

/** A refused report: 422 naming the reason, and nothing in the log but the staking.mismatch row. */
async function refused(body: unknown, reason: string) {
  const before = await logCount(t);
  const response = await call('POST', '/staking-changes', body);
  expect(response.statusCode).toBe(422);
  expect(response.json().error).toMatchObject({ code: 'staking_mismatch', current: { reason } });
  expect(await logCount(t)).toBe(before + 1);
  const log = await lastLog(t, 'stakingContract', contract());
  expect(log).toMatchObject({ action: 'staking.mismatch', after: { reason } });
  return log;
}

test('/staking-changes: 401 without a token, 403 for a role-1 operator', async () => {
  await expectGuarded(t, operatorToken, [['POST', '/staking-changes']]);
});

test('a real change is recorded with its decoded call and events, the admin from the token', async () => {
  const { userInfo } = (await call('POST', '/users/info')).json().data;
  const receipt = await chain.send('setLockPeriod', [3600n]);
  const response = await call('POST', '/staking-changes', report(receipt.transactionHash));
  expect(response.statusCode).toBe(204);
  const log = await lastLog(t, 'stakingContract', contract());
  expect(log).toMatchObject({
    action: 'staking.setLockPeriod',
    admin_id: userInfo.id,
    admin_email: userInfo.email,
    before: { lockPeriod: '604800' },
    after: {
      lockPeriod: '3600',
      chainId: 11155111,
      txHash: receipt.transactionHash,
      outcome: 'confirmed',
      status: 'success',
      blockNumber: receipt.blockNumber.toString(),
      call: { functionName: 'setLockPeriod', args: ['3600'] },
      events: [{ eventName: 'LockPeriodUpdated', args: { oldLockPeriod: '604800', newLockPeriod: '3600' } }],
    },
  });
  // Reported again (a retried request): recorded once.
  const again = await call('POST', '/staking-changes', report(receipt.transactionHash));
  expect(again.statusCode).toBe(409);
});

test('tiers and pause are decoded too; a reverted transaction is recorded only as failed', async () => {
  const tiers = [{ minStake: '50000000000000000000', boosterBps: 700 }];
  const setTiers = await chain.send('setTiers', [[{ minStake: 50n * 10n ** 18n, boosterBps: 700 }]]);
  const recorded = await call(
    'POST',
    '/staking-changes',
    report(setTiers.transactionHash, { change: 'setTiers', before: {}, after: { tiers } }),
  );
  expect(recorded.statusCode).toBe(204);
  expect(await lastLog(t, 'stakingContract', contract())).toMatchObject({ action: 'staking.setTiers', after: { tiers } });

  const paused = await chain.send('pause');
  expect(
    (await call('POST', '/staking-changes', report(paused.transactionHash, { change: 'pause', after: { paused: true } }))).statusCode,
  ).toBe(204);
  // Pausing again reverts (EnforcedPause): mined, status reverted.
  const reverted = await chain.send('pause', [], { gas: 100_000n });
  expect(reverted.status).toBe('reverted');
  await refused(report(reverted.transactionHash, { change: 'pause', after: { paused: true } }), 'outcome_differs');
  const failed = await call(
    'POST',
    '/staking-changes',
    report(reverted.transactionHash, { change: 'pause', after: { paused: true }, outcome: 'failed' }),
  );
  expect(failed.statusCode).toBe(204);
  expect(await lastLog(t, 'stakingContract', contract())).toMatchObject({
    action: 'staking.pause',
    after: { outcome: 'failed', status: 'reverted', call: { functionName: 'pause', args: [] }, events: [] },
  });
  await chain.send('unpause');
});

test('forged reports are refused: an unknown hash, another contract, another change, other values', async () => {
  await refused(report(`0x${'ab'.repeat(32)}`), 'unknown_transaction');

  const other = await chain.deployAnother();
  const elsewhere = await chain.send('setLockPeriod', [3600n], { address: other });
  await refused(report(elsewhere.transactionHash), 'wrong_contract');
  await refused(report(elsewhere.transactionHash, { contractAddress: other }), 'wrong_contract'); // not the server's contract

  const real = await chain.send('setLockPeriod', [7200n]);
  await refused(report(real.transactionHash), 'different_arguments'); // sent 7200, reported 3600
  await refused(report(real.transactionHash, { change: 'pause', after: { paused: true } }), 'different_call');
  await refused(report(real.transactionHash, { after: { lockPeriod: '7200' }, outcome: 'failed' }), 'outcome_differs');
  await refused(report(real.transactionHash, { after: { lockPeriod: '7200' }, chainId: 1 }), 'wrong_chain');
  const log = await refused(report(real.transactionHash, { intentId: 999 }), 'intent_not_open');
  expect(log!.after).toMatchObject({ txHash: real.transactionHash, change: 'setLockPeriod', intentId: 999 });
});

test.each([
  ['an unknown change', { change: 'selfDestruct' }, 'change'],
  ['a malformed hash', { txHash: '0x1234' }, 'txHash'],
  ['a malformed address', { contractAddress: '0xnothex' }, 'contractAddress'],
  ['an unknown outcome', { outcome: 'maybe' }, 'outcome'],
  ['a fractional lock period', { after: { lockPeriod: '1.5' } }, 'after.lockPeriod'],
  ['an unknown parameter', { after: { owner: '0xE7f1725E7734CE288F8367e1Bb143E90bb3F0512' } }, 'after'],
  ['an admin in the body', { admin: 'someone@else' }, '_form'],
])('400 for %s, and nothing logged', async (_name, body, field) => {
  const before = await logCount(t);
  const response = await call('POST', '/staking-changes', report(`0x${'ab'.repeat(32)}`, body));
  expect(response.statusCode).toBe(400);
  expect(response.json().error.code).toBe('validation_failed');
  expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
  expect(await logCount(t)).toBe(before);
});
