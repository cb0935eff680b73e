import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import { actionLogQuerySchema, newsQuerySchema, NEWS_SORTS, type ActionLog, type Page } from '@phoenix/contract';
import { exportActionLogs, type ActionLogSort } from '../src/features/actionLogs/repository';
import { news } from '../src/features/news/routes';
import { TOTAL_CAP } from '@phoenix/server/db';
import { parseCsv } from '@phoenix/server/testing';

/**
 * Lists past the counting cap: capped totals, the page-depth cap, the streamed CSV
 * export (complete, well-formed, fetched in keyset batches) and the indexes behind them.
 */
const BULK = TOTAL_CAP + 50;
/** Special target ids: CSV quoting, formula guard, a plain negative number. */
const TRICKY_TARGETS = ['a,"b"\r\nc', '=1+1', ' @cmd', '-5', '＝SUM(A1)'];

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  // Three rows per timestamp (ties the keyset must break by id), microsecond timestamps, three admins.
  await sql`
    insert into action_logs (admin_id, admin_email, action, target_type, target_id, before, after, created_at)
    select null, 'bulk' || (i % 3) || '@scale.test', case when i % 2 = 0 then 'news.update' else 'player.restrict' end,
      case when i % 2 = 0 then 'news' else 'player' end, (i % 977)::text, null, jsonb_build_object('n', i),
      timestamptz '2029-06-01 00:00:00.123456+00' - make_interval(secs => (i / 3) * 1.000001)
    from generate_series(1, ${BULK}::int) as i`.execute(t.db);
  for (const [k, targetId] of TRICKY_TARGETS.entries()) {
    await sql`insert into action_logs (admin_email, action, target_type, target_id, after, created_at)
      values ('tricky@scale.test', 'special.mark', 'special', ${targetId}, ${JSON.stringify({ note: 'x,"y"\nz' })}::jsonb,
        timestamptz '2029-07-01 00:00:00+00' + make_interval(secs => ${k}))`.execute(t.db);
  }
  await sql`analyze action_logs`.execute(t.db);
});
afterAll(() => t.close());

const get = (url: string) => t.call(admin.token, { method: 'GET', url });
const page = async (query: string): Promise<Page<ActionLog>> => {
  const response = await get(`/action-logs?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
/** An export, once its own action-log row is written too (after the response: exportAudit.ts), so later reads see a settled log. */
async function exported(url: string) {
  const count = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from action_logs where target_type = 'export'`.execute(t.db)).rows[0]!.n);
  const before = await count();
  const response = await get(url);
  for (let attempt = 0; attempt < 100 && (await count()) === before; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
  return response;
}

async function allIds(order: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from action_logs order by ${sql.raw(order)}`.execute(t.db);
  return rows.map((r) => Number(r.id));
}

describe('totals', () => {
  test('past the cap the total is the cap, marked capped', async () => {
    const first = await page('');
    expect(first).toMatchObject({ total: TOTAL_CAP, totalCapped: true, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(await page('q=bulk')).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(await page('action=news')).toMatchObject({ total: Math.floor(BULK / 2), totalCapped: false });
  });

  test('below the cap the total is exact and not capped', async () => {
    expect(await page('target=special')).toMatchObject({ total: TRICKY_TARGETS.length, totalCapped: false });
    expect(await page('admin=nobody')).toMatchObject({ total: 0, totalCapped: false, items: [] });
    expect(await page('q=tricky')).toMatchObject({ total: TRICKY_TARGETS.length, totalCapped: false });
  });
});

describe('page depth', () => {
  test('pages are served up to the cap, deeper ones are a 400 that says what to do', async () => {
    const last = await page(`page=${TOTAL_CAP / 20}&pageSize=20`);
    expect(last.items).toHaveLength(20);
    expect((await page(`page=${TOTAL_CAP / 200}&pageSize=200`)).items).toHaveLength(200);
    for (const query of [`page=${TOTAL_CAP / 20 + 1}&pageSize=20`, `page=${TOTAL_CAP / 200 + 1}&pageSize=200`]) {
      const response = await get(`/action-logs?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldErrors.page[0]).toMatch(/first 10,000 rows.*reverse the sort or narrow the filters/);
    }
  });

  test('the deepest page is the right slice of the order', async () => {
    const ids = await allIds('created_at desc, id desc');
    const last = await page(`page=${TOTAL_CAP / 100}&pageSize=100`);
    expect(last.items.map((l) => l.id)).toEqual(ids.slice(TOTAL_CAP - 100, TOTAL_CAP));
  });
});

describe('CSV export', () => {
  test('every row, in list order, well-formed, formulas guarded and numbers left alone', async () => {
    // Read first: the export writes its own row once sent (exportAudit.ts).
    const expected = await allIds('created_at desc, id desc');
    const response = await exported('/action-logs/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-export-truncated']).toBeUndefined();
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = parseCsv(response.body.slice(1));
    expect(header).toEqual(['id', 'createdAt', 'adminEmail', 'action', 'targetType', 'targetId', 'before', 'after']);
    expect(records.every((r) => r.length === header.length)).toBe(true);
    expect(records.map((r) => Number(r[0]))).toEqual(expected);

    const special = new Map(records.filter((r) => r[4] === 'special').map((r) => [r[5], r]));
    expect([...special.keys()].sort()).toEqual(['a,"b"\r\nc', "'=1+1", "' @cmd", '-5', "'＝SUM(A1)"].sort());
    expect(JSON.parse(special.get('-5')![7])).toEqual({ note: 'x,"y"\nz' });
  });

  test('filtered and sorted like the list', async () => {
    const response = await exported('/action-logs/export.csv?target=special&sort=createdAt&order=asc');
    const [, ...records] = parseCsv(response.body.slice(1));
    expect(records.map((r) => r[5])).toEqual(['a,"b"\r\nc', "'=1+1", "' @cmd", '-5', "'＝SUM(A1)"]);
  });

  test.each<[ActionLogSort | undefined, 'asc' | 'desc', string]>([
    [undefined, 'desc', 'created_at desc, id desc'],
    ['createdAt', 'asc', 'created_at asc, id asc'],
    ['adminEmail', 'asc', 'lower(admin_email) asc, id asc'],
    ['action', 'desc', 'lower(action) desc, id desc'],
    ['targetType', 'asc', 'lower(target_type) asc, id asc'],
  ])('fetched in keyset batches, never all rows at once (sort %s %s)', async (sort, order, sqlOrder) => {
    const query = actionLogQuerySchema.parse({ order });
    const sizes: number[] = [];
    const ids: number[] = [];
    for await (const batch of exportActionLogs(t.db, query, sort, sort !== undefined, 1_000)) {
      sizes.push(batch.length);
      for (const log of batch) ids.push(log.id);
    }
    expect(Math.max(...sizes)).toBe(1_000);
    expect(sizes.length).toBe(Math.ceil(ids.length / 1_000));
    expect(ids).toEqual(await allIds(sqlOrder)); // complete, no duplicate, ties broken by id
  });
});

test('every versioned list streams the same way: keyset over nullable sort keys and the default order', async () => {
  const now = t.clock.now();
  const ends = [null, '2031-01-01', null, '2031-01-01', '2030-06-01', null, '2031-01-01'];
  for (const [i, end] of ends.entries()) {
    await t.db
      .insertInto('news')
      .values({
        title: `News ${i % 3}`,
        body: 'b',
        category: i % 2 ? 'event' : 'update',
        publish_start: new Date(Date.UTC(2030, 0, 1 + (i % 4))),
        publish_end: end ? new Date(end) : null,
        pinned: i % 3 === 0,
        version: 1,
        created_at: now,
        updated_at: now,
        updated_by: 'test',
      })
      .execute();
  }
  for (const sort of [undefined, ...NEWS_SORTS]) {
    for (const order of ['asc', 'desc'] as const) {
      const query = newsQuerySchema.parse({ order, pageSize: 200 });
      const listed = (await news.list(t.db, query, sort, now)).items.map((n) => n.id);
      const streamed: number[] = [];
      for await (const batch of news.exportBatches(t.db, query, sort, now, 2)) {
        expect(batch.length).toBeLessThanOrEqual(2);
        streamed.push(...batch.map((n) => n.id));
      }
      expect({ sort, order, ids: streamed }).toEqual({ sort, order, ids: listed });
    }
  }
});

test('the indexes behind the sorts and the substring search exist (pg_trgm on PGlite and PostgreSQL)', async () => {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where tablename = 'action_logs' and schemaname = current_schema()`.execute(t.db);
  const names = rows.map((r) => r.indexname);
  for (const name of [
    'action_logs_created_at_id_idx',
    'action_logs_admin_email_lower_id_idx',
    'action_logs_action_lower_id_idx',
    'action_logs_target_type_lower_id_idx',
    'action_logs_action_pattern_idx',
    'action_logs_target_created_at_id_idx',
    'action_logs_target_id_trgm_idx',
  ]) {
    expect(names).toContain(name);
  }
  expect(rows.find((r) => r.indexname === 'action_logs_target_id_trgm_idx')!.indexdef).toMatch(/USING gin .*gin_trgm_ops/);
});
