import { itKeepsTheResourceContract, type ServiceTestApp } from '@phoenix/server/testing';
import { pointsTasksResource, type PointsTask } from '@phoenix/contract';
import { createPointsTestApp, logsOf, type PointsTestApp } from './support/pointsTestApp';

let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
});
afterAll(() => t.close());

/** The BFF's resource-contract tests, sent to the points API. */
const asTestApp = (): ServiceTestApp =>
  ({
    ...t.shared,
    call: (token, options) => t.points.inject({ ...options, headers: { ...options.headers, ...(token ? { token } : {}) } }),
  }) as ServiceTestApp;
itKeepsTheResourceContract({ t: asTestApp, token: () => t.token, operatorToken: () => t.operatorToken }, pointsTasksResource);

const hours = (n: number) => new Date(t.shared.clock.now().getTime() + n * 3600_000).toISOString();

async function create(input: Partial<PointsTask>): Promise<PointsTask> {
  const body = {
    title: 'Follow us',
    type: 'social',
    rewardPoints: 50,
    link: 'https://x.com/phoenix',
    startsAt: hours(-1),
    endsAt: hours(24),
    ...input,
  };
  const response = await t.call('POST', '/tasks', body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

test('create: the status comes from the window, and the change is in the BFF action log', async () => {
  const active = await create({ title: 'Join Discord' });
  expect(active).toMatchObject({ title: 'Join Discord', type: 'social', rewardPoints: 50, resetTime: null, status: 'active', version: 1 });
  const [log] = await logsOf(t, 'pointsTask');
  expect(log).toMatchObject({ action: 'pointsTask.create', target_id: String(active.id) });
  expect((await create({ startsAt: hours(2), endsAt: hours(3) })).status).toBe('scheduled');
  expect((await create({ startsAt: hours(-3), endsAt: hours(-2) })).status).toBe('ended');
});

test('status and type filter in SQL, as the record says', async () => {
  await create({ title: 'Daily login', type: 'daily', resetTime: '00:00', startsAt: hours(-5), endsAt: hours(500) });
  await create({ title: 'Mint the badge', type: 'onChain', startsAt: hours(10), endsAt: hours(20) });
  for (const status of ['active', 'scheduled', 'ended'] as const) {
    const { items } = (await t.call('GET', `/tasks?status=${status}&pageSize=100`)).json() as { items: PointsTask[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((task) => task.status === status)).toBe(true);
  }
  const daily = (await t.call('GET', '/tasks?type=daily')).json() as { items: PointsTask[] };
  expect(daily.items.map((task) => [task.title, task.resetTime])).toEqual([['Daily login', '00:00']]);
  expect((await t.call('GET', '/tasks?status=soon')).statusCode).toBe(400);
});

test('a daily task needs its reset time; other types recur never; the window runs forward', async () => {
  const base = { title: 'x', rewardPoints: 5, link: '', startsAt: hours(1), endsAt: hours(2) };
  const cases = [
    [{ ...base, type: 'daily' }, 'resetTime'],
    [{ ...base, type: 'daily', resetTime: '24:00' }, 'resetTime'],
    [{ ...base, type: 'social', resetTime: '08:00' }, 'resetTime'],
    [{ ...base, type: 'social', endsAt: hours(1) }, 'endsAt'],
    [{ ...base, type: 'social', rewardPoints: 0 }, 'rewardPoints'],
    [{ ...base, type: 'social', link: 'javascript:alert(1)' }, 'link'],
    [{ ...base, type: 'quest' }, 'type'],
  ] as const;
  for (const [body, field] of cases) {
    const response = await t.call('POST', '/tasks', body);
    expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
    expect(response.json().error.fieldErrors).toHaveProperty(field);
  }
});

test('update with its version; 409 on a stale one', async () => {
  const task = await create({ title: 'Retweet' });
  const saved = await t.call('PUT', `/tasks/${task.id}`, { ...task, rewardPoints: 80, version: 1 });
  expect(saved.json()).toMatchObject({ rewardPoints: 80, version: 2 });
  expect((await t.call('PUT', `/tasks/${task.id}`, { ...task, version: 1 })).statusCode).toBe(409);
});
