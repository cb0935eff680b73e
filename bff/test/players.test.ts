import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { seedLocalData } from '../src/seed';
import { playerNameOf } from '../src/features/players/names';
import { apiFor, expectGuarded, LONG_SESSIONS } from './support/system';

/** Seeding on: local players 1..2000, plus the SYSTEM areas' local sample data. */
let t: TestApp;
let token: string;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp({ ...LONG_SESSIONS, seedLocalData: true });
  token = (await signedInAdmin(t)).token;
  operatorToken = (await signedInAdmin(t, 1)).token;
});
afterAll(() => t.close());

const call: ReturnType<typeof apiFor> = (...args) => apiFor(t, () => token)(...args);

test('POST /players/validate-ids: 401 without a token, 403 for a role-1 operator', async () => {
  await expectGuarded(t, operatorToken, [['POST', '/players/validate-ids']]);
});

describe('GET /players/names', () => {
  test('401 without a token, 403 for a role-1 operator', async () => {
    await expectGuarded(t, operatorToken, [['GET', '/players/names?ids=1']]);
  });

  test("answers each known id's name once, in id order, leaving out ids that are not players", async () => {
    const response = await call('GET', '/players/names?ids=7,3,7,99999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { id: 3, name: playerNameOf(3) },
        { id: 7, name: playerNameOf(7) },
      ],
    });
    expect((await call('GET', '/players/names?ids=')).json()).toEqual({ items: [] });
  });

  test('bad input is a 400 on ids, with a message the console has in both languages', async () => {
    const bad = await call('GET', '/players/names?ids=1,abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.ids).toEqual(['Player ids are whole numbers from 1 to 2147483647 (not "abc")']);
    expect((await call('GET', '/players/names')).statusCode).toBe(400);
    const tooMany = await call('GET', `/players/names?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fieldErrors.ids).toEqual(['At most 200 player ids at a time']);
  });
});

describe('POST /players/validate-ids', () => {
  test('returns the ids that are not players, deduplicated, in the order sent', async () => {
    const response = await call('POST', '/players/validate-ids', { ids: [5, 2500, 1, 2001, 2500, 2000, 99999] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unknown: [2500, 2001, 99999] });
    expect((await call('POST', '/players/validate-ids', { ids: [] })).json()).toEqual({ unknown: [] });
  });

  test('validation: non-integer, non-positive, too many, missing', async () => {
    const bad = await call('POST', '/players/validate-ids', { ids: [1, 1.5] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.ids).toEqual(['Player ids are whole numbers from 1 to 2147483647 (not 1.5)']);
    expect((await call('POST', '/players/validate-ids', { ids: [-1] })).json().error.fieldErrors.ids).toBeDefined();
    expect((await call('POST', '/players/validate-ids', {})).json().error.fieldErrors.ids).toEqual(['Send a list of player ids']);
    const tooMany = await call('POST', '/players/validate-ids', { ids: Array.from({ length: 100_001 }, (_, i) => i + 1) });
    expect(tooMany.json().error.fieldErrors.ids).toEqual(['At most 100,000 player ids at a time']);
  });

  test('100,000 ids in one request (one query)', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => i + 1); // 1..2000 exist
    const started = Date.now();
    const response = await call('POST', '/players/validate-ids', { ids });
    expect(response.statusCode).toBe(200);
    const { unknown } = response.json();
    expect(unknown).toHaveLength(98_000);
    expect(unknown[0]).toBe(2001);
    expect(unknown[unknown.length - 1]).toBe(100_000);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('local seed data', () => {
  test('players 1..2000, deterministic, with a few banned', async () => {
    const count = await t.db
      .selectFrom('players')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2000);
    const p97 = await t.db.selectFrom('players').selectAll().where('id', '=', 97).executeTakeFirstOrThrow();
    expect(p97).toMatchObject({ name: playerNameOf(97), status: 'banned' });
    expect(p97.wallet_address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  test('3 news items, 3 flags, 2 world messages, written through the services (action log)', async () => {
    expect((await call('GET', '/news')).json().total).toBe(3);
    expect((await call('GET', '/news?status=scheduled')).json().total).toBe(1);
    expect((await call('GET', '/active-flags')).json().total).toBe(3);
    expect((await call('GET', '/world-messages')).json().total).toBe(2);
    expect((await call('GET', '/world-messages?state=showing')).json().total).toBe(1);
    const logs = (await call('GET', '/action-logs?action=news.create')).json();
    expect(logs.total).toBe(3);
    expect(logs.items[0].adminEmail).toBe('system (local seed)');
  });

  test('idempotent: seeding again adds nothing', async () => {
    await seedLocalData(t.ctx);
    expect((await call('GET', '/news')).json().total).toBe(3);
    expect((await call('GET', '/active-flags')).json().total).toBe(3);
    expect((await call('GET', '/world-messages')).json().total).toBe(2);
    const count = await t.db
      .selectFrom('players')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2000);
  });
});

describe('GET /players/export.csv', () => {
  test('a bad search is a 400 like the list, not a cut download (the query runs before the response starts)', async () => {
    for (const url of ['/players?by=id&q=!', '/players/export.csv?by=id&q=!']) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldErrors.q).toEqual(['Enter a player id (a whole number)']);
    }
  });

  test('the export has the header and every matching player', async () => {
    const response = await call('GET', '/players/export.csv?by=name&q=' + encodeURIComponent(playerNameOf(97)));
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0].split(',')).toContain('id');
    expect(lines.slice(1).some((line) => line.startsWith('97,'))).toBe(true);
  });
});
