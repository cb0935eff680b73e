import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import { checksumAddress, type SearchResponse } from '@phoenix/contract';
import { playerNameOf } from '../src/features/players/names';
import { apiFor, expectGuarded, LONG_SESSIONS } from './support/system';
import searchAdmins from '../src/features/admins/search';
import { searchTerms } from '../src/db/search';

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

describe('words and substrings (trigram indexes, migration 0070)', () => {
  const now = () => t.clock.now();
  const addPlayer = (id: number, name: string) =>
    t.db.insertInto('players').values({ id, name, wallet_address: null, created_at: now() }).execute();

  test('the trigram indexes are there (PGlite loads pg_trgm)', async () => {
    const { rows } = await sql<{ name: string }>`
      select indexname as name from pg_indexes where indexname like '%_trgm_idx' and indexname not like 'action_logs%' order by 1`.execute(
      t.db,
    );
    expect(rows.map((row) => row.name)).toEqual([
      'items_name_trgm_idx',
      'news_title_trgm_idx',
      'players_name_trgm_idx',
      'policies_name_trgm_idx',
      'presents_name_trgm_idx',
    ]);
  });

  test('"Kim" finds Julia Kim: a word of the name, not only its start', async () => {
    const julia = await t.db.selectFrom('players').select(['id', 'name']).where('name', '=', 'Julia Kim').executeTakeFirstOrThrow();
    const players = (await search('Kim')).items.filter((hit) => hit.area === 'players');
    expect(players).toHaveLength(5);
    expect(players.every((hit) => hit.match === 'word' && /(^| )kim/i.test(hit.label))).toBe(true);
    // Typed in any case, the full word pair finds her as a prefix; the last name alone as a word.
    expect((await search('julia kim')).items[0]).toMatchObject({ area: 'players', id: String(julia.id), match: 'name' });
    await addPlayer(900_001, 'Julia Kimberlake');
    expect((await search('kimberlake')).items).toEqual([
      expect.objectContaining({ area: 'players', id: '900001', label: 'Julia Kimberlake', match: 'word' }),
    ]);
    expect((await search('mberla')).items).toEqual([expect.objectContaining({ area: 'players', id: '900001', match: 'substring' })]);
  });

  test('ranked: prefix, then word, then substring; limited per area', async () => {
    await addPlayer(900_011, 'Alpha Qorvex');
    await addPlayer(900_012, 'Alphaqorvex Beta');
    await addPlayer(900_013, 'Qorvex Alpha');
    const { items } = await search('QORVEX');
    expect(items.map((hit) => [hit.label, hit.match])).toEqual([
      ['Qorvex Alpha', 'name'],
      ['Alpha Qorvex', 'word'],
      ['Alphaqorvex Beta', 'substring'],
    ]);
    for (let i = 0; i < 8; i++) await addPlayer(900_100 + i, `Zed Qorvex${i}`);
    expect((await search('qorvex')).items.filter((hit) => hit.area === 'players')).toHaveLength(5);
    // One or two letters: prefixes only (no trigram narrows them).
    expect((await search('rv')).items.filter((hit) => hit.match !== 'name' && hit.match !== 'id')).toEqual([]);
  });

  test('"lottery" finds "Weekly lottery" news; LIKE wildcards stay text', async () => {
    const [news] = await t.db
      .insertInto('news')
      .values({ ...(await newsValues()), title: 'Weekly lottery results' })
      .returning('id')
      .execute();
    expect((await search('lottery')).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ area: 'news', id: String(news.id), match: 'word' })]),
    );
    expect((await search('ery res')).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ area: 'news', id: String(news.id), match: 'substring' })]),
    );
    expect((await search('%%%')).items).toEqual([]);
    expect((await search('_o_')).items).toEqual([]);
  });

  /** A news row as the seed wrote one, with another title. */
  async function newsValues() {
    const { id: _id, ...row } = await t.db.selectFrom('news').selectAll().orderBy('id').executeTakeFirstOrThrow();
    return row;
  }
});

test('a battle by id, with its mode and status', async () => {
  const at = t.clock.now();
  const [battle] = await t.db
    .insertInto('battles')
    .values({
      mode: 'ranked',
      status: 'ongoing',
      player_ids: JSON.stringify([1, 2]),
      started_at: at,
      ended_at: null,
      version: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .execute();
  const { items } = await search(`#${battle.id}`);
  expect(items).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        area: 'battles',
        id: String(battle.id),
        label: `#${battle.id}`,
        match: 'id',
        detail: expect.stringContaining('ranked · ongoing'),
      }),
    ]),
  );
  // Battles have no name: a word finds none.
  expect((await search('ranked')).items.filter((hit) => hit.area === 'battles')).toEqual([]);
});

test('admins by e-mail (prefix or anywhere), only for roles that may read admin accounts', async () => {
  const admin = await t.createAccount({ email: 'julia.search@example.test', roles: ['viewer'] });
  const byPart = (await search('search@example')).items.filter((hit) => hit.area === 'admins');
  expect(byPart).toEqual([
    { area: 'admins', id: String(admin.id), label: admin.email, detail: `#${admin.id} · active`, match: 'substring' },
  ]);
  expect((await search('JULIA.SEARCH')).items).toEqual(
    expect.arrayContaining([expect.objectContaining({ area: 'admins', id: String(admin.id), match: 'name' })]),
  );
  // A viewer (reads every scope) sees them too; no hash or factor is ever part of a hit.
  const viewerToken = await t.login(admin.email, admin.password);
  const asViewer = await apiFor(t, () => viewerToken)('GET', '/search?q=julia.search');
  expect(JSON.stringify(asViewer.json())).not.toMatch(/hash|password/i);
  expect(asViewer.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ area: 'admins' })]));
  // Roles that may not read admin accounts get nothing from this provider.
  const terms = searchTerms('julia.search');
  expect(await searchAdmins(t.db, terms, t.clock.now(), { roles: [] })).toEqual([]);
  expect(await searchAdmins(t.db, terms, t.clock.now(), { roles: ['unknown-role'] })).toEqual([]);
  expect(await searchAdmins(t.db, terms, t.clock.now(), { roles: ['support'] })).toHaveLength(1);
});
