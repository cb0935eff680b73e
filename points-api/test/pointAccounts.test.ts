import { itKeepsTheResourceContract, type ServiceTestApp } from '@phoenix/server/testing';
import { localizeErrorMessage, pointAccountsResource, type LedgerChange, type LedgerEntry, type PointAccount } from '@phoenix/contract';
import { seedLocalPointAccounts } from '../src/seed';
import { createPointsTestApp, logsOf, type PointsTestApp } from './support/pointsTestApp';

let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
  await seedLocalPointAccounts(t.shared.db, 12, t.shared.clock.now());
});
afterAll(() => t.close());

const asTestApp = (): ServiceTestApp =>
  ({
    ...t.shared,
    call: (token, options) => t.points.inject({ ...options, headers: { ...options.headers, ...(token ? { token } : {}) } }),
  }) as ServiceTestApp;
itKeepsTheResourceContract({ t: asTestApp, token: () => t.token, operatorToken: () => t.operatorToken }, pointAccountsResource, [
  ['GET', '/point-accounts/1/ledger'],
  ['POST', '/point-accounts/1/adjustments'],
  ['POST', '/point-accounts/1/ledger/1/reverse'],
]);

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;
const post = (url: string, body: unknown, key: string | null = newKey()) =>
  t.points.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { token: t.token, ...(key ? { 'idempotency-key': key } : {}) },
  });
const user = async (id: number): Promise<PointAccount> => (await t.call('GET', `/point-accounts/${id}`)).json();
const ledger = async (id: number): Promise<LedgerEntry[]> =>
  (await t.call('GET', `/point-accounts/${id}/ledger?pageSize=200`)).json().items;
const entriesWithKey = (key: string) =>
  t.shared.db.selectFrom('points.ledger_entries').selectAll().where('idempotency_key', '=', key).execute();

test('search by player id or wallet (any case, or its beginning); anything else is a 400 on q', async () => {
  const seven = await user(7);
  expect(seven.wallet).toMatch(/^0x[0-9a-f]{40}$/);
  const byId = (await t.call('GET', '/point-accounts?q=7')).json();
  expect(byId.items.map((u: PointAccount) => u.id)).toEqual([7]);
  const byWallet = (await t.call('GET', `/point-accounts?q=${seven.wallet!.toUpperCase().replace('0X', '0x')}`)).json();
  expect(byWallet.items.map((u: PointAccount) => u.id)).toEqual([7]);
  const byPrefix = (await t.call('GET', `/point-accounts?q=${seven.wallet!.slice(0, 10)}`)).json();
  expect(byPrefix.items.map((u: PointAccount) => u.id)).toContain(7);
  expect((await t.call('GET', '/point-accounts?q=99999999999')).json().items).toEqual([]);
  const bad = await t.call('GET', '/point-accounts?q=alice');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error.fieldErrors).toHaveProperty('q');
});

test('the seeded ledger: the running balance of every entry adds up to the balance', async () => {
  for (const id of [1, 2, 5]) {
    const entries = (await ledger(id)).reverse();
    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      expect(entry.balanceAfter).toBe(running);
    }
    expect((await user(id)).balance).toBe(running);
  }
});

// Eight at once, twice the pool's four connections: the later ones queue for a connection, then
// behind the user's row lock, and find the first one's entry.
test('concurrent retries with one key apply once: one entry, one log row, the same answer', async () => {
  const before = await user(3);
  const key = newKey();
  const retries = 8;
  const answers = await Promise.all(
    Array.from({ length: retries }, () => post('/point-accounts/3/adjustments', { amount: 40, reason: 'Support ticket 812' }, key)),
  );
  const statuses = answers.map((a) => a.statusCode).sort();
  expect(statuses).toEqual([...Array<number>(retries - 1).fill(200), 201]);
  const bodies = answers.map((a) => a.json() as LedgerChange);
  expect(new Set(bodies.map((b) => b.entry.id)).size).toBe(1);
  expect(bodies.filter((b) => !b.replayed)).toHaveLength(1);
  expect(await entriesWithKey(key)).toHaveLength(1);
  expect((await user(3)).balance).toBe(before.balance + 40);
  expect((await logsOf(t, 'pointUser')).filter((l) => l.action === 'pointUser.adjust' && l.target_id === '3')).toHaveLength(1);
  const [newest] = await ledger(3);
  expect(newest).toMatchObject({ kind: 'adjustment', amount: 40, balanceAfter: before.balance + 40, reason: 'Support ticket 812' });
  expect(newest!.createdBy).toMatch(/@test\.local$/);

  // The same key for another change is refused, not silently answered with the first.
  const reused = await post('/point-accounts/3/adjustments', { amount: 41, reason: 'Support ticket 812' }, key);
  expect(reused.statusCode).toBe(409);
  expect((await user(3)).balance).toBe(before.balance + 40);
});

test('an adjustment that would make the balance negative is refused, with the reason on the amount', async () => {
  const { balance } = await user(4);
  const refused = await post('/point-accounts/4/adjustments', { amount: -(balance + 1), reason: 'Clawback' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.fieldErrors.amount[0]).toMatch(/would make it negative/);
  // By key with its values, so the console says it in its language.
  const points = (n: number) => `${n.toLocaleString('en-US')} point${n === 1 ? '' : 's'}`;
  expect(refused.json().error).toMatchObject({
    fieldErrors: { amount: [`The balance is ${points(balance)}: removing ${points(balance + 1)} would make it negative`] },
    fieldErrorKeys: { amount: ['removing_points_would_make_the_balance_negative'] },
    fieldErrorParams: { amount: [{ balance: points(balance), amount: points(balance + 1) }] },
  });
  expect(localizeErrorMessage(refused.json().error.fieldErrors.amount[0], 'ja')).toBe(
    `残高は ${balance.toLocaleString('en-US')} ポイントです。${(balance + 1).toLocaleString('en-US')} ポイントを減らすと残高がマイナスになります`,
  );
  expect((await user(4)).balance).toBe(balance);
  const toZero = await post('/point-accounts/4/adjustments', { amount: -balance, reason: 'Clawback' });
  expect(toZero.statusCode).toBe(201);
  expect(toZero.json().user.balance).toBe(0);
});

test('concurrent withdrawals with different keys never take the balance below zero', async () => {
  const { balance } = await user(10);
  const share = Math.floor(balance / 3) + 1; // three would overdraw it: two fit
  expect(share * 2).toBeLessThanOrEqual(balance);
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => post('/point-accounts/10/adjustments', { amount: -share, reason: 'Shop refund' })),
  );
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400]);
  expect((await user(10)).balance).toBe(balance - 2 * share);
  const entries = await ledger(10);
  expect(entries.filter((e) => e.amount === -share && e.reason === 'Shop refund')).toHaveLength(2);
  expect(entries.every((e) => e.balanceAfter >= 0)).toBe(true);
});

test('bad input: no key, a bad key, no reason, zero, a fraction, an unknown user', async () => {
  expect((await post('/point-accounts/5/adjustments', { amount: 5, reason: 'x' }, null)).statusCode).toBe(400);
  expect((await post('/point-accounts/5/adjustments', { amount: 5, reason: 'x' }, 'bad key!')).statusCode).toBe(400);
  for (const body of [
    { amount: 5 },
    { amount: 5, reason: '  ' },
    { amount: 0, reason: 'x' },
    { amount: 1.5, reason: 'x' },
    { amount: '5', reason: 'x' },
  ]) {
    const response = await post('/point-accounts/5/adjustments', body);
    expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
  }
  expect((await post('/point-accounts/424242/adjustments', { amount: 5, reason: 'x' })).statusCode).toBe(404);
  expect((await t.call('GET', '/point-accounts/424242/ledger')).statusCode).toBe(404);
});

test('a reversal is a counter-entry naming the original, once; nothing is deleted', async () => {
  const added = (await post('/point-accounts/6/adjustments', { amount: 75, reason: 'Goodwill' })).json() as LedgerChange;
  const count = (await ledger(6)).length;
  const key = newKey();
  const reversed = await post(`/point-accounts/6/ledger/${added.entry.id}/reverse`, { reason: 'Sent to the wrong player' }, key);
  expect(reversed.statusCode).toBe(201);
  const change = reversed.json() as LedgerChange;
  expect(change.entry).toMatchObject({ kind: 'reversal', amount: -75, reversesId: added.entry.id, balanceAfter: added.user.balance - 75 });
  expect(change.user.balance).toBe(added.user.balance - 75);
  // A replay answers the same; another reversal of it is refused.
  const replayed = await post(`/point-accounts/6/ledger/${added.entry.id}/reverse`, { reason: 'Sent to the wrong player' }, key);
  expect(replayed.statusCode).toBe(200);
  expect(replayed.json().entry.id).toBe(change.entry.id);
  const again = await post(`/point-accounts/6/ledger/${added.entry.id}/reverse`, { reason: 'Again' });
  expect(again.statusCode).toBe(409);
  expect(again.json().error.message).toMatch(/already been reversed/);
  expect((await post(`/point-accounts/6/ledger/${change.entry.id}/reverse`, { reason: 'Undo' })).statusCode).toBe(409);

  const entries = await ledger(6);
  expect(entries).toHaveLength(count + 1);
  expect(entries.find((e) => e.id === added.entry.id)).toMatchObject({ reversedById: change.entry.id, amount: 75 });
  expect((await logsOf(t, 'pointUser')).find((l) => l.action === 'pointUser.reverse' && l.target_id === '6')).toBeDefined();
});

test("a reversal that would make the balance negative is refused; another user's entry is a 404", async () => {
  const added = (await post('/point-accounts/8/adjustments', { amount: 30, reason: 'Bonus' })).json() as LedgerChange;
  const all = added.user.balance;
  expect((await post('/point-accounts/8/adjustments', { amount: -all, reason: 'Spent' })).statusCode).toBe(201);
  const refused = await post(`/point-accounts/8/ledger/${added.entry.id}/reverse`, { reason: 'Oops' });
  expect(refused.statusCode).toBe(409);
  expect(refused.json().error.message).toMatch(/would make it negative/);
  expect((await post(`/point-accounts/9/ledger/${added.entry.id}/reverse`, { reason: 'Oops' })).statusCode).toBe(404);
});
