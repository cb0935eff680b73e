import { createPointsTestApp, type PointsTestApp } from './support/pointsTestApp';
import { sql } from 'kysely';
import type { SearchResponse } from '@phoenix/contract';
import { seedLocalPointAccounts } from '../src/seed';

let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
});
afterAll(() => t.close());

const hours = (n: number) => new Date(t.shared.clock.now().getTime() + n * 3600_000).toISOString();

test('GET /search: admins only, q required', async () => {
  expect((await t.points.inject({ method: 'GET', url: '/search?q=x' })).statusCode).toBe(401);
  expect((await t.points.inject({ method: 'GET', url: '/search?q=x', headers: { token: t.operatorToken } })).statusCode).toBe(403);
  const blank = await t.call('GET', '/search?q=');
  expect(blank.statusCode).toBe(400);
  expect(blank.json().error.fieldErrors.q).toEqual(['Type something to search for']);
});

test('tasks by title prefix (any case) and by id, with the path of their form', async () => {
  const body = { type: 'social', rewardPoints: 50, link: 'https://x.com/phoenix', startsAt: hours(-1), endsAt: hours(24) };
  const task = (await t.call('POST', '/tasks', { ...body, title: 'Join Discord' })).json();
  await t.call('POST', '/tasks', { ...body, title: 'Follow us' });
  const byName: SearchResponse = (await t.call('GET', '/search?q=JOIN%20d')).json();
  expect(byName.items).toEqual([{ area: 'pointsTasks', id: String(task.id), label: 'Join Discord', match: 'name' }]);
  const byId: SearchResponse = (await t.call('GET', `/search?q=${task.id}`)).json();
  expect(byId.items[0]).toMatchObject({ area: 'pointsTasks', id: String(task.id), match: 'id' });
  expect((await t.call('GET', '/search?q=nothing%20like%20this')).json()).toEqual({ items: [], unavailable: [] });
});

test('"lottery" finds "Weekly lottery": a word of the name, then substrings; prefixes first', async () => {
  const prizes = [{ rank: 1, reward: 500, count: 1 }];
  const round = async (name: string) =>
    (await t.call('POST', '/lottery/rounds', { name, ticketPrice: 50, prizes, drawAt: hours(24) })).json() as { id: number };
  const weekly = await round('Weekly lottery');
  const prefix = await round('Lottery of spring');
  const inside = await round('Megalottery night');
  const { items }: SearchResponse = (await t.call('GET', '/search?q=LOTTERY')).json();
  expect(items.map((hit) => [hit.area, hit.id, hit.match])).toEqual([
    ['pointsLottery', String(prefix.id), 'name'],
    ['pointsLottery', String(weekly.id), 'word'],
    ['pointsLottery', String(inside.id), 'substring'],
  ]);
  // Tasks too, by a word of their title.
  const body = { type: 'social', rewardPoints: 50, link: 'https://x.com/phoenix', startsAt: hours(-1), endsAt: hours(24) };
  const task = (await t.call('POST', '/tasks', { ...body, title: 'Share the weekly stream' })).json();
  expect((await t.call('GET', '/search?q=stream')).json().items).toEqual([
    { area: 'pointsTasks', id: String(task.id), label: 'Share the weekly stream', match: 'word' },
  ]);
  // The trigram indexes are there (PGlite loads pg_trgm).
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes where schemaname = 'points' and indexname like '%_trgm_idx' order by 1`.execute(t.shared.db);
  expect(rows.map((row) => row.name)).toEqual(['lottery_rounds_name_trgm_idx', 'tasks_title_trgm_idx']);
});

test('a ledger entry by id: on its account page (the player), named as a ledger entry', async () => {
  await seedLocalPointAccounts(t.shared.db, 3, t.shared.clock.now());
  const entry = await t.shared.db
    .selectFrom('points.ledger_entries')
    .select(['id', 'player_id', 'amount', 'kind'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const { items }: SearchResponse = (await t.call('GET', `/search?q=%23${entry.id}`)).json();
  expect(items).toEqual(
    expect.arrayContaining([
      {
        area: 'pointAccounts',
        id: String(entry.player_id),
        kind: 'ledgerEntry',
        label: `#${entry.id} · ${entry.amount > 0 ? '+' : ''}${entry.amount} (${entry.kind})`,
        detail: expect.stringContaining(`player #${entry.player_id}`),
        match: 'id',
      },
    ]),
  );
  expect((await t.call('GET', '/search?q=999999')).json().items.filter((hit: { kind?: string }) => hit.kind)).toEqual([]);
});
