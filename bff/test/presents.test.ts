import { signedInTestApp } from './support/testApp';
import { presentsResource, type Present } from '@phoenix/contract';
import { itKeepsTheResourceContract } from '@phoenix/server/testing';

const app = signedInTestApp();
const { api, contract } = app;

itKeepsTheResourceContract(contract, presentsResource, [
  ['GET', '/items'],
  ['GET', '/items/1'],
]);

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Launch gift',
  description: 'Thanks for playing',
  startsAt: '2030-01-15T00:00:00.000Z',
  endsAt: '2030-02-15T00:00:00.000Z',
  items: [
    { itemId: 1, quantity: 500 },
    { itemId: 2, quantity: 10 },
  ],
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<Present> {
  const response = await api('POST', '/presents', body(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('item catalogue', () => {
  test('is seeded and searched by name or code, filtered by kind', async () => {
    const all = (await api('GET', '/items?pageSize=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(20);
    expect(all.items[0]).toEqual({
      id: expect.any(Number),
      code: expect.any(String),
      name: expect.any(String),
      kind: expect.any(String),
      glyph: expect.any(String),
      colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const potion = (await api('GET', '/items?q=POTION')).json();
    expect(potion.items.map((i: { code: string }) => i.code)).toEqual(['health_potion']);
    const currencies = (await api('GET', '/items?kind=currency')).json();
    expect(currencies.items.map((i: { code: string }) => i.code).sort()).toEqual(['coin', 'gem']);
    expect((await api('GET', '/items?kind=weapon')).statusCode).toBe(400);
    expect((await api('GET', '/items/999999')).statusCode).toBe(404);
  });
});

describe('presents', () => {
  test('create and read: items in order, status from the period', async () => {
    const created = await create();
    expect(created).toMatchObject({ name: 'Launch gift', items: body().items, status: 'claimable', distributedAt: null, version: 1 });
    expect((await api('GET', `/presents/${created.id}`)).json()).toEqual(created);
    const upcoming = await create({ name: 'Later', startsAt: '2031-01-01T00:00:00Z', endsAt: '2031-02-01T00:00:00Z' });
    expect(upcoming.status).toBe('upcoming');
    const list = (await api('GET', '/presents?status=upcoming')).json();
    expect(list.items.map((p: Present) => p.id)).toContain(upcoming.id);
    expect(list.items.map((p: Present) => p.id)).not.toContain(created.id);
  });

  test('the status filter follows the clock: upcoming, claimable and ended are disjoint', async () => {
    const ended = await create({ name: 'Past', startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-02-01T00:00:00Z' });
    const claimable = await create();
    const upcoming = await create({ name: 'Future', startsAt: '2031-01-01T00:00:00Z', endsAt: '2031-02-01T00:00:00Z' });
    const idsWith = async (status: string) =>
      ((await api('GET', `/presents?status=${status}&pageSize=100`)).json().items as Present[]).map((p) => p.id);
    const [before, during, after] = [await idsWith('upcoming'), await idsWith('claimable'), await idsWith('ended')];
    expect([before.includes(upcoming.id), during.includes(upcoming.id), after.includes(upcoming.id)]).toEqual([true, false, false]);
    expect([before.includes(claimable.id), during.includes(claimable.id), after.includes(claimable.id)]).toEqual([false, true, false]);
    expect([before.includes(ended.id), during.includes(ended.id), after.includes(ended.id)]).toEqual([false, false, true]);
  });

  test('the same item twice, no item, an unknown item, a bad period → 400 on the field', async () => {
    const twice = await api(
      'POST',
      '/presents',
      body({
        items: [
          { itemId: 1, quantity: 1 },
          { itemId: 1, quantity: 2 },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fieldErrors['items.1.itemId']).toEqual(['This item is already listed']);
    const none = await api('POST', '/presents', body({ items: [] }));
    expect(none.json().error.fieldErrors.items).toEqual(['Add at least one item']);
    const unknown = await api(
      'POST',
      '/presents',
      body({
        items: [
          { itemId: 1, quantity: 1 },
          { itemId: 99999, quantity: 1 },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fieldErrors['items.1.itemId']).toEqual(['This item is not in the catalogue']);
    const zero = await api('POST', '/presents', body({ items: [{ itemId: 1, quantity: 0 }] }));
    expect(zero.json().error.fieldErrors['items.0.quantity']).toEqual(['The quantity is at least 1']);
    const period = await api('POST', '/presents', body({ endsAt: '2030-01-01T00:00:00Z' }));
    expect(period.json().error.fieldErrors.endsAt).toEqual(['The end must be after the start']);
  });

  test('once distributed: items → 409 with a reason, texts still change, delete → 409', async () => {
    const present = await create({ name: 'Distributed' });
    await app.t.db.updateTable('presents').set({ distributed_at: app.t.clock.now() }).where('id', '=', present.id).execute();
    const current = (await api('GET', `/presents/${present.id}`)).json();
    const items = await api('PUT', `/presents/${present.id}`, {
      ...body(),
      items: [{ itemId: 1, quantity: 9999 }],
      version: current.version,
    });
    expect(items.statusCode).toBe(409);
    expect(items.json().error.message).toMatch(/distributed: its items can no longer change/);
    expect(items.json().error.current).toEqual(current);
    const texts = await api('PUT', `/presents/${present.id}`, {
      ...body(),
      name: 'Renamed',
      description: 'New text',
      version: current.version,
    });
    expect(texts.statusCode).toBe(200);
    expect(texts.json()).toMatchObject({ name: 'Renamed', description: 'New text', items: body().items, version: current.version + 1 });
    const remove = await api('DELETE', `/presents/${present.id}?version=${current.version + 1}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.message).toMatch(/can no longer be deleted/);
  });

  test('every change is in the action log with before and after', async () => {
    const present = await create({ name: 'Logged' });
    await api('PUT', `/presents/${present.id}`, { ...body(), name: 'Logged 2', version: 1 });
    const rows = await app.t.db
      .selectFrom('action_logs')
      .select(['action', 'before', 'after'])
      .where('target_id', '=', String(present.id))
      .where('target_type', '=', 'present')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['present.create', 'present.update']);
  });
});
