import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import type { AdminAccount } from '@phoenix/contract';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const setStatus = (token: string, id: number, status: unknown) =>
  t.call(token, { method: 'PATCH', url: `/admins/${id}/status`, payload: { status } });

test('GET /admins lists accounts without secrets', async () => {
  const operator = await t.createAccount({ role: 1 });
  const response = await t.call(admin.token, { method: 'GET', url: '/admins?pageSize=200' });
  expect(response.statusCode).toBe(200);
  const page = response.json();
  const row = page.items.find((a: AdminAccount) => a.id === operator.id);
  expect(row).toEqual({
    id: operator.id,
    email: operator.email,
    role: 1,
    status: 'active',
    lastSignInAt: null,
    createdAt: expect.any(String),
  });
  expect(response.body).not.toContain('password');
  const me = page.items.find((a: AdminAccount) => a.id === admin.id);
  expect(me.lastSignInAt).toBe(t.clock.now().toISOString());
  const search = (await t.call(admin.token, { method: 'GET', url: `/admins?q=${operator.email.slice(0, 8)}` })).json();
  expect(search.items.map((a: AdminAccount) => a.id)).toEqual([operator.id]);
});

test('a role-1 token cannot list admins', async () => {
  const operator = await signedInAdmin(t, 1);
  expect((await t.call(operator.token, { method: 'GET', url: '/admins' })).statusCode).toBe(403);
});

test('disabling an admin ends its sessions at once and is logged; re-enabling does not revive old tokens', async () => {
  const victim = await signedInAdmin(t);
  expect((await t.call(victim.token, { method: 'GET', url: '/constant-variables' })).statusCode).toBe(200);

  const response = await setStatus(admin.token, victim.id, 'disabled');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ id: victim.id, status: 'disabled' });

  expect((await t.call(victim.token, { method: 'GET', url: '/constant-variables' })).statusCode).toBe(401);
  expect((await t.call(victim.token, { method: 'POST', url: '/users/info' })).statusCode).toBe(401);
  expect(
    (await t.app.inject({ method: 'POST', url: '/users/login', payload: { email: victim.email, password: victim.password } })).statusCode,
  ).toBe(401);

  const log = (await t.call(admin.token, { method: 'GET', url: `/action-logs?target=admin:${victim.id}&action=admin` })).json();
  expect(log.items[0]).toMatchObject({
    action: 'admin.disable',
    adminEmail: admin.email,
    before: { status: 'active' },
    after: { status: 'disabled' },
  });

  expect((await setStatus(admin.token, victim.id, 'active')).statusCode).toBe(200);
  expect((await t.call(victim.token, { method: 'GET', url: '/constant-variables' })).statusCode).toBe(401);
  expect(
    (await t.app.inject({ method: 'POST', url: '/users/login', payload: { email: victim.email, password: victim.password } })).statusCode,
  ).toBe(200);
});

test('an admin cannot disable itself', async () => {
  const response = await setStatus(admin.token, admin.id, 'disabled');
  expect(response.statusCode).toBe(400);
  expect(response.json().error.fieldErrors.status).toEqual(['You cannot disable your own account']);
  expect((await t.call(admin.token, { method: 'GET', url: '/admins' })).statusCode).toBe(200);
});

test('bad status → 400; unknown admin → 404', async () => {
  expect((await setStatus(admin.token, admin.id, 'deleted')).statusCode).toBe(400);
  expect((await setStatus(admin.token, 999999, 'disabled')).statusCode).toBe(404);
});
