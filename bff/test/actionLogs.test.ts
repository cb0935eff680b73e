import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import type { ActionLog } from '@phoenix/contract';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let other: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  other = await signedInAdmin(t);
});
afterAll(() => t.close());

const get = (url: string) => t.call(admin.token, { method: 'GET', url });
const logs = async (query: string): Promise<{ items: ActionLog[]; total: number }> => {
  const response = await get(`/action-logs?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

test('create, update and delete each write a row with before and after', async () => {
  const created = (
    await t.call(admin.token, { method: 'POST', url: '/constant-variables', payload: { key: 'log.me', type: 'number', value: '1' } })
  ).json();
  t.clock.advanceMinutes(1);
  const updated = (
    await t.call(admin.token, { method: 'PUT', url: `/constant-variables/${created.id}`, payload: { ...created, value: '2' } })
  ).json();
  t.clock.advanceMinutes(1);
  expect((await t.call(admin.token, { method: 'DELETE', url: `/constant-variables/${created.id}?version=2` })).statusCode).toBe(200);

  const { items, total } = await logs(`target=constantVariable:${created.id}`);
  expect(total).toBe(3);
  // newest first by default
  expect(items.map((l) => l.action)).toEqual(['constantVariable.delete', 'constantVariable.update', 'constantVariable.create']);
  const [del, upd, cre] = items;
  expect(cre).toMatchObject({
    adminId: admin.id,
    adminEmail: admin.email,
    targetType: 'constantVariable',
    targetId: String(created.id),
    before: null,
    after: created,
  });
  expect(upd).toMatchObject({ before: created, after: updated });
  expect(del).toMatchObject({ before: updated, after: null });
  expect(del.createdAt).toBe(t.clock.now().toISOString());

  const one = await get(`/action-logs/${cre.id}`);
  expect(one.statusCode).toBe(200);
  expect(one.json()).toEqual(cre);
  expect((await get('/action-logs/999999')).statusCode).toBe(404);
});

test('a failed change writes no row (same transaction)', async () => {
  const created = (
    await t.call(admin.token, { method: 'POST', url: '/constant-variables', payload: { key: 'log.conflict', type: 'string', value: 'a' } })
  ).json();
  const stale = await t.call(admin.token, {
    method: 'PUT',
    url: `/constant-variables/${created.id}`,
    payload: { ...created, value: 'b', version: 7 },
  });
  expect(stale.statusCode).toBe(409);
  const { total } = await logs(`target=constantVariable:${created.id}`);
  expect(total).toBe(1); // only the create
});

test('login and logout are logged', async () => {
  const session = await signedInAdmin(t);
  await t.call(session.token, { method: 'POST', url: '/users/logout' });
  const { items } = await logs(`admin=${encodeURIComponent(session.email)}&action=auth`);
  expect(items.map((l) => l.action)).toEqual(['auth.logout', 'auth.login']);
  expect(items[1]).toMatchObject({ adminId: session.id, targetType: 'admin', targetId: String(session.id) });
});

describe('filters', () => {
  beforeAll(async () => {
    t.clock.advanceMinutes(20); // less than the idle timeout: the tokens stay valid
    await t.call(other.token, { method: 'POST', url: '/constant-variables', payload: { key: 'by.other', type: 'string', value: 'o' } });
  });

  test('admin = email substring, case-insensitive', async () => {
    const part = other.email.split('@')[0].toUpperCase();
    const { items } = await logs(`admin=${part}&action=constantVariable`);
    expect(items).toHaveLength(1);
    expect(items[0].adminEmail).toBe(other.email);
  });

  test('action = exact or prefix', async () => {
    const exact = await logs('action=constantVariable.create');
    expect(exact.items.every((l) => l.action === 'constantVariable.create')).toBe(true);
    const prefix = await logs('action=constantVariable');
    expect(new Set(prefix.items.map((l) => l.action))).toEqual(
      new Set(['constantVariable.create', 'constantVariable.update', 'constantVariable.delete']),
    );
    const star = await logs('action=constantVar*');
    expect(star.total).toBe(prefix.total);
    expect((await logs('action=constantVar')).total).toBe(0); // not a word prefix
  });

  test('from / to bound the time', async () => {
    const since = new Date(t.clock.now().getTime() - 10 * 60_000).toISOString();
    const recent = await logs(`from=${encodeURIComponent(since)}`);
    expect(recent.items.map((l) => l.action)).toEqual(['constantVariable.create']);
    const before = await logs(`to=${encodeURIComponent(since)}&action=constantVariable`);
    expect(before.items.every((l) => l.adminEmail === admin.email)).toBe(true);
    expect((await get('/action-logs?from=yesterday')).statusCode).toBe(400);
  });

  test('sort and paginate', async () => {
    const asc = await logs('sort=createdAt&order=asc&pageSize=2');
    expect(asc.items).toHaveLength(2);
    expect(asc.items[0].createdAt <= asc.items[1].createdAt).toBe(true);
    const byEmail = await logs('sort=adminEmail&order=desc&pageSize=200');
    const emails = byEmail.items.map((l) => l.adminEmail.toLowerCase());
    expect([...emails].sort().reverse()).toEqual(emails);
    expect((await get('/action-logs?sort=before')).statusCode).toBe(400);
  });

  test('CSV export of the current filter', async () => {
    const response = await get(`/action-logs/export.csv?action=constantVariable.create&admin=${encodeURIComponent(other.email)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,createdAt,adminEmail,action,targetType,targetId,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${other.email},constantVariable.create,constantVariable,`);
    expect(lines[1]).toContain('"{""id"":');
  });
});

test('the log is read-only', async () => {
  for (const method of ['POST', 'PUT', 'DELETE'] as const) {
    expect((await t.call(admin.token, { method, url: '/action-logs/1' })).statusCode).toBe(404);
  }
});
