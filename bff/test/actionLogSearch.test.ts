import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import type { ActionLog, Page } from '@phoenix/contract';
import { MAX_SEARCH_BRANCHES } from '../src/features/actionLogs/repository';
import { TOTAL_CAP } from '@phoenix/server/db';

/**
 * The search box (q) at scale runs as one ordered query per matching email, action and
 * target type plus one for target ids, merged. Every answer here is checked against the plain
 * SQL it must equal: the OR of the four ILIKEs, in the list's order, counted in full.
 */
const BULK = TOTAL_CAP + 200;
/** Emails that make a search match more values than it branches on (the single-OR path). */
const MANY = MAX_SEARCH_BRANCHES + 2;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  // Eight admins (one of them in capitals), actions and target types that share words ('news' is
  // both an action prefix and a target type: rows found by two branches), target ids with digits,
  // some null, three rows per timestamp (ties broken by id).
  await sql`
    insert into action_logs (admin_email, action, target_type, target_id, created_at)
    select case when i % 8 = 7 then 'ADM7@SEARCH.TEST' else 'adm' || (i % 8) || '@search.test' end,
      (array['news.update', 'news.create', 'player.restrict', 'player.unrestrict', 'present.distribute', 'shop.update'])[i % 6 + 1],
      (array['news', 'player', 'present', 'shopItem', 'season'])[i % 5 + 1],
      case when i % 11 = 0 then null else (i * 7 % 5000)::text end,
      timestamptz '2029-06-01 00:00:00+00' - make_interval(secs => i / 3)
    from generate_series(1, ${BULK}::int) as i`.execute(t.db);
  await sql`
    insert into action_logs (admin_email, action, target_type, target_id, created_at)
    select 'solo' || k || '@many.test', 'solo.mark', 'solo', 'S-' || k, timestamptz '2029-05-01 00:00:00+00' + make_interval(secs => k)
    from generate_series(1, ${MANY}::int) as k`.execute(t.db);
  await sql`analyze action_logs`.execute(t.db);
});
afterAll(() => t.close());

const ORDERS = {
  createdAt: 'created_at',
  adminEmail: 'lower(admin_email)',
  action: 'lower(action)',
  targetType: 'lower(target_type)',
} as const;
type Sort = keyof typeof ORDERS;

async function page(query: string): Promise<Page<ActionLog>> {
  const response = await t.call(admin.token, { method: 'GET', url: `/action-logs?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/**
 * What the list must show: every row matching q by the plain OR, in the sort's order (ties by id).
 * A target id contains q; one of 1 or 2 characters is the whole id (no index finds so short a
 * substring: a search would read the whole log).
 */
async function expected(q: string, sort: Sort, order: 'asc' | 'desc', extra = sql`true`): Promise<number[]> {
  const pattern = `%${q}%`;
  const targetId = q.length < 3 ? sql`target_id = ${q}` : sql`target_id ilike ${pattern}`;
  const { rows } = await sql<{ id: number }>`
    select id from action_logs
    where (admin_email ilike ${pattern} or action ilike ${pattern} or target_type ilike ${pattern} or ${targetId})
      and ${extra}
    order by ${sql.raw(ORDERS[sort])} ${sql.raw(order)}, id ${sql.raw(order)}`.execute(t.db);
  return rows.map((r) => Number(r.id));
}

/** The first `pages` pages of a list, one request each, ids in order. */
async function pagedIds(query: string, pages: number, pageSize: number): Promise<number[]> {
  const ids: number[] = [];
  for (let p = 1; p <= pages; p++) ids.push(...(await page(`${query}&page=${p}&pageSize=${pageSize}`)).items.map((l) => l.id));
  return ids;
}

describe('each branch of the search finds its rows', () => {
  test.each([
    ['an admin email (case-insensitive, one value in capitals)', 'adm7@search'],
    ['two admins at once', 'adm1@'],
    ['an action', 'restrict'],
    ['a target type', 'SHOPITEM'],
    ['a target id', '123'],
    ['an action and a target type (rows found by both, listed once)', 'news'],
    ['nothing', 'zzzq'],
  ])('%s', async (_, q) => {
    const want = await expected(q, 'createdAt', 'desc');
    const first = await page(`q=${encodeURIComponent(q)}&pageSize=50`);
    expect(first.items.map((l) => l.id)).toEqual(want.slice(0, 50));
    expect({ total: first.total, totalCapped: first.totalCapped }).toEqual(
      want.length > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : { total: want.length, totalCapped: false },
    );
  });
});

test('the count is exact below the cap, rows matching two branches counted once', async () => {
  const want = await expected('news', 'createdAt', 'desc');
  expect(want.length).toBeGreaterThan(1_000);
  expect(want.length).toBeLessThan(TOTAL_CAP);
  expect(await page('q=news')).toMatchObject({ total: want.length, totalCapped: false });
});

test('past the cap the search total is the cap, labelled capped', async () => {
  expect((await expected('search.test', 'createdAt', 'desc')).length).toBeGreaterThan(TOTAL_CAP);
  expect(await page('q=search.test')).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
});

describe('every sort and order, page after page', () => {
  const cases: [string, Sort, 'asc' | 'desc'][] = [];
  for (const q of ['news', 'adm', '12'])
    for (const sort of Object.keys(ORDERS) as Sort[]) for (const order of ['asc', 'desc'] as const) cases.push([q, sort, order]);
  test.each(cases)('q=%s sort %s %s', async (q, sort, order) => {
    const want = await expected(q, sort, order);
    expect(await pagedIds(`q=${q}&sort=${sort}&order=${order}`, 3, 7)).toEqual(want.slice(0, 21));
  });

  test('a deep page is the right slice', async () => {
    const want = await expected('news', 'action', 'asc');
    const deep = await page('q=news&sort=action&order=asc&page=40&pageSize=50');
    expect(deep.items.map((l) => l.id)).toEqual(want.slice(39 * 50, 40 * 50));
  });
});

test('with the other filters: the target box, sorted by action, newest last', async () => {
  const want = await expected('distribute', 'action', 'desc', sql`target_type = 'present'`);
  expect(want.length).toBeGreaterThan(100);
  const first = await page('target=present&q=distribute&sort=action&order=desc&pageSize=100');
  expect(first.items.map((l) => l.id)).toEqual(want.slice(0, 100));
  expect(first.total).toBe(want.length);
  const adminAndAction = await expected('adm3', 'adminEmail', 'asc', sql`action like 'news.%'`);
  const both = await page('q=adm3&action=news&sort=adminEmail&order=asc&pageSize=100');
  expect(both.items.map((l) => l.id)).toEqual(adminAndAction.slice(0, 100));
  expect(both.total).toBe(adminAndAction.length);
});

test(`a search matching more than ${MAX_SEARCH_BRANCHES} values is answered the same (one OR)`, async () => {
  const { rows } = await sql<{
    n: number;
  }>`select count(distinct admin_email)::int as n from action_logs where admin_email ilike '%.test%'`.execute(t.db);
  expect(rows[0].n).toBeGreaterThan(MAX_SEARCH_BRANCHES);
  for (const [sort, order] of [
    ['createdAt', 'desc'],
    ['adminEmail', 'asc'],
  ] as const) {
    const want = await expected('.test', sort, order);
    expect(await pagedIds(`q=.test&sort=${sort}&order=${order}`, 2, 10)).toEqual(want.slice(0, 20));
  }
  const few = await expected('solo', 'createdAt', 'desc');
  expect(few).toHaveLength(MANY);
  expect(await page('q=solo')).toMatchObject({ total: MANY, totalCapped: false });
});

test('the CSV export of a search holds every match once, in list order', async () => {
  const response = await t.call(admin.token, { method: 'GET', url: '/action-logs/export.csv?q=news&sort=targetType&order=asc' });
  expect(response.statusCode).toBe(200);
  const ids = response.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => Number(line.split(',')[0]));
  expect(ids).toEqual(await expected('news', 'targetType', 'asc'));
});
