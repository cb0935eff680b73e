import { createPointsTestApp, logsOf, type PointsTestApp } from './support/pointsTestApp';

/**
 * The points API's operator signals, from the same building blocks as the BFF's:
 * x-request-id on its responses and in the action-log rows it writes, /ready on its own migrator
 * and job runner, /metrics with its service label.
 */
let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
});
afterAll(() => t.close());

test("a change's action-log row carries the request's id; every response carries one", async () => {
  const current = (await t.call('GET', '/settings/maintenance')).json();
  const response = await t.points.inject({
    method: 'PUT',
    url: '/settings/maintenance',
    payload: { enabled: true, message: 'Traced', version: current.version },
    headers: { token: t.token, 'x-request-id': 'points-trace-7' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['x-request-id']).toBe('points-trace-7');
  const [row] = await logsOf(t, 'pointsMaintenance');
  expect(row).toMatchObject({ action: 'pointsMaintenance.enable', request_id: 'points-trace-7' });

  for (const [url, token] of [
    ['/settings/maintenance', null],
    ['/nowhere', t.token],
  ] as const) {
    const answer = await t.call('GET', url, undefined, token);
    expect([answer.statusCode, answer.headers['x-request-id']]).toEqual([
      url === '/nowhere' ? 404 : 401,
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
  }
});

test('/ready on its own migrations and job runner; /metrics with the service label', async () => {
  const ready = await t.call('GET', '/ready', undefined, null);
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ ok: true, checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });

  await t.call('GET', '/settings/maintenance');
  const metrics = await t.call('GET', '/metrics', undefined, null);
  expect(metrics.statusCode).toBe(200);
  expect(metrics.body).toMatch(
    /phoenix_http_request_duration_seconds_count\{service="points",method="GET",route="\/settings\/maintenance",status="200"\} [1-9]/,
  );
  expect(metrics.body).toMatch(/phoenix_db_pool_connections\{state="in_use",service="points"\} \d+/);
  expect(metrics.body).toMatch(/phoenix_job_queue_jobs\{queue="[^"]+",state="queued",service="points"\} \d+/);
});
