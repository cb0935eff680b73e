// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createPointsTestApp, signedInAdmin, type PointsTestApp } from './support/pointsTestApp';
import { CHANGE_CONTROL_CODES, type ChangeRequest, type PointAccount } from '@phoenix/contract';
import { seedLocalPointAccounts } from '../src/seed';

/**
 * The daily adjustment budget (issue "Trust II"): ten adjustments just under the per-call limit
 * add up; the one that takes an admin past CHANGE_CONTROL_ADJUSTMENT_POINTS_PER_DAY becomes a
 * change request (a second admin approves it, and the budget does not refuse it again when it
 * applies). Another admin has a budget of their own; the next UTC day starts afresh.
 */
const PER_CALL = 100_000;
const PER_DAY = 900_000;
const SIZE = 99_999; // just under the per-call limit: nine fit in the budget, the tenth does not
let t: PointsTestApp;
let b: { id: number; email: string; token: string };

beforeAll(async () => {
  t = await createPointsTestApp({
    changeControl: { mode: 'approve', adjustmentPointsAbove: PER_CALL, adjustmentPointsPerDay: PER_DAY },
  });
  await seedLocalPointAccounts(t.shared.db, 3, t.shared.clock.now());
  b = await signedInAdmin(t.shared);
});
afterAll(() => t.close());

const balance = async (id: number) => ((await t.call('GET', `/point-accounts/${id}`)).json() as PointAccount).balance;

let keys = 0;
const adjust = (id: number, amount: number, token = t.token) =>
  t.points.inject({
    method: 'POST',
    url: `/point-accounts/${id}/adjustments`,
    payload: { amount, reason: 'Support ticket' },
    headers: { token, 'idempotency-key': `budget-${process.pid}-${++keys}` },
  });

test('ten adjustments past the daily budget: nine apply, the tenth is a request a second admin approves', async () => {
  const start = await balance(1);
  // Either way counts: a removal uses the budget as an addition does.
  for (const amount of [SIZE, SIZE, SIZE, SIZE, SIZE, -SIZE, SIZE, SIZE, SIZE]) {
    expect((await adjust(1, amount)).statusCode).toBe(201);
  }
  expect(await balance(1)).toBe(start + 7 * SIZE);

  const tenth = await adjust(1, SIZE);
  expect(tenth.statusCode).toBe(428);
  const error = tenth.json().error;
  expect(error).toMatchObject({ code: CHANGE_CONTROL_CODES.approvalRequired, current: { scope: `${SIZE} points on point account 1` } });
  // 9 × 99,999 = 899,991 used: 9 points left of 900,000.
  expect(error.message).toContain('daily budget of adjustment points is used up: 9 of 900,000 points left today');
  expect(error.current.note).toContain('9 of 900,000 points left');
  expect(await balance(1)).toBe(start + 7 * SIZE);

  const filed = await t.call('POST', '/change-requests', {
    method: 'POST',
    path: '/point-accounts/1/adjustments',
    body: { amount: SIZE, reason: 'Support ticket' },
    reason: 'Compensation for the outage',
  });
  expect(filed.statusCode).toBe(201);
  const request = filed.json() as ChangeRequest;
  expect(request).toMatchObject({ operation: 'pointAccount.adjust', status: 'pending' });

  // Applied through the request as the requester, whose budget is still used up: not refused again.
  const approved = await t.call('POST', `/change-requests/${request.id}/approve`, { version: request.version }, b.token);
  expect(approved.statusCode).toBe(200);
  expect(approved.json()).toMatchObject({ status: 'applied' });
  expect(await balance(1)).toBe(start + 8 * SIZE);

  // The budget stays used for the rest of the day: even one point needs approval now.
  const one = await adjust(1, 1);
  expect(one.statusCode).toBe(428);
  expect(one.json().error.message).toContain('0 of 900,000 points left');
});

test("another admin's budget is their own", async () => {
  const start = await balance(2);
  expect((await adjust(2, SIZE, b.token)).statusCode).toBe(201);
  expect(await balance(2)).toBe(start + SIZE);
});

test('two calls at once on the last of a budget: one applies, the other is refused and changes nothing', async () => {
  const c = await signedInAdmin(t.shared);
  for (let i = 0; i < 8; i++) expect((await adjust(3, SIZE, c.token)).statusCode).toBe(201);
  const start = await balance(3);
  // 799,992 used, 100,008 left: each call fits alone, both do not. Both pass the gate's count
  // before either is written; the recheck in each change's transaction lets only one through.
  const both = await Promise.all([adjust(3, SIZE, c.token), adjust(3, SIZE, c.token)]);
  expect(both.map((r) => r.statusCode).sort()).toEqual([201, 428]);
  const refused = both.find((r) => r.statusCode === 428)!.json().error;
  expect(refused).toMatchObject({ code: CHANGE_CONTROL_CODES.approvalRequired });
  expect(refused.message).toContain('9 of 900,000 points left today');
  expect(await balance(3)).toBe(start + SIZE);
});

test('a call within the budget cannot be filed as a request; a call above the per-call limit is global on a fresh budget', async () => {
  const small = await t.call(
    'POST',
    '/change-requests',
    { method: 'POST', path: '/point-accounts/2/adjustments', body: { amount: 10, reason: 'Small' }, reason: 'Small' },
    b.token,
  );
  expect(small.statusCode).toBe(400);
  const large = await adjust(2, PER_CALL + 1, b.token);
  expect(large.statusCode).toBe(428);
  expect(large.json().error.current.note).toBeUndefined(); // the per-call limit, not the budget
});

test('the next UTC day starts afresh', async () => {
  const now = t.shared.clock.now();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  t.shared.clock.advanceMinutes((midnight - now.getTime()) / 60_000 - 1);
  expect((await adjust(1, 1)).statusCode).toBe(428); // a minute before midnight: still today
  t.shared.clock.advanceMinutes(1);
  const start = await balance(1);
  expect((await adjust(1, SIZE)).statusCode).toBe(201);
  expect(await balance(1)).toBe(start + SIZE);
});
