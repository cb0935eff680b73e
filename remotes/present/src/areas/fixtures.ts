import type { Distribution, Item, Present, ShopItem } from '@phoenix/contract';
import { json, page, type FakeBff } from '@phoenix/shell/src/testing';

export const coin: Item = { id: 1, code: 'coin', name: 'Coin', kind: 'currency', glyph: '¢', colour: '#c99a06' };
export const gem: Item = { id: 2, code: 'gem', name: 'Gem', kind: 'currency', glyph: '◆', colour: '#2563eb' };
export const potion: Item = { id: 4, code: 'health_potion', name: 'Health Potion', kind: 'consumable', glyph: '✚', colour: '#dc2626' };
export const CATALOGUE = [coin, gem, potion];

/** The item catalogue as the BFF serves it: search by name or code, one item by id. */
export function withCatalogue(bff: FakeBff): FakeBff {
  return bff
    .get('/items', (req) => {
      const q = (req.query.get('q') ?? '').toLowerCase();
      return json(page(CATALOGUE.filter((item) => item.name.toLowerCase().includes(q) || item.code.includes(q))));
    })
    .get('/items/:id', (req) => json(CATALOGUE.find((item) => item.id === Number(req.params.id))));
}

export const welcomePack: Present = {
  id: 11,
  name: 'Welcome pack',
  description: 'For new players',
  startsAt: '2030-01-01T00:00:00.000Z',
  endsAt: '2030-02-01T00:00:00.000Z',
  items: [
    { itemId: 1, quantity: 500 },
    { itemId: 2, quantity: 10 },
  ],
  status: 'claimable',
  distributedAt: null,
  version: 2,
  createdAt: '2029-12-01T00:00:00.000Z',
  updatedAt: '2029-12-02T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};

export const apology: Present = {
  ...welcomePack,
  id: 12,
  name: 'Maintenance apology',
  items: [{ itemId: 4, quantity: 3 }],
  distributedAt: '2030-01-05T00:00:00.000Z',
  version: 1,
};

export const scheduledSend: Distribution = {
  id: 31,
  presentId: 11,
  presentName: 'Welcome pack',
  target: 'all',
  listedIds: 0,
  segmentId: null,
  recipientCount: 1200,
  deliveredCount: 0,
  status: 'scheduled',
  scheduledAt: '2030-01-20T03:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  error: null,
  createdBy: 'ops@example.com',
  version: 1,
  createdAt: '2030-01-10T00:00:00.000Z',
  updatedAt: '2030-01-10T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};

export const doneSend: Distribution = {
  ...scheduledSend,
  id: 30,
  target: 'list',
  listedIds: 3,
  recipientCount: 3,
  deliveredCount: 3,
  status: 'done',
  startedAt: '2030-01-09T00:00:01.000Z',
  finishedAt: '2030-01-09T00:00:02.000Z',
};

export const gemPack: ShopItem = {
  id: 51,
  itemId: 2,
  quantity: 100,
  price: 500,
  currency: 'coin',
  stock: null,
  saleStart: '2030-01-01T00:00:00.000Z',
  saleEnd: null,
  enabled: true,
  sortOrder: 1,
  onSaleNow: true,
  version: 3,
  createdAt: '2029-12-01T00:00:00.000Z',
  updatedAt: '2029-12-02T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};
export const potionBundle: ShopItem = {
  ...gemPack,
  id: 52,
  itemId: 4,
  quantity: 5,
  price: 20,
  currency: 'gem',
  stock: 40,
  sortOrder: 2,
  version: 1,
};
