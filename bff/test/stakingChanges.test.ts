import { expectGuarded, lastLog, logCount, useSystemApp } from './support/system';

const { app, call } = useSystemApp();
const CONTRACT = '0xE7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const HASH = `0x${'ab'.repeat(32)}`;
const change = (body: Record<string, unknown> = {}) => ({
  change: 'setLockPeriod',
  chainId: 11155111,
  contractAddress: CONTRACT,
  txHash: HASH,
  outcome: 'confirmed',
  before: { lockPeriod: '604800' },
  after: { lockPeriod: '3600' },
  ...body,
});

test('/staking-changes: 401 without a token, 403 for a role-1 operator', async () => {
  await expectGuarded(app.t, app.operatorToken, [['POST', '/staking-changes']]);
});

test('records the sent change in the action log, with the admin from the token', async () => {
  const { userInfo } = (await call('POST', '/users/info')).json().data;
  const response = await call('POST', '/staking-changes', change());
  expect(response.statusCode).toBe(204);
  const log = await lastLog(app.t, 'stakingContract', CONTRACT.toLowerCase());
  expect(log).toMatchObject({
    action: 'staking.setLockPeriod',
    admin_id: userInfo.id,
    admin_email: userInfo.email,
    before: { lockPeriod: '604800' },
    after: { lockPeriod: '3600', chainId: 11155111, txHash: HASH, outcome: 'confirmed' },
  });
});

test('a replaced transaction keeps the hash that replaced it', async () => {
  const replacedBy = `0x${'cd'.repeat(32)}`;
  const tiers = [{ minStake: '100000000000000000000', boosterBps: 500 }];
  const response = await call(
    'POST',
    '/staking-changes',
    change({ change: 'setTiers', outcome: 'replaced', replacedBy, before: { tiers: [] }, after: { tiers } }),
  );
  expect(response.statusCode).toBe(204);
  const log = await lastLog(app.t, 'stakingContract', CONTRACT.toLowerCase());
  expect(log).toMatchObject({ action: 'staking.setTiers', after: { tiers, outcome: 'replaced', replacedBy } });
});

test.each([
  ['an unknown change', { change: 'selfDestruct' }, 'change'],
  ['a malformed hash', { txHash: '0x1234' }, 'txHash'],
  ['a malformed address', { contractAddress: '0xnothex' }, 'contractAddress'],
  ['an unknown outcome', { outcome: 'maybe' }, 'outcome'],
  ['a fractional lock period', { after: { lockPeriod: '1.5' } }, 'after.lockPeriod'],
  ['an unknown parameter', { after: { owner: CONTRACT } }, 'after'],
  ['an admin in the body', { admin: 'someone@else' }, '_form'],
])('400 for %s, and nothing logged', async (_name, body, field) => {
  const before = await logCount(app.t);
  const response = await call('POST', '/staking-changes', change(body));
  expect(response.statusCode).toBe(400);
  expect(response.json().error.code).toBe('validation_failed');
  expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
  expect(await logCount(app.t)).toBe(before);
});
