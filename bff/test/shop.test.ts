import { signedInTestApp } from './support/testApp';
import { shopItemsResource, type ShopItem } from '@phoenix/contract';
import { itKeepsTheResourceContract } from '@phoenix/server/testing';

const app = signedInTestApp();
const { api, contract } = app;

itKeepsTheResourceContract(contract, shopItemsResource, [['POST', '/shop-items/1/move']]);

const body = (overrides: Record<string, unknown> = {}) => ({
  itemId: 2,
  quantity: 100,
  price: 500,
  currency: 'coin',
  stock: null,
  saleStart: '2030-01-01T00:00:00.000Z',
  saleEnd: null,
  enabled: true,
  ...overrides,
});
async function create(overrides: Record<string, unknown> = {}): Promise<ShopItem> {
  const response = await api('POST', '/shop-items', body(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}
const order = async () => ((await api('GET', '/shop-items?pageSize=200')).json().items as ShopItem[]).map((s) => s.id);

describe('shop items', () => {
  test('new items go last; on sale now is derived; filters by currency, enabled and on sale', async () => {
    const a = await create();
    const b = await create({ currency: 'gem', price: 5, stock: 0 });
    const c = await create({ currency: 'points', enabled: false });
    const d = await create({ saleStart: '2031-01-01T00:00:00Z' });
    expect([a, b, c, d].map((s) => s.sortOrder)).toEqual([1, 2, 3, 4]);
    expect([a, b, c, d].map((s) => s.onSaleNow)).toEqual([true, false, false, false]);
    const ids = async (query: string) => ((await api('GET', `/shop-items?${query}`)).json().items as ShopItem[]).map((s) => s.id);
    expect(await ids('currency=gem')).toEqual([b.id]);
    expect(await ids('enabled=false')).toEqual([c.id]);
    expect(await ids('onSale=true')).toEqual([a.id]);
    expect(await ids('onSale=false')).toEqual([b.id, c.id, d.id]);
    expect((await api('GET', '/shop-items?currency=dollar')).statusCode).toBe(400);
  });

  test('bad input → 400 on the field; an unknown item → 400 on itemId', async () => {
    const errors = async (overrides: Record<string, unknown>) =>
      (await api('POST', '/shop-items', body(overrides))).json().error.fieldErrors;
    expect((await errors({ price: 0 })).price).toEqual(['The price is at least 1']);
    expect((await errors({ currency: 'usd' })).currency).toEqual(['Pick a currency']);
    expect((await errors({ stock: -1 })).stock).toEqual(['The stock is at least 0']);
    expect((await errors({ saleEnd: '2029-01-01T00:00:00Z' })).saleEnd).toEqual(['The sale end must be after its start']);
    expect((await errors({ itemId: 99999 })).itemId).toEqual(['This item is not in the catalogue']);
  });

  test('move up / down swaps with the neighbour; the ends refuse; a stale version → 409', async () => {
    await app.t.db.deleteFrom('shop_items').execute();
    const [a, b, c] = [await create(), await create(), await create()];
    const moved = await api('POST', `/shop-items/${c.id}/move`, { direction: 'up', version: c.version });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ sortOrder: 2, version: c.version + 1 });
    expect(await order()).toEqual([a.id, c.id, b.id]);
    const top = await api('POST', `/shop-items/${a.id}/move`, { direction: 'up', version: a.version });
    expect(top.statusCode).toBe(409);
    expect(top.json().error.message).toBe('This shop item is already first');
    const down = await api('POST', `/shop-items/${a.id}/move`, { direction: 'down', version: a.version });
    expect(down.statusCode).toBe(200);
    expect(await order()).toEqual([c.id, a.id, b.id]);
    const stale = await api('POST', `/shop-items/${a.id}/move`, { direction: 'down', version: a.version });
    expect(stale.statusCode).toBe(409);
    const logged = await app.t.db.selectFrom('action_logs').select('action').where('action', '=', 'shopItem.move').execute();
    expect(logged).toHaveLength(2);
  });

  test('an edit keeps the place; a price change is logged with before and after', async () => {
    const item = await create();
    const saved = await api('PUT', `/shop-items/${item.id}`, { ...body(), price: 750, version: item.version });
    expect(saved.json()).toMatchObject({ price: 750, sortOrder: item.sortOrder });
    const log = await app.t.db
      .selectFrom('action_logs')
      .select(['before', 'after'])
      .where('action', '=', 'shopItem.update')
      .executeTakeFirstOrThrow();
    expect(log.before).toMatchObject({ price: 500 });
    expect(log.after).toMatchObject({ price: 750 });
  });
});
