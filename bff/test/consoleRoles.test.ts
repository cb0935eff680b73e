import { createTestApp, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import { lastLog } from './support/system';

/**
 * Least privilege inside role 2: console roles on accounts (created, changed, refused
 * by the database), what /users/info says of them, and the guard's answer to a role that may not.
 * The route × role matrix itself: authorizationMatrix.test.ts.
 */
let t: TestApp;
let owner: { id: number; email: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  const account = await t.createAccount({ roles: ['owner'] });
  owner = { ...account, token: await t.login(account.email, account.password) };
});
afterAll(() => t.close());

const asOwner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.call(owner.token, { method, url, ...(payload ? { payload } : {}) });
const email = () => `roles-${Math.random().toString(36).slice(2)}@test.local`;

test('a new account holds the roles it was given, or only viewer; an unknown role or none is refused on the field', async () => {
  const content = await asOwner('POST', '/admins', { email: email(), role: 2, roles: ['content'] });
  expect(content.statusCode).toBe(201);
  expect(content.json().account.roles).toEqual(['content']);
  const plain = await asOwner('POST', '/admins', { email: email(), role: 2 });
  expect(plain.json().account.roles).toEqual(['viewer']);
  for (const roles of [[], ['root'], ['viewer', 'viewer']]) {
    const refused = await asOwner('POST', '/admins', { email: email(), role: 2, roles });
    const fields = Object.keys(refused.json().error.fieldErrors ?? {});
    expect({ roles, status: refused.statusCode, onRoles: fields.length > 0 && fields.every((f) => f.startsWith('roles')) }).toEqual({
      roles,
      status: 400,
      onRoles: true,
    });
  }
});

test('the database itself refuses an unknown role and an empty set', async () => {
  const account = await t.createAccount({ roles: ['viewer'] });
  await expect(
    t.db
      .updateTable('admins')
      .set({ roles: ['root'] })
      .where('id', '=', account.id)
      .execute(),
  ).rejects.toThrow(/admins_roles_known/);
  await expect(t.db.updateTable('admins').set({ roles: [] }).where('id', '=', account.id).execute()).rejects.toThrow(/admins_roles_known/);
});

test('an owner changes another account’s roles (logged before/after); nobody changes its own; the last active owner stays one', async () => {
  const other = await t.createAccount({ roles: ['viewer'] });
  const changed = await asOwner('PUT', `/admins/${other.id}`, { role: 2, roles: ['support', 'economy'], version: 1 });
  expect(changed.statusCode).toBe(200);
  expect(changed.json().roles).toEqual(['support', 'economy']);
  expect(await lastLog(t, 'admin', other.id)).toMatchObject({
    action: 'admin.update',
    before: { roles: ['viewer'] },
    after: { roles: ['support', 'economy'] },
  });

  const self = await asOwner('PUT', `/admins/${owner.id}`, { role: 2, roles: ['owner', 'viewer'], version: 1 });
  expect(self.statusCode).toBe(400);
  expect(self.json().error.fieldErrors.roles).toEqual(['You cannot change your own roles']);

  // Every other owner disabled: `owner` is the last active one, and another owner may not take its role.
  await t.db
    .updateTable('admins')
    .set({ status: 'disabled' })
    .where('id', '!=', owner.id)
    .where(sql<boolean>`'owner' = any(roles)`)
    .execute();
  const security = await t.createAccount({ roles: ['security'] });
  const securityToken = await t.login(security.email, security.password);
  const demote = await t.call(securityToken, {
    method: 'PUT',
    url: `/admins/${owner.id}`,
    payload: { role: 2, roles: ['viewer'], version: 1 },
  });
  expect(demote.statusCode).toBe(400);
  expect(demote.json().error.fieldErrors.roles).toEqual(['The last active owner keeps the owner role']);
});

test('/users/info says the roles; a role that may not gets 403 permission_denied naming the roles that may, and nothing changes', async () => {
  const account = await t.createAccount({ roles: ['content'] });
  const token = await t.login(account.email, account.password);
  const info = await t.call(token, { method: 'POST', url: '/users/info' });
  expect(info.json().data.userInfo).toMatchObject({ id: account.id, role: 2, roles: ['content'] });

  const refused = await t.call(token, { method: 'POST', url: '/admins', payload: { email: email(), role: 2 } });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error).toMatchObject({
    code: 'permission_denied',
    message: 'This needs one of these roles: security, owner',
    current: { scope: 'admins', action: 'write', roles: ['security', 'owner'] },
  });
  expect(
    await t.db
      .selectFrom('admins')
      .select('id')
      .where('email', 'like', 'roles-%')
      .where(sql<boolean>`'viewer' = any(roles)`)
      .execute(),
  ).toHaveLength(1);
  // The same admin changes what its role holds, and reads everything.
  expect((await t.call(token, { method: 'GET', url: '/admins' })).statusCode).toBe(200);
  const news = await t.call(token, { method: 'POST', url: '/news', payload: {} });
  expect(news.statusCode).toBe(400); // past the guard: the body is what is wrong
});
