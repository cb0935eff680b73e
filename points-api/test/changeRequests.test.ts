// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createPointsTestApp, signedInAdmin, type PointsTestApp } from './support/pointsTestApp';
import { CHANGE_CONTROL_CODES, type ChangeRequest, type PointAccount } from '@phoenix/contract';
import { runScheduled } from '@phoenix/server/changeRequests';
import { writeActionLog } from '@phoenix/server/db';
import { createChangeControl, CHANGE_CONTROL_DEFAULTS } from '@phoenix/server/http';
import { seedLocalPointAccounts } from '../src/seed';
import { POINTS_GLOBAL_OPERATIONS } from '../src/features/changeRequests/routes';

/**
 * The points API's global operations under the one change-control mechanism of @phoenix/server
 * (the BFF's store and routes): in "approve" mode points maintenance becomes a request that
 * changes nothing, another admin approves it through this service and it applies with the
 * version it was prepared against; the requester cannot approve; a manual adjustment applies
 * directly up to CHANGE_CONTROL_ADJUSTMENT_POINTS and becomes a request above it.
 */
const THRESHOLD = 5000;
let t: PointsTestApp;
let tokenB: string;
let adminB: { id: number; email: string };

beforeAll(async () => {
  t = await createPointsTestApp({ changeControl: { mode: 'approve', adjustmentPointsAbove: THRESHOLD } });
  await seedLocalPointAccounts(t.shared.db, 4, t.shared.clock.now());
  const b = await signedInAdmin(t.shared);
  adminB = b;
  tokenB = b.token;
});
afterAll(() => t.close());

const maintenance = async () =>
  (await t.call('GET', '/settings/maintenance')).json() as { enabled: boolean; message: string; version: number };
const account = async (id: number): Promise<PointAccount> => (await t.call('GET', `/point-accounts/${id}`)).json();
const logsOf = (id: number) =>
  t.shared.db
    .selectFrom('action_logs')
    .select(['action', 'admin_email', 'after'])
    .where('target_type', '=', 'changeRequest')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

let keys = 0;
const adjust = (id: number, amount: number) =>
  t.points.inject({
    method: 'POST',
    url: `/point-accounts/${id}/adjustments`,
    payload: { amount, reason: 'Support ticket' },
    headers: { token: t.token, 'idempotency-key': `cr-test-${process.pid}-${++keys}` },
  });

test('points maintenance in approve mode: 428 from its route, a request that changes nothing, approved by another admin, applied', async () => {
  const before = await maintenance();
  const direct = await t.call('PUT', '/settings/maintenance', { enabled: true, message: 'Ledger upgrade', version: before.version });
  expect(direct.statusCode).toBe(428);
  expect(direct.json().error).toMatchObject({ code: CHANGE_CONTROL_CODES.approvalRequired, current: { scope: 'points maintenance' } });

  const filed = await t.call('POST', '/change-requests', {
    method: 'PUT',
    path: '/settings/maintenance',
    body: { enabled: true, message: 'Ledger upgrade', version: before.version },
    reason: 'Ledger upgrade tonight',
  });
  expect(filed.statusCode).toBe(201);
  const request = filed.json() as ChangeRequest;
  expect(request).toMatchObject({
    service: 'points',
    operation: 'pointsMaintenance.update',
    status: 'pending',
    scope: 'points maintenance',
  });
  expect(request.preview.diff).toEqual(
    expect.arrayContaining([
      { field: 'enabled', from: false, to: true },
      { field: 'message', from: before.message, to: 'Ledger upgrade' },
    ]),
  );
  expect(await maintenance()).toEqual(before); // the try was rolled back

  // The requester cannot approve it; the BFF's store holds it for the points service.
  const self = await t.call('POST', `/change-requests/${request.id}/approve`, { version: request.version });
  expect(self.statusCode).toBe(403);
  expect(self.json().error.code).toBe(CHANGE_CONTROL_CODES.selfApproval);
  expect(await maintenance()).toEqual(before);

  const approved = await t.call('POST', `/change-requests/${request.id}/approve`, { version: request.version, comment: 'Go' }, tokenB);
  expect(approved.statusCode).toBe(200);
  expect(approved.json()).toMatchObject({ status: 'applied', decidedBy: { email: adminB.email } });
  const after = await maintenance();
  expect(after).toMatchObject({ enabled: true, message: 'Ledger upgrade', version: before.version + 1 });

  const steps = await logsOf(request.id);
  expect(steps.map((s) => s.action)).toEqual(['changeRequest.request', 'changeRequest.approve', 'changeRequest.apply']);
  expect(steps[2]!.after).toMatchObject({ requestedBy: request.requestedBy.email, decidedBy: adminB.email });
  // The maintenance change itself is logged as the requester's, in the same transaction.
  const own = await t.shared.db
    .selectFrom('action_logs')
    .select('admin_email')
    .where('target_type', '=', 'pointsMaintenance')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(own.admin_email).toBe(request.requestedBy.email);

  // Listed with every service's requests, and counted.
  const recent = (await t.call('GET', '/change-requests?view=recent&service=points')).json();
  expect(recent.items.map((r: ChangeRequest) => r.id)).toContain(request.id);
});

test('a stale points request does not apply: 409 with the new diff, marked failed', async () => {
  const before = await maintenance();
  const filed = (
    await t.call('POST', '/change-requests', {
      method: 'PUT',
      path: '/settings/maintenance',
      body: { enabled: false, message: '', version: before.version },
      reason: 'Done',
    })
  ).json() as ChangeRequest;
  // The document moves meanwhile (a restore is one of its own requests: apply one through B's approval).
  const other = (
    await t.call(
      'POST',
      '/change-requests',
      { method: 'PUT', path: '/settings/maintenance', body: { enabled: true, message: 'Longer', version: before.version }, reason: 'x' },
      tokenB,
    )
  ).json() as ChangeRequest;
  expect((await t.call('POST', `/change-requests/${other.id}/approve`, { version: other.version })).statusCode).toBe(200);

  const stale = await t.call('POST', `/change-requests/${filed.id}/approve`, { version: filed.version }, tokenB);
  expect(stale.statusCode).toBe(409);
  expect(stale.json().error.code).toBe(CHANGE_CONTROL_CODES.stale);
  expect(stale.json().error.current.preview.diff).toEqual(expect.arrayContaining([{ field: 'message', from: 'Longer', to: '' }]));
  expect(await maintenance()).toMatchObject({ enabled: true, message: 'Longer' });
  expect((await t.call('GET', `/change-requests/${filed.id}`)).json().status).toBe('failed');
});

test('an adjustment up to the threshold applies directly; above it, a request applied once at approval', async () => {
  const start = (await account(2)).balance;
  const small = await adjust(2, THRESHOLD);
  expect(small.statusCode).toBe(201);
  expect((await account(2)).balance).toBe(start + THRESHOLD);

  const large = await adjust(2, THRESHOLD + 1);
  expect(large.statusCode).toBe(428);
  expect(large.json().error).toMatchObject({
    code: CHANGE_CONTROL_CODES.approvalRequired,
    current: { scope: `${THRESHOLD + 1} points on point account 2` },
  });
  expect((await account(2)).balance).toBe(start + THRESHOLD);

  const filed = await t.call('POST', '/change-requests', {
    method: 'POST',
    path: '/point-accounts/2/adjustments',
    body: { amount: -(THRESHOLD + 1), reason: 'Fraud clawback' },
    reason: 'Fraud clawback',
  });
  expect(filed.statusCode).toBe(201);
  const request = filed.json() as ChangeRequest;
  expect(request).toMatchObject({ service: 'points', operation: 'pointAccount.adjust', status: 'pending' });
  expect((await account(2)).balance).toBe(start + THRESHOLD);

  const approved = await t.call('POST', `/change-requests/${request.id}/approve`, { version: request.version }, tokenB);
  expect(approved.statusCode).toBe(200);
  expect((await account(2)).balance).toBe(start - 1);
  const entries = await t.shared.db
    .selectFrom('points.ledger_entries')
    .select(['amount', 'idempotency_key'])
    .where('idempotency_key', '=', `change-request-${request.id}`)
    .execute();
  expect(entries).toEqual([{ amount: -(THRESHOLD + 1), idempotency_key: `change-request-${request.id}` }]);
});

test('a scheduled points change: approved into the points queue, applied once by two runs at once, never by the BFF', async () => {
  const before = await maintenance();
  const filed = (
    await t.call('POST', '/change-requests', {
      method: 'PUT',
      path: '/settings/maintenance',
      body: { enabled: false, message: '', version: before.version },
      reason: 'End of the window',
      scheduledAt: new Date(t.shared.clock.now().getTime() + 3_600_000).toISOString(),
    })
  ).json() as ChangeRequest;
  const approved = await t.call('POST', `/change-requests/${filed.id}/approve`, { version: filed.version }, tokenB);
  expect(approved.json()).toMatchObject({ status: 'scheduled' });
  const row = await t.shared.db.selectFrom('change_requests').select('job_id').where('id', '=', filed.id).executeTakeFirstOrThrow();
  expect(row.job_id).toBeTruthy();
  expect(await maintenance()).toEqual(before);

  // The job's handler as each service would run it (the job itself is due in an hour).
  const control = createChangeControl({ ...CHANGE_CONTROL_DEFAULTS, mode: 'approve' });
  control.declare(...POINTS_GLOBAL_OPERATIONS);
  const deps = (service: string) => ({
    app: t.points,
    control,
    service,
    ctx: { db: t.shared.db, now: t.shared.clock.now, settings: t.shared.settings },
  });
  await runScheduled(deps('bff'), filed.id);
  expect((await t.call('GET', `/change-requests/${filed.id}`)).json().status).toBe('scheduled');
  await Promise.all([runScheduled(deps('points'), filed.id), runScheduled(deps('points'), filed.id)]);
  expect((await t.call('GET', `/change-requests/${filed.id}`)).json().status).toBe('applied');
  expect(await maintenance()).toMatchObject({ enabled: false, version: before.version + 1 });
  expect((await logsOf(filed.id)).map((s) => s.action)).toEqual(['changeRequest.request', 'changeRequest.approve', 'changeRequest.apply']);
});

test("a BFF request is not the points service's to decide (409 naming the owner); other calls are not global", async () => {
  const now = t.shared.clock.now();
  const bff = await t.shared.db
    .insertInto('change_requests')
    .values({
      operation: 'battle.forceEndAll',
      method: 'POST',
      path: '/battle-force-end',
      body: JSON.stringify({ confirmedCount: 0 }),
      scope: 'all battles',
      preview: JSON.stringify({ scope: 'all battles', current: null, diff: [] }),
      reason: 'Incident',
      prepared_version: null,
      status: 'pending',
      scheduled_at: null,
      expires_at: new Date(now.getTime() + 3_600_000),
      requested_by_id: null,
      requested_by_email: 'someone@test.local',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  expect(bff.service).toBe('bff');
  for (const verb of ['approve', 'reject', 'cancel']) {
    const response = await t.call('POST', `/change-requests/${bff.id}/${verb}`, { version: 1, comment: 'no' }, tokenB);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: CHANGE_CONTROL_CODES.otherService, current: { service: 'bff' } });
  }
  expect((await t.call('GET', '/change-requests?view=pending')).json().items.map((r: ChangeRequest) => r.id)).toContain(bff.id);

  const notGlobal = await t.call('POST', '/change-requests', {
    method: 'POST',
    path: '/point-accounts/2/adjustments',
    body: { amount: 10, reason: 'Small' },
    reason: 'Small',
  });
  expect(notGlobal.statusCode).toBe(400);
});

test('one admin cannot approve as another it made: an approver the requester created or reset is refused here too', async () => {
  const requester = await signedInAdmin(t.shared);
  const made = await signedInAdmin(t.shared);
  // The BFF's log (one database): the requester created the approver's account.
  await t.shared.db
    .transaction()
    .execute((trx) =>
      writeActionLog(
        trx,
        requester,
        { action: 'admin.create', targetType: 'admin', targetId: made.id, before: null, after: { email: made.email } },
        t.shared.clock.now(),
      ),
    );
  const before = await maintenance();
  const filed = await t.points.inject({
    method: 'POST',
    url: '/change-requests',
    payload: { method: 'PUT', path: '/settings/maintenance', body: { enabled: false, message: 'x', version: before.version }, reason: 'r' },
    headers: { token: requester.token },
  });
  expect(filed.statusCode).toBe(201);
  const request = filed.json() as ChangeRequest;
  const linked = await t.points.inject({
    method: 'POST',
    url: `/change-requests/${request.id}/approve`,
    payload: { version: request.version, comment: '' },
    headers: { token: made.token },
  });
  expect([linked.statusCode, linked.json().error.code]).toEqual([403, CHANGE_CONTROL_CODES.linkedApprover]);
  const other = await t.points.inject({
    method: 'POST',
    url: `/change-requests/${request.id}/approve`,
    payload: { version: request.version, comment: '' },
    headers: { token: tokenB },
  });
  expect(other.statusCode).toBe(200);
});
