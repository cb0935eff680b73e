// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { apiFor, LONG_SESSIONS, logCount } from './support/system';
import { startDevChain, type DevChain } from './support/devChain';

/**
 * The record of intent of a staking change: recorded before the owner's wallet signs,
 * a global operation (a second admin's change request in "approve"), used up once by the confirmed
 * transaction that carries it out, as the chain shows it (Trust II); a failed one leaves it open.
 */
let chain: DevChain;
beforeAll(async () => {
  chain = await startDevChain();
});
afterAll(() => chain?.stop());

const intent = () => ({
  change: 'setLockPeriod',
  chainId: 11155111,
  contractAddress: chain.staking,
  before: { lockPeriod: '604800' },
  after: { lockPeriod: '3600' },
});
const open = (call: ReturnType<typeof apiFor>) =>
  call('GET', `/staking-changes/intents?contractAddress=${chain.staking}&chainId=11155111`).then((r) => r.json().items as { id: number }[]);
const reasonOf = (response: { json(): { error: { current?: { reason?: string } } } }) => response.json().error.current?.reason;

describe('in an environment without change control', () => {
  let t: TestApp;
  let call: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    t = await createTestApp({ ...LONG_SESSIONS, stakingChain: chain.settings });
    const admin = await signedInAdmin(t);
    call = apiFor(t, () => admin.token);
  });
  afterAll(() => t.close());

  test('recorded, listed while open, used up once by its confirmed transaction', async () => {
    const recorded = await call('POST', '/staking-changes/intents', intent());
    expect(recorded.statusCode).toBe(201);
    const { id } = recorded.json();
    expect((await open(call)).map((i) => i.id)).toEqual([id]);

    // Sent by an account that is not the owner: mined, reverted; it leaves the intent open.
    const reverted = await chain.send('setLockPeriod', [3600n], { from: 1, gas: 100_000n });
    const failed = { ...intent(), txHash: reverted.transactionHash, intentId: id, outcome: 'failed' };
    expect((await call('POST', '/staking-changes', failed)).statusCode).toBe(204);
    expect((await open(call)).map((i) => i.id)).toEqual([id]);

    const sent = { ...intent(), txHash: (await chain.send('setLockPeriod', [3600n])).transactionHash, intentId: id, outcome: 'confirmed' };
    expect((await call('POST', '/staking-changes', sent)).statusCode).toBe(204);
    expect(await open(call)).toEqual([]);
    expect((await call('POST', '/staking-changes', sent)).statusCode).toBe(409); // the same report again

    // Another intent cannot carry out a different change, nor a transaction already recorded.
    const other = (await call('POST', '/staking-changes/intents', intent())).json();
    const paused = await chain.send('pause');
    const mismatch = await call('POST', '/staking-changes', {
      ...sent,
      txHash: paused.transactionHash,
      intentId: other.id,
      change: 'pause',
      after: { paused: true },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(reasonOf(mismatch)).toBe('intent_not_open');
    expect((await open(call)).map((i) => i.id)).toEqual([other.id]);
    await chain.send('unpause');
  });
});

describe('in an environment without a chain for the server', () => {
  let t: TestApp;
  let call: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    t = await createTestApp(LONG_SESSIONS);
    const admin = await signedInAdmin(t);
    call = apiFor(t, () => admin.token);
  });
  afterAll(() => t.close());

  test('a reported change is refused (503 with a code), never recorded unchecked', async () => {
    const before = await logCount(t);
    const response = await call('POST', '/staking-changes', { ...intent(), txHash: `0x${'ab'.repeat(32)}`, outcome: 'confirmed' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('staking_chain_not_configured');
    expect(await logCount(t)).toBe(before);
  });
});

describe('in an environment set to "approve"', () => {
  let t: TestApp;
  let a: ReturnType<typeof apiFor>;
  let b: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    t = await createTestApp({ ...LONG_SESSIONS, changeControl: { mode: 'approve' }, stakingChain: chain.settings });
    const adminA = await signedInAdmin(t);
    const adminB = await signedInAdmin(t);
    a = apiFor(t, () => adminA.token);
    b = apiFor(t, () => adminB.token);
  });
  afterAll(() => t.close());

  const stakingLogs = () =>
    t.db.selectFrom('action_logs').select(['action', 'admin_email']).where('action', 'like', 'staking.%').orderBy('id').execute();

  test('the intent is a change request: nothing recorded until another admin approves it', async () => {
    const direct = await a('POST', '/staking-changes/intents', intent());
    expect(direct.statusCode).toBe(428);
    expect(direct.json().error).toMatchObject({ code: 'approval_required', current: { scope: 'staking setLockPeriod' } });
    const filed = await a('POST', '/change-requests', {
      method: 'POST',
      path: '/staking-changes/intents',
      body: intent(),
      reason: 'Shorter lock',
    });
    expect(filed.statusCode).toBe(201);
    expect(await open(a)).toEqual([]);
    expect((await a('POST', `/change-requests/${filed.json().id}/approve`, { version: 1 })).statusCode).toBe(403);
    const approved = await b('POST', `/change-requests/${filed.json().id}/approve`, { version: 1 });
    expect(approved.json()).toMatchObject({ status: 'applied' });
    const [recorded] = (await open(a)) as { id: number; requestedBy: string }[];
    expect(recorded!.requestedBy).toBe(filed.json().requestedBy.email);
    const log = await t.db
      .selectFrom('action_logs')
      .select('admin_email')
      .where('action', '=', 'stakingIntent.setLockPeriod')
      .executeTakeFirstOrThrow();
    expect(log.admin_email).toBe(filed.json().requestedBy.email);
  });

  test('only the approved values are recorded: no intent or other values is a mismatch, the approved one uses it up', async () => {
    const [approved] = await open(a);
    // Sent without its intent: the chain has it, but nobody approved it.
    const unapproved = await chain.send('setLockPeriod', [3600n]);
    const noIntent = await a('POST', '/staking-changes', { ...intent(), txHash: unapproved.transactionHash, outcome: 'confirmed' });
    expect(noIntent.statusCode).toBe(422);
    expect(reasonOf(noIntent)).toBe('intent_required');
    // The intent says 3600; the wallet sent 60 (the report claims 3600).
    const other = await chain.send('setLockPeriod', [60n]);
    const otherValues = await a('POST', '/staking-changes', {
      ...intent(),
      txHash: other.transactionHash,
      outcome: 'confirmed',
      intentId: approved!.id,
    });
    expect(otherValues.statusCode).toBe(422);
    expect(reasonOf(otherValues)).toBe('different_arguments');
    expect((await stakingLogs()).map((l) => l.action)).toEqual(['staking.mismatch', 'staking.mismatch']);
    expect((await open(a)).map((i) => i.id)).toEqual([approved!.id]);

    const sent = await chain.send('setLockPeriod', [3600n]);
    const recorded = await a('POST', '/staking-changes', {
      ...intent(),
      txHash: sent.transactionHash,
      outcome: 'confirmed',
      intentId: approved!.id,
    });
    expect(recorded.statusCode).toBe(204);
    expect(await open(a)).toEqual([]);
    expect((await stakingLogs()).map((l) => l.action)).toEqual(['staking.mismatch', 'staking.mismatch', 'staking.setLockPeriod']);
  });
});
