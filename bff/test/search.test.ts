import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { checksumAddress, type SearchResponse } from '@phoenix/contract';
import { playerNameOf } from '../src/features/players/names';
import { apiFor, expectGuarded, LONG_SESSIONS } from './support/system';

// The news provider fails on demand: the other areas must still answer (names must start with "mock").
let mockNewsFails = false;
jest.mock('../src/features/news/search', () => {
  const actual = jest.requireActual('../src/features/news/search');
  return {
    __esModule: true,
    default: (...args: unknown[]) => (mockNewsFails ? Promise.reject(new Error('news is down')) : actual.default(...args)),
  };
});

/** Seeding on: players 1..2000 and each area's local sample records (presents, policies, news, shop). */
let t: TestApp;
let token: string;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp({ ...LONG_SESSIONS, seedLocalData: true });
  token = (await signedInAdmin(t)).token;
  operatorToken = (await signedInAdmin(t, 1)).token;
});
afterAll(() => t.close());
afterEach(() => (mockNewsFails = false));

const call: ReturnType<typeof apiFor> = (...args) => apiFor(t, () => token)(...args);
const search = async (q: string): Promise<SearchResponse> => {
  const response = await call('GET', `/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

test('GET /search: 401 without a token, 403 for a role-1 operator', async () => {
  await expectGuarded(t, operatorToken, [['GET', '/search?q=42']]);
});

test('validation: q is required, not blank, at most 100 characters', async () => {
  for (const url of ['/search', '/search?q=', '/search?q=%20%20']) {
    const response = await call('GET', url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.q).toEqual(['Type something to search for']);
  }
  const long = await call('GET', `/search?q=${'a'.repeat(101)}`);
  expect(long.json().error.fieldErrors.q).toEqual(['At most 100 characters']);
});

test('a player by id: the exact match first, with a link to the player view', async () => {
  const { items, unavailable } = await search('42');
  expect(unavailable).toEqual([]);
  expect(items[0]).toMatchObject({ area: 'players', id: '42', label: playerNameOf(42), match: 'id' });
  expect(await search('#42')).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ area: 'players', id: '42' })]) });
  // Out of integer range: no id match, no error.
  expect((await search('99999999999')).items.filter((hit) => hit.match === 'id')).toEqual([]);
});

test('a player by name prefix, in any case, at most 5 per area', async () => {
  const name = playerNameOf(42);
  const exact = await search(name.toUpperCase());
  expect(exact.items.find((hit) => hit.area === 'players' && hit.id === '42')).toMatchObject({ match: 'name' });
  const broad = await search(name.slice(0, 1));
  const players = broad.items.filter((hit) => hit.area === 'players');
  expect(players).toHaveLength(5);
  expect(players.every((hit) => hit.label.toLowerCase().startsWith(name.slice(0, 1).toLowerCase()))).toBe(true);
  // LIKE wildcards are text, not patterns.
  expect((await search('%')).items).toEqual([]);
});

test('a player by wallet, typed in any case: shown checksummed', async () => {
  const row = await t.db.selectFrom('players').select(['id', 'wallet_address']).where('id', '=', 42).executeTakeFirstOrThrow();
  for (const typed of [row.wallet_address!.toUpperCase().replace('0X', '0x'), checksumAddress(row.wallet_address!)]) {
    const { items } = await search(typed);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ area: 'players', id: '42', match: 'wallet' });
    expect(items[0].detail).toContain(checksumAddress(row.wallet_address!));
  }
});

test('every area contributes: presents, policies, news and shop items by name or id', async () => {
  const present = (await search('welcome')).items.find((hit) => hit.area === 'presents');
  expect(present).toMatchObject({ label: 'Welcome pack', match: 'name' });
  expect((await search(present!.id)).items).toEqual(expect.arrayContaining([expect.objectContaining({ area: 'presents', match: 'id' })]));

  const policy = await t.db.selectFrom('policies').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  expect((await search(policy.name.slice(0, 4))).items).toEqual(
    expect.arrayContaining([expect.objectContaining({ area: 'policies', id: String(policy.id) })]),
  );
  const news = await t.db.selectFrom('news').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
  expect((await search(news.title.slice(0, 6))).items).toEqual(
    expect.arrayContaining([expect.objectContaining({ area: 'news', id: String(news.id) })]),
  );
  const shop = await t.db
    .selectFrom('shop_items as s')
    .innerJoin('items as i', 'i.id', 's.item_id')
    .select(['s.id', 'i.name'])
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
  expect((await search(shop.name)).items).toEqual(expect.arrayContaining([expect.objectContaining({ area: 'shop', id: String(shop.id) })]));
});

test('one failing provider is named; the other areas still answer', async () => {
  mockNewsFails = true;
  const { items, unavailable } = await search('42');
  expect(unavailable).toEqual(['news']);
  expect(items[0]).toMatchObject({ area: 'players', id: '42' });
});
