import { newsResource, type NewsItem } from '@phoenix/contract';
import { at, DAY, HOUR, lastLog, logCount, useSystemApp, createdNow, csvLines, refusedFieldErrors } from './support/system';
import { itKeepsTheResourceContract, itReturns404 } from '@phoenix/server/testing';

const { app, call, contract } = useSystemApp();

function draft(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Season update',
    body: '## Hello\n\n<script>alert(1)</script> **bold**',
    category: 'update',
    publishStart: at(app.t, -HOUR),
    publishEnd: at(app.t, DAY),
    pinned: false,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<NewsItem> {
  const response = await call('POST', '/news', draft(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('contract', () => {
  itKeepsTheResourceContract(contract, newsResource);
});

describe('create and read', () => {
  test('POST → 201 in API shape, body stored as typed (no HTML rendering); GET /:id returns it; action log has after', async () => {
    const created = await create({ pinned: true, publishStart: '2030-01-15T17:00:00+09:00' });
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Season update',
      body: '## Hello\n\n<script>alert(1)</script> **bold**',
      category: 'update',
      publishStart: '2030-01-15T08:00:00.000Z',
      publishEnd: at(app.t, DAY),
      pinned: true,
      status: 'published',
      ...createdNow(app.t),
    });
    const read = await call('GET', `/news/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    const log = await lastLog(app.t, 'news', created.id);
    expect(log).toMatchObject({ action: 'news.create', before: null, after: created });
  });

  test('publishEnd and pinned are optional (null / false)', async () => {
    const { publishEnd: _e, pinned: _p, ...rest } = draft();
    const response = await call('POST', '/news', rest);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ publishEnd: null, pinned: false, status: 'published' });
  });

  test('GET of a missing id → 404; a non-numeric id → 400', async () => {
    const missing = await call('GET', '/news/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    expect((await call('GET', '/news/abc')).statusCode).toBe(400);
  });
});

describe('validation', () => {
  const fieldErrorsOf = (payload: unknown, method: 'POST' | 'PUT' = 'POST', url = '/news') =>
    refusedFieldErrors(app.t, call, method, url, payload);

  test('publish end before (or equal to) start', async () => {
    expect((await fieldErrorsOf(draft({ publishStart: at(app.t, DAY), publishEnd: at(app.t, HOUR) }))).publishEnd).toEqual([
      'Publish end must be after publish start',
    ]);
    expect((await fieldErrorsOf(draft({ publishStart: at(app.t, DAY), publishEnd: at(app.t, DAY) }))).publishEnd).toEqual([
      'Publish end must be after publish start',
    ]);
  });

  test('title required and at most 120 characters', async () => {
    expect((await fieldErrorsOf(draft({ title: '   ' }))).title).toEqual(['Title is required']);
    expect((await fieldErrorsOf(draft({ title: 'x'.repeat(121) }))).title).toEqual(['Title is at most 120 characters']);
    expect((await call('POST', '/news', draft({ title: 'x'.repeat(120) }))).statusCode).toBe(201);
  });

  test('body required and at most 20,000 characters', async () => {
    expect((await fieldErrorsOf(draft({ body: ' \n ' }))).body).toEqual(['Body is required']);
    expect((await fieldErrorsOf(draft({ body: 'x'.repeat(20_001) }))).body).toEqual(['Body is at most 20,000 characters']);
    expect((await call('POST', '/news', draft({ body: 'x'.repeat(20_000) }))).statusCode).toBe(201);
  });

  test('category, datetimes and pinned', async () => {
    expect((await fieldErrorsOf(draft({ category: 'gossip' }))).category).toEqual(['Pick a category']);
    expect((await fieldErrorsOf(draft({ publishStart: '2030-01-15T09:00:00' }))).publishStart).toEqual([
      'Enter a date and time with a time zone',
    ]);
    expect((await fieldErrorsOf(draft({ publishStart: undefined }))).publishStart).toEqual(['Required']);
    expect((await fieldErrorsOf(draft({ publishEnd: 'tomorrow' }))).publishEnd).toBeDefined();
    expect((await fieldErrorsOf(draft({ pinned: 'yes' }))).pinned).toEqual(['Pinned is true or false']);
  });

  test('PUT needs a version; the same rules apply', async () => {
    const item = await create();
    expect((await fieldErrorsOf({ ...draft() }, 'PUT', `/news/${item.id}`)).version).toBeDefined();
    expect((await fieldErrorsOf({ ...draft({ publishEnd: at(app.t, -DAY) }), version: 1 }, 'PUT', `/news/${item.id}`)).publishEnd).toEqual([
      'Publish end must be after publish start',
    ]);
  });
});

describe('update, delete and concurrency', () => {
  test('PUT saves, bumps the version and logs before/after', async () => {
    const item = await create({ title: 'Before' });
    app.t.clock.advanceMinutes(1);
    const response = await call('PUT', `/news/${item.id}`, { ...draft({ title: 'After', pinned: true }), version: 1 });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ title: 'After', pinned: true, version: 2, createdAt: item.createdAt });
    expect(saved.updatedAt).toBe(app.t.clock.now().toISOString());
    const log = await lastLog(app.t, 'news', item.id);
    expect(log).toMatchObject({ action: 'news.update', before: { ...item }, after: saved });
  });

  test('a stale PUT → 409 with the current record; nothing overwritten or logged', async () => {
    const item = await create({ title: 'One' });
    const first = await call('PUT', `/news/${item.id}`, { ...draft({ title: 'Two' }), version: 1 });
    expect(first.statusCode).toBe(200);
    const before = await logCount(app.t);
    const second = await call('PUT', `/news/${item.id}`, { ...draft({ title: 'Three' }), version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('conflict');
    expect(second.json().error.current).toEqual(first.json());
    expect(await logCount(app.t)).toBe(before);
    expect((await call('GET', `/news/${item.id}`)).json().title).toBe('Two');
  });

  itReturns404(contract, 'PUT of a missing record → 404', [['PUT', '/news/999999', () => ({ ...draft(), version: 1 })]]);

  test('DELETE: version required, stale → 409, right → ok and logged with before, again → 404', async () => {
    const item = await create();
    const updated = (await call('PUT', `/news/${item.id}`, { ...draft({ title: 'v2' }), version: 1 })).json();
    expect((await call('DELETE', `/news/${item.id}`)).statusCode).toBe(400);
    const stale = await call('DELETE', `/news/${item.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual(updated);
    const ok = await call('DELETE', `/news/${item.id}?version=2`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(await lastLog(app.t, 'news', item.id)).toMatchObject({ action: 'news.delete', before: updated, after: null });
    expect((await call('GET', `/news/${item.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/news/${item.id}?version=2`)).statusCode).toBe(404);
  });
});

describe('list: search, filters, derived status, sort, pagination, export', () => {
  let scheduled: NewsItem;
  let live: NewsItem;
  let ending: NewsItem;
  beforeAll(async () => {
    await app.t.db.deleteFrom('news').execute();
    scheduled = await create({ title: 'Gamma soon', category: 'event', publishStart: at(app.t, 2 * HOUR), publishEnd: at(app.t, DAY) });
    live = await create({ title: 'alpha live', category: 'update', publishStart: at(app.t, -DAY), publishEnd: null, pinned: true });
    ending = await create({
      title: 'Beta ending',
      category: 'notice',
      body: 'contains a NEEDLE',
      publishStart: at(app.t, -DAY),
      publishEnd: at(app.t, HOUR),
    });
  });

  const titles = (body: { items: NewsItem[] }) => body.items.map((i) => i.title);

  test('status is derived from the window and the clock, in the list filter too (total right)', async () => {
    const published = (await call('GET', '/news?status=published&sort=title')).json();
    expect(titles(published)).toEqual(['alpha live', 'Beta ending']);
    expect(published.total).toBe(2);
    expect(published.items.every((i: NewsItem) => i.status === 'published')).toBe(true);
    expect(titles((await call('GET', '/news?status=scheduled')).json())).toEqual(['Gamma soon']);
    expect((await call('GET', '/news?status=expired')).json().total).toBe(0);

    app.t.clock.advanceMinutes(150); // 2.5 h later: Gamma started, Beta ended
    expect(titles((await call('GET', '/news?status=published&sort=title')).json())).toEqual(['alpha live', 'Gamma soon']);
    const expired = (await call('GET', '/news?status=expired')).json();
    expect(titles(expired)).toEqual(['Beta ending']);
    expect(expired.items[0].status).toBe('expired');
    expect((await call('GET', '/news?status=scheduled')).json().total).toBe(0);
    expect((await call('GET', `/news/${scheduled.id}`)).json().status).toBe('published');
  });

  test('q searches title and body case-insensitively; category filter; empty filter = none', async () => {
    expect(titles((await call('GET', '/news?q=needle')).json())).toEqual(['Beta ending']);
    expect(titles((await call('GET', '/news?q=ALPHA')).json())).toEqual(['alpha live']);
    expect((await call('GET', '/news?q=%25')).json().total).toBe(0);
    expect(titles((await call('GET', '/news?category=event')).json())).toEqual(['Gamma soon']);
    expect((await call('GET', '/news?category=&status=')).json().total).toBe(3);
  });

  test('default order: pinned first, then newest publish start; sorts and pages', async () => {
    expect(titles((await call('GET', '/news')).json())[0]).toBe('alpha live');
    expect(titles((await call('GET', '/news?sort=title')).json())).toEqual(['alpha live', 'Beta ending', 'Gamma soon']);
    expect(titles((await call('GET', '/news?sort=publishStart&order=desc')).json())[0]).toBe('Gamma soon');
    expect(titles((await call('GET', '/news?sort=category')).json())).toEqual(['Gamma soon', 'Beta ending', 'alpha live']);
    const page2 = (await call('GET', '/news?sort=title&pageSize=2&page=2')).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(titles(page2)).toEqual(['Gamma soon']);
    for (const sort of ['publishEnd', 'pinned', 'updatedAt']) {
      expect((await call('GET', `/news?sort=${sort}`)).statusCode).toBe(200);
    }
  });

  test('bad filters and sorts → 400 with fieldErrors', async () => {
    expect((await call('GET', '/news?status=live')).json().error.fieldErrors.status).toBeDefined();
    expect((await call('GET', '/news?category=gossip')).json().error.fieldErrors.category).toBeDefined();
    expect((await call('GET', '/news?sort=body')).json().error.fieldErrors.sort).toBeDefined();
  });

  test('CSV export of the current filter', async () => {
    const lines = await csvLines(call, '/news/export.csv?status=published&sort=title', 'news.csv');
    expect(lines[0]).toBe('id,title,category,status,publishStart,publishEnd,pinned,body,version,updatedAt,updatedBy');
    expect(lines).toHaveLength(1 + 2 + 1);
    expect(lines[1]).toContain(`${live.id},alpha live,update,published,`);
    expect(lines.join('\n')).not.toContain(String(ending.title));
  });
});
