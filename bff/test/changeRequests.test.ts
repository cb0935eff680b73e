// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { generateBattles } from '../src/features/battles/repository';
import { apiFor, LONG_SESSIONS } from './support/system';

/**
 * Change requests in an environment set to "approve": a global operation is refused by its route
 * (428), filed as a request, approved by another admin (never the requester), applied in one
 * transaction with the version it was prepared against; stale, expired, rejected and cancelled
 * requests apply nothing; every step is logged naming both admins.
 */
let t: TestApp;
let a: ReturnType<typeof apiFor>;
let b: ReturnType<typeof apiFor>;
let adminA: { id: number; email: string };
let adminB: { id: number; email: string };

beforeAll(async () => {
  t = await createTestApp({ ...LONG_SESSIONS, changeControl: { mode: 'approve', ttlHours: 24 } });
  const signedA = await signedInAdmin(t);
  const signedB = await signedInAdmin(t);
  adminA = signedA;
  adminB = signedB;
  a = apiFor(t, () => signedA.token);
  b = apiFor(t, () => signedB.token);
  await generateBattles(t.db, 200, t.clock.now(), { players: 40, spanDays: 2 });
});
afterAll(() => t.close());

const ongoing = async () =>
  Number(
    (
      await t.db
        .selectFrom('battles')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'ongoing')
        .executeTakeFirstOrThrow()
    ).n,
  );

const logsOf = (id: number) =>
  t.db
    .selectFrom('action_logs')
    .select(['action', 'admin_email', 'after'])
    .where('target_type', '=', 'changeRequest')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

async function constantVariable(key: string) {
  const row = await t.db
    .insertInto('constant_variables')
    .values({
      key,
      type: 'number',
      value: '10',
      description: 'd',
      version: 1,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
      updated_by: 'seed',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

const requestUpdate = (row: { id: number; key: string; version: number }, value: string) =>
  a('POST', '/change-requests', {
    method: 'PUT',
    path: `/constant-variables/${row.id}`,
    body: { key: row.key, type: 'number', value, description: 'd', version: row.version },
    reason: 'Weekly balance',
  });

test('a global operation is refused by its route in approve mode (428 naming the scope): nothing happens', async () => {
  const before = await ongoing();
  const response = await a('POST', '/battle-force-end', { confirmedCount: before, reason: 'Incident' });
  expect(response.statusCode).toBe(428);
  expect(response.json().error).toMatchObject({
    code: 'approval_required',
    current: { scope: 'all battles', operation: 'battle.forceEndAll' },
  });
  expect(await ongoing()).toBe(before);
});

test('end all battles: A requests (sees the count), nothing happens; A cannot approve; B approves; the battles end; the log names both', async () => {
  const before = await ongoing();
  expect(before).toBeGreaterThan(0);
  const filed = await a('POST', '/change-requests', {
    method: 'POST',
    path: '/battle-force-end',
    body: { confirmedCount: before, reason: 'Incident' },
    reason: 'Exploit in ranked battles',
  });
  expect(filed.statusCode).toBe(201);
  const request = filed.json();
  expect(request).toMatchObject({
    status: 'pending',
    scope: 'all battles',
    preview: { current: { ongoing: before } },
    preparedVersion: `confirmedCount:${before}`,
  });
  expect(await ongoing()).toBe(before);
  expect((await b('GET', '/change-requests/count')).json()).toEqual({ pending: 1, scheduled: 0 });

  const self = await a('POST', `/change-requests/${request.id}/approve`, { version: request.version });
  expect(self.statusCode).toBe(403);
  expect(self.json().error.code).toBe('change_request_self_approval');
  expect(await ongoing()).toBe(before);

  const approved = await b('POST', `/change-requests/${request.id}/approve`, { version: request.version, comment: 'ok' });
  expect(approved.statusCode).toBe(200);
  expect(approved.json()).toMatchObject({ status: 'applied', decidedBy: { email: adminB.email }, result: { ended: before } });
  expect(await ongoing()).toBe(0);

  const steps = await logsOf(request.id);
  expect(steps.map((s) => [s.action, s.admin_email])).toEqual([
    ['changeRequest.request', adminA.email],
    ['changeRequest.approve', adminB.email],
    ['changeRequest.apply', adminB.email],
  ]);
  for (const step of steps.slice(1)) expect(step.after).toMatchObject({ requestedBy: adminA.email, decidedBy: adminB.email });
  const operationLog = await t.db
    .selectFrom('action_logs')
    .selectAll()
    .where('action', '=', 'battle.forceEndAll')
    .executeTakeFirstOrThrow();
  expect(operationLog.admin_email).toBe(adminA.email);
});

test('a request whose body the route refuses is answered at once (400 with its fields) and not filed', async () => {
  const response = await a('POST', '/change-requests', { method: 'POST', path: '/battle-force-end', body: { reason: 'x' }, reason: 'r' });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.fieldErrors.confirmedCount).toBeDefined();
  const local = await a('POST', '/change-requests', { method: 'PUT', path: '/news/1', body: {}, reason: 'r' });
  expect(local.statusCode).toBe(400);
});

test('approval of a stale request is refused with 409 and the new diff; the request fails; nothing applies', async () => {
  const row = await constantVariable('STALE_ONE');
  const filed = (await requestUpdate(row, '20')).json();
  expect(filed.preview.diff).toEqual([{ field: 'value', from: '10', to: '20' }]);
  // The target changes after the request was prepared.
  await t.db
    .updateTable('constant_variables')
    .set({ value: '15', version: row.version + 1 })
    .where('id', '=', row.id)
    .execute();

  const response = await b('POST', `/change-requests/${filed.id}/approve`, { version: filed.version });
  expect(response.statusCode).toBe(409);
  const error = response.json().error;
  expect(error.code).toBe('change_request_stale');
  expect(error.current.preview.diff).toEqual([{ field: 'value', from: '15', to: '20' }]);
  expect(error.current.request.status).toBe('failed');
  const now = await t.db.selectFrom('constant_variables').select(['value', 'version']).where('id', '=', row.id).executeTakeFirstOrThrow();
  expect(now).toEqual({ value: '15', version: row.version + 1 });
  expect((await logsOf(filed.id)).map((s) => [s.action, s.admin_email])).toEqual([
    ['changeRequest.request', adminA.email],
    ['changeRequest.fail', adminB.email],
  ]);
});

test('an expired request cannot be approved; its expiry is logged', async () => {
  const row = await constantVariable('EXPIRING');
  const filed = (await requestUpdate(row, '30')).json();
  t.clock.advanceMinutes(24 * 60 + 1);
  const response = await b('POST', `/change-requests/${filed.id}/approve`, { version: filed.version });
  expect(response.statusCode).toBe(409);
  expect(response.json().error.code).toBe('change_request_expired');
  expect((await t.db.selectFrom('constant_variables').select('value').where('id', '=', row.id).executeTakeFirstOrThrow()).value).toBe('10');
  const steps = await logsOf(filed.id);
  expect(steps.map((s) => s.action)).toEqual(['changeRequest.request', 'changeRequest.expire']);
  expect(steps[1]!.after).toMatchObject({ requestedBy: adminA.email, status: 'expired' });
});

test('reject needs a comment and another admin; cancel by the requester; neither applies', async () => {
  const row = await constantVariable('REJECTED');
  const filed = (await requestUpdate(row, '40')).json();
  expect((await b('POST', `/change-requests/${filed.id}/reject`, { version: filed.version })).statusCode).toBe(400);
  expect((await a('POST', `/change-requests/${filed.id}/reject`, { version: filed.version, comment: 'no' })).statusCode).toBe(403);
  const rejected = await b('POST', `/change-requests/${filed.id}/reject`, { version: filed.version, comment: 'Not this week' });
  expect(rejected.json()).toMatchObject({ status: 'rejected', decisionComment: 'Not this week', decidedBy: { email: adminB.email } });
  const late = await b('POST', `/change-requests/${filed.id}/approve`, { version: rejected.json().version });
  expect(late.json().error.code).toBe('change_request_not_pending');

  const second = (await requestUpdate(row, '50')).json();
  const cancelled = await a('POST', `/change-requests/${second.id}/cancel`, { version: second.version });
  expect(cancelled.json().status).toBe('cancelled');
  expect((await t.db.selectFrom('constant_variables').select('value').where('id', '=', row.id).executeTakeFirstOrThrow()).value).toBe('10');
  expect((await logsOf(filed.id)).map((s) => [s.action, s.admin_email, (s.after as { requestedBy: string }).requestedBy])).toEqual([
    ['changeRequest.request', adminA.email, adminA.email],
    ['changeRequest.reject', adminB.email, adminA.email],
  ]);
  expect((await logsOf(second.id)).map((s) => s.action)).toEqual(['changeRequest.request', 'changeRequest.cancel']);
});

test('lists: pending, scheduled and recent, filtered by operation', async () => {
  const row = await constantVariable('LISTED');
  const filed = (await requestUpdate(row, '60')).json();
  const pending = (await b('GET', '/change-requests?view=pending&operation=constantVariable')).json();
  expect(pending.items.map((r: { id: number }) => r.id)).toEqual([filed.id]);
  const recent = (await b('GET', '/change-requests?view=recent&operation=battle')).json();
  expect(recent.items.map((r: { operation: string; status: string }) => [r.operation, r.status])).toEqual([
    ['battle.forceEndAll', 'applied'],
  ]);
});

async function statusOf(id: number, want: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = await t.db.selectFrom('change_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    if (status === want || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const valueOf = async (id: number) =>
  (await t.db.selectFrom('constant_variables').select('value').where('id', '=', id).executeTakeFirstOrThrow()).value;
const inSeconds = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();

describe('scheduled changes', () => {
  test('approved for a later time: nothing until then; then applied once, as approved, logged with both admins', async () => {
    const row = await constantVariable('SCHEDULED');
    const filed = await a('POST', '/change-requests', {
      method: 'PUT',
      path: `/constant-variables/${row.id}`,
      body: { key: row.key, type: 'number', value: '70', description: 'd', version: row.version },
      reason: 'Weekly reset',
      scheduledAt: inSeconds(3),
    });
    expect(filed.statusCode).toBe(201);
    const approved = (await b('POST', `/change-requests/${filed.json().id}/approve`, { version: filed.json().version })).json();
    expect(approved).toMatchObject({ status: 'scheduled', decidedBy: { email: adminB.email } });
    expect(await valueOf(row.id)).toBe('10');
    expect((await b('GET', '/change-requests?view=scheduled')).json().items.map((r: { id: number }) => r.id)).toEqual([approved.id]);

    expect(await statusOf(approved.id, 'applied')).toBe('applied');
    expect(await valueOf(row.id)).toBe('70');
    expect((await logsOf(approved.id)).map((s) => [s.action, s.admin_email])).toEqual([
      ['changeRequest.request', adminA.email],
      ['changeRequest.approve', adminB.email],
      ['changeRequest.apply', adminB.email],
    ]);
  });

  test('cancelled until it runs: the job finds it cancelled and applies nothing', async () => {
    const row = await constantVariable('CANCELLED_SCHEDULE');
    const filed = (
      await a('POST', '/change-requests', {
        method: 'PUT',
        path: `/constant-variables/${row.id}`,
        body: { key: row.key, type: 'number', value: '80', description: 'd', version: row.version },
        reason: 'Launch',
        scheduledAt: inSeconds(2),
      })
    ).json();
    const approved = (await b('POST', `/change-requests/${filed.id}/approve`, { version: filed.version })).json();
    const cancelled = await a('POST', `/change-requests/${approved.id}/cancel`, { version: approved.version, comment: 'Launch moved' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', decidedBy: { email: adminB.email } });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(await statusOf(approved.id, 'cancelled', 0)).toBe('cancelled');
    expect(await valueOf(row.id)).toBe('10');
  });

  test('still version-checked at its time: a target changed meanwhile fails the request and keeps the change', async () => {
    const row = await constantVariable('STALE_SCHEDULE');
    const filed = (
      await a('POST', '/change-requests', {
        method: 'PUT',
        path: `/constant-variables/${row.id}`,
        body: { key: row.key, type: 'number', value: '90', description: 'd', version: row.version },
        reason: 'Tuning',
        scheduledAt: inSeconds(2),
      })
    ).json();
    await b('POST', `/change-requests/${filed.id}/approve`, { version: filed.version });
    await t.db
      .updateTable('constant_variables')
      .set({ value: '11', version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
    expect(await statusOf(filed.id, 'failed')).toBe('failed');
    expect(await valueOf(row.id)).toBe('11');
    const failed = (await b('GET', `/change-requests/${filed.id}`)).json();
    expect(failed.error.preview.diff).toEqual([{ field: 'value', from: '11', to: '90' }]);
  });
});

test('a delete keeps its query (?version=) through the request and is applied with it', async () => {
  const row = await constantVariable('DELETED');
  const filed = await a('POST', '/change-requests', {
    method: 'DELETE',
    path: `/constant-variables/${row.id}?version=${row.version}`,
    reason: 'Unused',
  });
  expect(filed.statusCode).toBe(201);
  expect(filed.json().preview.diff).toEqual([{ field: '*', from: expect.objectContaining({ key: 'DELETED' }), to: null }]);
  const approved = await b('POST', `/change-requests/${filed.json().id}/approve`, { version: filed.json().version });
  expect(approved.json().status).toBe('applied');
  expect(await t.db.selectFrom('constant_variables').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
});

test("a record's page lists the requests on it (target): its update, its delete, not another record's", async () => {
  let mine = await constantVariable('TARGET_MINE');
  // An id of two digits or more, so that a shorter id is a prefix of it (12 is not under 1).
  for (let n = 0; mine.id < 10; n++) mine = await constantVariable(`TARGET_MINE_${n}`);
  const other = await constantVariable('TARGET_OTHER');
  const update = (await requestUpdate(mine, '30')).json();
  const remove = (
    await a('POST', '/change-requests', {
      method: 'DELETE',
      path: `/constant-variables/${mine.id}?version=${mine.version}`,
      reason: 'Unused',
    })
  ).json();
  await requestUpdate(other, '40');
  const listed = await b('GET', `/change-requests?view=pending&target=${encodeURIComponent(`/constant-variables/${mine.id}`)}`);
  expect(listed.statusCode).toBe(200);
  expect(
    listed
      .json()
      .items.map((r: { id: number }) => r.id)
      .sort(),
  ).toEqual([update.id, remove.id].sort());
  expect(listed.json().total).toBe(2);
  const prefix = `/constant-variables/${String(mine.id).slice(0, -1)}`;
  const none = await b('GET', `/change-requests?view=pending&target=${encodeURIComponent(prefix)}`);
  expect(none.json().items.map((r: { id: number }) => r.id)).not.toContain(update.id);
  expect(none.json().items.map((r: { id: number }) => r.id)).not.toContain(remove.id);
});

test('the settings say what the console needs to ask once: fixed scopes and the bulk-ids limit', async () => {
  const settings = (await b('GET', '/change-requests/settings')).json();
  expect(settings).toMatchObject({ mode: 'approve', ttlHours: 24, bulkIdsAbove: expect.any(Number) });
  const op = (name: string) => settings.operations.find((o: { name: string }) => o.name === name);
  expect(op('health.restore')).toEqual({
    name: 'health.restore',
    method: 'POST',
    url: '/game-balance/health/history/:version/restore',
    scope: 'game balance health',
  });
  expect(op('battle.forceEndAll').scope).toBe('all battles');
  // Named after the record or the body: the console builds these itself.
  expect(op('constantVariable.update').scope).toBeUndefined();
  expect(op('presentDistribution.create').scope).toBeUndefined();
});
