import { activeFlagsResource, type ActiveFlag } from '@phoenix/contract';
import { lastLog, useSystemApp, createdNow, csvLines, refusedFieldErrors } from './support/system';
import { expectStaleConflict, itKeepsTheResourceContract, itReturns404 } from '@phoenix/server/testing';

const { app, call, contract } = useSystemApp();

async function create(input: Partial<{ key: string; description: string; enabled: boolean }>): Promise<ActiveFlag> {
  const response = await call('POST', '/active-flags', { description: '', ...input });
  expect(response.statusCode).toBe(201);
  return response.json();
}

itKeepsTheResourceContract(contract, activeFlagsResource, [['PATCH', '/active-flags/1/enabled']]);

describe('create and read', () => {
  test('POST → 201 (enabled defaults to false); GET /:id; logged', async () => {
    const created = await create({ key: 'battle.double-up', description: 'Double up' });
    expect(created).toEqual({
      id: expect.any(Number),
      key: 'battle.double-up',
      description: 'Double up',
      enabled: false,
      ...createdNow(app.t),
    });
    expect((await call('GET', `/active-flags/${created.id}`)).json()).toEqual(created);
    expect(await lastLog(app.t, 'activeFlag', created.id)).toMatchObject({ action: 'activeFlag.create', before: null, after: created });
  });

  test('a key is trimmed; accepted formats', async () => {
    expect((await create({ key: '  shop.sale  ' })).key).toBe('shop.sale');
    for (const key of ['a', 'points_referral', 'season2.pass-v2', 'x.y.z']) expect((await create({ key })).key).toBe(key);
  });

  itReturns404(contract, 'GET missing → 404', [['GET', '/active-flags/999999']]);
});

describe('validation', () => {
  const fieldErrorsOf = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) =>
    refusedFieldErrors(app.t, call, method, url, payload);
  const hint = 'Lowercase letters and digits, words joined by . _ or - (e.g. battle.double-up)';

  test('bad keys', async () => {
    for (const key of ['Battle.x', '9lives', 'a..b', 'a.', '-a', 'a b', 'ü']) {
      expect({ key, errors: (await fieldErrorsOf('POST', '/active-flags', { key })).key }).toEqual({ key, errors: [hint] });
    }
    expect((await fieldErrorsOf('POST', '/active-flags', { key: '' })).key).toContain('Key is required');
    expect((await fieldErrorsOf('POST', '/active-flags', {})).key).toEqual(['Key is required']);
    expect((await fieldErrorsOf('POST', '/active-flags', { key: 'a'.repeat(101) })).key).toContain('Key is at most 100 characters');
  });

  test('a duplicate key → 400 fieldErrors.key', async () => {
    await create({ key: 'dup.key' });
    expect((await fieldErrorsOf('POST', '/active-flags', { key: 'dup.key' })).key).toEqual(['This key already exists']);
  });

  test('description at most 500; enabled must be a boolean', async () => {
    expect((await fieldErrorsOf('POST', '/active-flags', { key: 'd', description: 'x'.repeat(501) })).description).toEqual([
      'Description is at most 500 characters',
    ]);
    expect((await fieldErrorsOf('POST', '/active-flags', { key: 'e', enabled: 'true' })).enabled).toEqual(['Enabled is true or false']);
  });

  test('PUT and PATCH need enabled and version', async () => {
    const flag = await create({ key: 'needs.version' });
    const put = await fieldErrorsOf('PUT', `/active-flags/${flag.id}`, { description: 'x' });
    expect(put.enabled).toBeDefined();
    expect(put.version).toBeDefined();
    const patch = await fieldErrorsOf('PATCH', `/active-flags/${flag.id}/enabled`, { enabled: true });
    expect(patch.version).toBeDefined();
  });
});

describe('update, toggle, delete, concurrency', () => {
  test('PUT updates description and enabled (key unchanged), logs before/after', async () => {
    const flag = await create({ key: 'put.flag', description: 'old' });
    app.t.clock.advanceMinutes(1);
    const response = await call('PUT', `/active-flags/${flag.id}`, { key: 'ignored.key', description: 'new', enabled: true, version: 1 });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ key: 'put.flag', description: 'new', enabled: true, version: 2 });
    expect(saved.updatedAt).toBe(app.t.clock.now().toISOString());
    expect(await lastLog(app.t, 'activeFlag', flag.id)).toMatchObject({ action: 'activeFlag.update', before: flag, after: saved });
  });

  test('PATCH /:id/enabled toggles: activeFlag.enable then activeFlag.disable', async () => {
    const flag = await create({ key: 'toggle.me' });
    const on = await call('PATCH', `/active-flags/${flag.id}/enabled`, { enabled: true, version: 1 });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, version: 2 });
    expect(await lastLog(app.t, 'activeFlag', flag.id)).toMatchObject({
      action: 'activeFlag.enable',
      before: { enabled: false, version: 1 },
      after: { enabled: true, version: 2 },
    });
    const off = await call('PATCH', `/active-flags/${flag.id}/enabled`, { enabled: false, version: 2 });
    expect(off.json()).toMatchObject({ enabled: false, version: 3, description: flag.description });
    expect((await lastLog(app.t, 'activeFlag', flag.id))?.action).toBe('activeFlag.disable');
  });

  test('a stale toggle / PUT → 409 with current; nothing changes', async () => {
    const flag = await create({ key: 'stale.flag' });
    const first = (await call('PATCH', `/active-flags/${flag.id}/enabled`, { enabled: true, version: 1 })).json();
    const url = `/active-flags/${flag.id}`;
    await expectStaleConflict(contract, ['PATCH', `${url}/enabled`, { enabled: false, version: 1 }], url, first);
    await expectStaleConflict(contract, ['PUT', url, { description: 'x', enabled: false, version: 1 }], url, first);
  });

  itReturns404(contract, 'missing flag → 404 for PUT, PATCH, DELETE', [
    ['PUT', '/active-flags/999999', { description: '', enabled: true, version: 1 }],
    ['PATCH', '/active-flags/999999/enabled', { enabled: true, version: 1 }],
    ['DELETE', '/active-flags/999999?version=1'],
  ]);

  test('DELETE: stale → 409; right version → ok, logged; the key can be reused', async () => {
    const flag = await create({ key: 'delete.me' });
    const toggled = (await call('PATCH', `/active-flags/${flag.id}/enabled`, { enabled: true, version: 1 })).json();
    expect((await call('DELETE', `/active-flags/${flag.id}`)).statusCode).toBe(400);
    const stale = await call('DELETE', `/active-flags/${flag.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual(toggled);
    expect((await call('DELETE', `/active-flags/${flag.id}?version=2`)).json()).toEqual({ ok: true });
    expect(await lastLog(app.t, 'activeFlag', flag.id)).toMatchObject({ action: 'activeFlag.delete', before: toggled, after: null });
    expect((await call('GET', `/active-flags/${flag.id}`)).statusCode).toBe(404);
    await create({ key: 'delete.me' });
  });
});

describe('list, filter, sort, export', () => {
  beforeAll(async () => {
    await app.t.db.deleteFrom('active_flags').execute();
    await create({ key: 'list.bravo', description: 'has NEEDLE', enabled: true });
    await create({ key: 'list.alpha', description: 'first' });
    await create({ key: 'list.charlie', description: '=cmd', enabled: true });
  });
  const keys = (body: { items: ActiveFlag[] }) => body.items.map((f) => f.key);

  test('q on key and description; enabled filter; total', async () => {
    expect(keys((await call('GET', '/active-flags?q=needle')).json())).toEqual(['list.bravo']);
    expect(keys((await call('GET', '/active-flags?q=ALPHA')).json())).toEqual(['list.alpha']);
    const on = (await call('GET', '/active-flags?enabled=true')).json();
    expect(keys(on)).toEqual(['list.bravo', 'list.charlie']);
    expect(on.total).toBe(2);
    expect(keys((await call('GET', '/active-flags?enabled=false')).json())).toEqual(['list.alpha']);
    expect((await call('GET', '/active-flags?enabled=')).json().total).toBe(3);
    expect((await call('GET', '/active-flags?enabled=yes')).json().error.fieldErrors.enabled).toEqual(['Use true or false']);
  });

  test('sorts and paging', async () => {
    expect(keys((await call('GET', '/active-flags?sort=key&order=desc')).json())).toEqual(['list.charlie', 'list.bravo', 'list.alpha']);
    expect(keys((await call('GET', '/active-flags?sort=enabled')).json())[0]).toBe('list.alpha');
    expect((await call('GET', '/active-flags?sort=updatedAt')).statusCode).toBe(200);
    expect(keys((await call('GET', '/active-flags?pageSize=1&page=3')).json())).toEqual(['list.charlie']);
    expect((await call('GET', '/active-flags?sort=description')).statusCode).toBe(400);
  });

  test('CSV export', async () => {
    const lines = await csvLines(call, '/active-flags/export.csv?enabled=true', 'active-flags.csv');
    expect(lines[0]).toBe('id,key,enabled,description,version,updatedAt,updatedBy');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(",list.charlie,true,'=cmd,1,");
  });
});
