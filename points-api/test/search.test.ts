import { createPointsTestApp, type PointsTestApp } from './support/pointsTestApp';
import type { SearchResponse } from '@phoenix/contract';

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
