import { policiesResource, type Policy } from '@phoenix/contract';
import { createdNow, lastLog, refusedFieldErrors, useSystemApp } from './support/system';
import { expectStaleConflict, itKeepsTheResourceContract } from '@phoenix/server/testing';

const { app, call, contract } = useSystemApp();

async function create(name: string, description = 'Blocks trading while under review'): Promise<Policy> {
  const response = await call('POST', '/policies', { name, description });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('contract', () => {
  itKeepsTheResourceContract(contract, policiesResource, [
    ['PUT', '/policies/1/apis'],
    ['GET', '/game-apis'],
    ['GET', '/game-apis/1'],
  ]);
});

describe('game API catalogue', () => {
  test('seeded, searched on code and name, ordered by code; an unknown id is a 404', async () => {
    const all = (await call('GET', '/game-apis?pageSize=200')).json();
    expect(all.total).toBe(20);
    const codes = all.items.map((a: { code: string }) => a.code);
    expect(codes).toEqual([...codes].sort());
    const market = (await call('GET', '/game-apis?q=MARKET')).json();
    expect(market.items.map((a: { code: string }) => a.code)).toEqual(['market.buy', 'market.list']);
    expect((await call('GET', '/game-apis/999')).statusCode).toBe(404);
  });
});

describe('policies', () => {
  test('create → 201 with no APIs and no members; logged', async () => {
    const created = await create('Trade freeze');
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Trade freeze',
      description: 'Blocks trading while under review',
      apiIds: [],
      memberCount: 0,
      ...createdNow(app.t),
    });
    expect(await lastLog(app.t, 'policy', created.id)).toMatchObject({ action: 'policy.create', before: null, after: created });
  });

  test('a name is unique whatever its case; name is required', async () => {
    await create('Chat mute');
    expect(await refusedFieldErrors(app.t, call, 'POST', '/policies', { name: 'Chat mute', description: '' })).toEqual({
      name: ['A policy with this name already exists'],
    });
    const lower = await call('POST', '/policies', { name: 'CHAT MUTE', description: '' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.fieldErrors.name).toEqual(['A policy with this name already exists']);
    expect((await refusedFieldErrors(app.t, call, 'POST', '/policies', { name: '  ' })).name).toEqual(['Name is required']);
  });

  test('edit keeps the APIs; a stale version is a 409 with the current policy', async () => {
    const policy = await create('Market ban');
    const apis = (await call('PUT', `/policies/${policy.id}/apis`, { apiIds: [18, 17], version: 1 })).json();
    expect(apis.apiIds).toEqual([17, 18]);
    const edited = await call('PUT', `/policies/${policy.id}`, { name: 'Market ban (all)', description: 'x', version: 2 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Market ban (all)', apiIds: [17, 18], version: 3 });
    await expectStaleConflict(
      contract,
      ['PUT', `/policies/${policy.id}`, { name: 'y', description: '', version: 2 }],
      `/policies/${policy.id}`,
      edited.json(),
    );
  });

  test('restrictApis: replaced as a whole, logged before/after; unknown or repeated APIs refused; versioned', async () => {
    const policy = await create('Points lock');
    const first = await call('PUT', `/policies/${policy.id}/apis`, { apiIds: [9, 10], version: 1 });
    expect(first.json()).toMatchObject({ apiIds: [9, 10], version: 2 });
    const second = await call('PUT', `/policies/${policy.id}/apis`, { apiIds: [10], version: 2 });
    expect(second.json().apiIds).toEqual([10]);
    expect(await lastLog(app.t, 'policy', policy.id)).toMatchObject({
      action: 'policy.restrictApis',
      before: { apiIds: [9, 10] },
      after: { apiIds: [10] },
    });
    expect(await refusedFieldErrors(app.t, call, 'PUT', `/policies/${policy.id}/apis`, { apiIds: [10, 999], version: 3 })).toEqual({
      apiIds: ['No such API in the catalogue: 999'],
    });
    expect(await refusedFieldErrors(app.t, call, 'PUT', `/policies/${policy.id}/apis`, { apiIds: [1, 1], version: 3 })).toEqual({
      apiIds: ['An API is listed twice'],
    });
    expect((await call('PUT', `/policies/${policy.id}/apis`, { apiIds: [1], version: 2 })).statusCode).toBe(409);
    expect((await call('PUT', '/policies/999999/apis', { apiIds: [1], version: 1 })).statusCode).toBe(404);
  });

  test('the list searches name and description and sorts by member count', async () => {
    await create('Guild lock', 'No guild changes');
    const found = (await call('GET', '/policies?q=guild')).json();
    expect(found.items.map((p: Policy) => p.name)).toEqual(['Guild lock']);
    expect((await call('GET', '/policies?sort=memberCount&order=desc')).statusCode).toBe(200);
  });
});
