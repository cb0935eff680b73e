// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { apiFor, LONG_SESSIONS } from './support/system';

/**
 * The record of intent of a staking change (issue 23): recorded before the owner's wallet signs,
 * a global operation (a second admin's change request in "approve"), used up once by the confirmed
 * transaction that carries it out; a failed one leaves it open.
 */
const CONTRACT = '0xE7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const HASH = `0x${'ab'.repeat(32)}`;
const intent = {
  change: 'setLockPeriod',
  chainId: 11155111,
  contractAddress: CONTRACT,
  before: { lockPeriod: '604800' },
  after: { lockPeriod: '3600' },
};
const open = (call: ReturnType<typeof apiFor>) =>
  call('GET', `/staking-changes/intents?contractAddress=${CONTRACT}&chainId=11155111`).then((r) => r.json().items as { id: number }[]);

describe('in an environment without change control', () => {
  let t: TestApp;
  let call: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    t = await createTestApp(LONG_SESSIONS);
    const admin = await signedInAdmin(t);
    call = apiFor(t, () => admin.token);
  });
  afterAll(() => t.close());

  test('recorded, listed while open, used up once by its confirmed transaction', async () => {
    const recorded = await call('POST', '/staking-changes/intents', intent);
    expect(recorded.statusCode).toBe(201);
    const { id } = recorded.json();
    expect((await open(call)).map((i) => i.id)).toEqual([id]);

    const sent = { ...intent, txHash: HASH, intentId: id };
    expect((await call('POST', '/staking-changes', { ...sent, outcome: 'failed' })).statusCode).toBe(204);
    expect((await open(call)).map((i) => i.id)).toEqual([id]); // a reverted transaction leaves it open
    expect((await call('POST', '/staking-changes', { ...sent, outcome: 'confirmed' })).statusCode).toBe(204);
    expect(await open(call)).toEqual([]);
    const again = await call('POST', '/staking-changes', { ...sent, outcome: 'confirmed' });
    expect(again.statusCode).toBe(409);
    const other = (await call('POST', '/staking-changes/intents', intent)).json();
    expect(
      (await call('POST', '/staking-changes', { ...sent, intentId: other.id, change: 'pause', outcome: 'confirmed' })).statusCode,
    ).toBe(409);
  });
});

describe('in an environment set to "approve"', () => {
  let t: TestApp;
  let a: ReturnType<typeof apiFor>;
  let b: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    t = await createTestApp({ ...LONG_SESSIONS, changeControl: { mode: 'approve' } });
    const adminA = await signedInAdmin(t);
    const adminB = await signedInAdmin(t);
    a = apiFor(t, () => adminA.token);
    b = apiFor(t, () => adminB.token);
  });
  afterAll(() => t.close());

  test('the intent is a change request: nothing recorded until another admin approves it', async () => {
    const direct = await a('POST', '/staking-changes/intents', intent);
    expect(direct.statusCode).toBe(428);
    expect(direct.json().error).toMatchObject({ code: 'approval_required', current: { scope: 'staking setLockPeriod' } });
    const filed = await a('POST', '/change-requests', {
      method: 'POST',
      path: '/staking-changes/intents',
      body: intent,
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
});
