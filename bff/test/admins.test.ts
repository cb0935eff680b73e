import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { adminsResource, type AdminAccount } from '@phoenix/contract';
import { expectStaleConflict, itKeepsTheResourceContract } from '@phoenix/server/testing';
import { lastLog } from './support/system';
import { replaceOneTimePassword } from '../src/features/admins/repository';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  operatorToken = (await signedInAdmin(t, 1)).token;
});
afterAll(() => t.close());

const contract = { t: () => t, token: () => admin.token, operatorToken: () => operatorToken };
itKeepsTheResourceContract(contract, adminsResource, [
  ['PATCH', '/admins/1/status'],
  ['POST', '/admins/1/reset-password'],
]);

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = admin.token) =>
  t.call(token, { method, url, ...(payload ? { payload } : {}) });
const get = async (id: number): Promise<AdminAccount> => (await call('GET', `/admins/${id}`)).json();
const setStatus = async (id: number, status: unknown, token = admin.token) =>
  call('PATCH', `/admins/${id}/status`, { status, version: (await get(id)).version }, token);
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
const changePassword = (body: object) => t.app.inject({ method: 'POST', url: '/users/change-password', payload: body });

test('GET /admins lists accounts without secrets; q searches the email, status and role filter', async () => {
  const operator = await t.createAccount({ role: 1 });
  const response = await call('GET', '/admins?pageSize=200');
  expect(response.statusCode).toBe(200);
  const page = response.json();
  expect(page.items.find((a: AdminAccount) => a.id === operator.id)).toEqual({
    id: operator.id,
    email: operator.email,
    role: 1,
    roles: ['owner'],
    status: 'active',
    mustChangePassword: false,
    lastSignInAt: null,
    version: 1,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
    updatedBy: null,
  });
  expect(response.body).not.toContain('password_hash');
  expect(page.items.find((a: AdminAccount) => a.id === admin.id).lastSignInAt).toBe(t.clock.now().toISOString());
  const search = (await call('GET', `/admins?q=${operator.email.slice(0, 8)}`)).json();
  expect(search.items.map((a: AdminAccount) => a.id)).toEqual([operator.id]);
  const operators = (await call('GET', '/admins?role=1&pageSize=200')).json();
  expect(operators.items.every((a: AdminAccount) => a.role === 1)).toBe(true);
  expect((await call('GET', '/admins?status=gone')).statusCode).toBe(400);
});

test('create: a one-time password shown once, stored hashed; the first sign-in must change it', async () => {
  const response = await call('POST', '/admins', { email: '  New.Admin@Test.local ', role: 2 });
  expect(response.statusCode).toBe(201);
  const { account, oneTimePassword } = response.json();
  expect(account).toMatchObject({ email: 'new.admin@test.local', role: 2, status: 'active', mustChangePassword: true });
  expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
  const stored = await t.db.selectFrom('admins').select('password_hash').where('id', '=', account.id).executeTakeFirstOrThrow();
  expect(stored.password_hash).not.toContain(oneTimePassword);
  const log = await lastLog(t, 'admin', account.id);
  expect(log).toMatchObject({ action: 'admin.create', admin_email: admin.email });
  expect(JSON.stringify(log)).not.toContain(oneTimePassword);

  // Right one-time password: no token yet.
  const first = await login('new.admin@test.local', oneTimePassword);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ passwordChangeRequired: true });
  // A weak or unchanged new password is refused on its field; a wrong one-time password is a plain failure.
  const weak = await changePassword({ email: account.email, password: oneTimePassword, newPassword: 'short' });
  expect(weak.statusCode).toBe(400);
  expect(weak.json().error.fieldErrors.newPassword).toBeDefined();
  expect((await changePassword({ email: account.email, password: oneTimePassword, newPassword: oneTimePassword })).statusCode).toBe(400);
  expect(
    (await changePassword({ email: account.email, password: 'wrong-password', newPassword: 'a fresh long password' })).statusCode,
  ).toBe(401);

  const changed = await changePassword({ email: account.email, password: oneTimePassword, newPassword: 'a fresh long password' });
  expect(changed.statusCode).toBe(200);
  expect((await login(account.email, oneTimePassword)).statusCode).toBe(401);
  const signedIn = await login(account.email, 'a fresh long password');
  expect(signedIn.statusCode).toBe(200);
  expect(typeof signedIn.json().token).toBe('string');
  expect((await get(account.id)).mustChangePassword).toBe(false);
  // No second change through the public route once the one-time password is gone.
  expect(
    (await changePassword({ email: account.email, password: 'a fresh long password', newPassword: 'another long password' })).statusCode,
  ).toBe(401);
});

test('create: a taken email or a bad role is a 400 on the field', async () => {
  expect((await call('POST', '/admins', { email: admin.email.toUpperCase(), role: 2 })).json().error.fieldErrors.email).toEqual([
    'An admin with this email already exists',
  ]);
  expect((await call('POST', '/admins', { email: 'x@test.local', role: 7 })).json().error.fieldErrors.role).toBeDefined();
  expect((await call('POST', '/admins', { email: 'not an email', role: 2 })).json().error.fieldErrors.email).toBeDefined();
});

test('a one-time password replaced by a reset meanwhile cannot set the new password (the write checks the hash it verified)', async () => {
  const victim = await signedInAdmin(t);
  const first = (await call('POST', `/admins/${victim.id}/reset-password`, { version: (await get(victim.id)).version })).json();
  const checked = await t.db.selectFrom('admins').selectAll().where('id', '=', victim.id).executeTakeFirstOrThrow();
  // An administrator resets again between the check of the first one-time password and the write.
  await call('POST', `/admins/${victim.id}/reset-password`, { version: first.account.version });
  const written = await t.db.transaction().execute((trx) => replaceOneTimePassword(trx, checked, 'new-hash', t.clock.now()));
  expect(written).toBe(false);
  const after = await t.db.selectFrom('admins').selectAll().where('id', '=', victim.id).executeTakeFirstOrThrow();
  expect(after.must_change_password).toBe(true);
  expect(after.password_hash).not.toBe('new-hash');
});

test('reset password: a new one-time password, sessions end, the old password stops working; 409 when stale', async () => {
  const victim = await signedInAdmin(t);
  const before = await get(victim.id);
  const response = await call('POST', `/admins/${victim.id}/reset-password`, { version: before.version });
  expect(response.statusCode).toBe(200);
  const { account, oneTimePassword } = response.json();
  expect(account).toMatchObject({ mustChangePassword: true, version: before.version + 1 });
  expect((await t.call(victim.token, { method: 'GET', url: '/constant-variables' })).statusCode).toBe(401);
  expect((await lastLog(t, 'admin', victim.id))?.action).toBe('admin.resetPassword');
  expect((await login(victim.email, victim.password)).statusCode).toBe(401);
  expect((await lastLog(t, 'admin', victim.id))?.after).toMatchObject({ reason: 'wrongPassword' });
  expect((await login(victim.email, oneTimePassword)).json()).toEqual({ passwordChangeRequired: true });
  const current = await get(victim.id);
  await expectStaleConflict(
    contract,
    ['POST', `/admins/${victim.id}/reset-password`, { version: before.version }],
    `/admins/${victim.id}`,
    current,
  );
});

test('disabling an admin ends its sessions at once and is logged; re-enabling does not revive old tokens', async () => {
  const victim = await signedInAdmin(t);
  expect((await t.call(victim.token, { method: 'GET', url: '/constant-variables' })).statusCode).toBe(200);

  const response = await setStatus(victim.id, 'disabled');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ id: victim.id, status: 'disabled' });
  expect((await t.call(victim.token, { method: 'GET', url: '/constant-variables' })).statusCode).toBe(401);
  expect(await lastLog(t, 'admin', victim.id)).toMatchObject({
    action: 'admin.disable',
    admin_email: admin.email,
    before: expect.objectContaining({ status: 'active' }),
    after: expect.objectContaining({ status: 'disabled' }),
  });
  expect((await login(victim.email, victim.password)).statusCode).toBe(401);
  expect((await lastLog(t, 'admin', victim.id))?.after).toMatchObject({ reason: 'disabled' });

  expect((await setStatus(victim.id, 'active')).statusCode).toBe(200);
  expect((await t.call(victim.token, { method: 'GET', url: '/constant-variables' })).statusCode).toBe(401);
  expect((await login(victim.email, victim.password)).statusCode).toBe(200);
});

test('an admin cannot disable or demote itself', async () => {
  const selfDisable = await setStatus(admin.id, 'disabled');
  expect(selfDisable.statusCode).toBe(400);
  expect(selfDisable.json().error.fieldErrors.status).toEqual(['You cannot disable your own account']);
  const me = await get(admin.id);
  const demote = await call('PUT', `/admins/${admin.id}`, { role: 1, version: me.version });
  expect(demote.json().error.fieldErrors.role).toEqual(['You cannot demote your own account']);
  expect(await get(admin.id)).toEqual(me);
});

test('the last active administrator can be neither disabled nor demoted', async () => {
  const solo = await createTestApp();
  try {
    const a = await signedInAdmin(solo);
    const b = await signedInAdmin(solo);
    const as = (token: string) => (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      solo.call(token, { method, url, ...(payload ? { payload } : {}) });
    const version = async (id: number) => (await as(a.token)('GET', `/admins/${id}`)).json().version;
    // b demotes a: allowed (two active administrators), then a's sessions end.
    expect((await as(b.token)('PUT', `/admins/${a.id}`, { role: 1, version: await version(a.id) })).statusCode).toBe(200);
    expect((await as(a.token)('GET', '/admins')).statusCode).toBe(401);
    // Now b is the last active administrator. Self-disable is refused first, so prove the rule on
    // its own: the service, called as another actor (a, whose token no longer works), refuses.
    const { changeAdminStatus } = await import('../src/features/admins/service');
    const { mutate } = await import('@phoenix/server/db');
    const refused = mutate(solo.ctx, { id: null, email: 'test' }, (trx, now) =>
      changeAdminStatus(trx, { id: a.id, email: a.email, role: 2, roles: ['owner'] }, b.id, { status: 'disabled', version: 1 }, now),
    );
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      details: { fieldErrors: { status: ['The last active administrator cannot be disabled'] } },
    });
  } finally {
    await solo.close();
  }
});

test('PUT with a stale version → 409 with the current account; bad status → 400; unknown admin → 404', async () => {
  const other = await t.createAccount({});
  const current = await get(other.id);
  await expectStaleConflict(
    contract,
    ['PUT', `/admins/${other.id}`, { role: 1, version: current.version + 1 }],
    `/admins/${other.id}`,
    current,
  );
  expect((await setStatus(admin.id, 'deleted')).statusCode).toBe(400);
  expect((await call('PATCH', '/admins/999999/status', { status: 'disabled', version: 1 })).statusCode).toBe(404);
  expect((await call('PATCH', `/admins/${other.id}/status`, { status: 'disabled' })).json().error.fieldErrors.version).toBeDefined();
});
