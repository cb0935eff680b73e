import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { Writable } from 'node:stream';

/**
 * The operator signals: x-request-id on every response, in the request's log lines and
 * in its action-log row; one request line with the admin, never a secret; /metrics.
 * (/ready and the shutdown: readiness.test.ts, shutdown.test.ts.)
 */

/** Log lines the app writes, parsed. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, raw, stream };
}

const log = logCapture();
const ORIGIN = 'http://localhost:9999';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'info', stream: log.stream },
    corsOrigins: [ORIGIN],
    loginThrottle: { maxFailures: 2, windowMinutes: 15 },
  });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  test('every response carries one: success, 401, 404, 414, a CORS preflight, a malformed body', async () => {
    const responses = {
      health: await t.call(null, { method: 'GET', url: '/health' }),
      unauthorized: await t.call(null, { method: 'GET', url: '/admins' }),
      notFound: await t.call(null, { method: 'GET', url: '/no-such-route' }),
      longParam: await t.call(null, { method: 'GET', url: `/admins/${'9'.repeat(500)}` }),
      preflight: await t.call(null, {
        method: 'OPTIONS',
        url: '/admins',
        headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
      }),
      malformed: await t.call(null, {
        method: 'POST',
        url: '/users/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
    };
    const seen = Object.fromEntries(
      Object.entries(responses).map(([name, r]) => [name, [r.statusCode, UUID.test(String(r.headers['x-request-id']))]]),
    );
    expect(seen).toEqual({
      health: [200, true],
      unauthorized: [401, true],
      notFound: [404, true],
      longParam: [414, true],
      preflight: [204, true],
      malformed: [400, true],
    });
    expect(responses.preflight.headers['access-control-allow-headers']).toContain('x-request-id');
    expect(responses.longParam.json()).toEqual({ error: { code: 'bad_request', message: 'A part of the URL is too long' } });
    // A new id each time.
    expect(new Set(Object.values(responses).map((r) => r.headers['x-request-id'])).size).toBe(6);
  });

  test("the caller's id is kept when sane, replaced when not", async () => {
    const sent = async (id: string) =>
      (await t.call(null, { method: 'GET', url: '/health', headers: { 'x-request-id': id } })).headers['x-request-id'];
    expect(await sent('lb-7f3a.9:2_x')).toBe('lb-7f3a.9:2_x');
    expect(await sent('a'.repeat(128))).toBe('a'.repeat(128));
    for (const bad of ['a'.repeat(129), 'has space', 'quote"', 'new\u00e9line', '{json}']) expect(await sent(bad)).toMatch(UUID);
  });
});

describe('logs', () => {
  test("a change's request line and its action-log row carry the same id; the line names the admin", async () => {
    const admin = await signedInAdmin(t);
    const response = await t.call(admin.token, {
      method: 'POST',
      url: '/admins',
      payload: { email: 'traced@test.local', role: 2 },
      headers: { 'x-request-id': 'trace-me-42' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-request-id']).toBe('trace-me-42');

    const row = await t.db
      .selectFrom('action_logs')
      .selectAll()
      .where('action', '=', 'admin.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.request_id).toBe('trace-me-42');
    const line = log.lines.find((l) => l.requestId === 'trace-me-42' && l.msg === 'request');
    expect(line).toMatchObject({ level: 'info', method: 'POST', url: '/admins', route: '/admins', statusCode: 201, adminId: admin.id });
    // The host on every line (several instances write to one log store).
    expect(line).toMatchObject({ hostname: expect.any(String), pid: process.pid });
    expect(typeof line!.durationMs).toBe('number');

    // Made here when the caller sends none: the response, the line and the row agree.
    const made = await t.call(admin.token, { method: 'POST', url: '/admins', payload: { email: 'traced2@test.local', role: 2 } });
    const id = String(made.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const second = await t.db.selectFrom('action_logs').select('request_id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(second.request_id).toBe(id);
    expect(log.lines.some((l) => l.requestId === id && l.msg === 'request' && l.adminId === admin.id)).toBe(true);
  });

  test('changes outside a request (seed, CLI, tests) log no request id', async () => {
    const account = await t.createAccount({});
    const row = await t.db
      .selectFrom('action_logs')
      .select('request_id')
      .where('target_id', '=', String(account.id))
      .executeTakeFirstOrThrow();
    expect(row.request_id).toBeNull();
  });

  test('never a token or a password: not from sign-in, a guarded call, a query, or a careless log call', async () => {
    const password = 'Sw0rdfish-never-logged';
    const account = await t.createAccount({ password });
    const token = await t.login(account.email, password);
    await t.call(token, { method: 'GET', url: `/admins?token=${token}&password=${password}&q=x` });
    await t.call(null, {
      method: 'POST',
      url: '/users/change-password',
      payload: { email: account.email, currentPassword: password, newPassword: `${password}2` },
    });
    const app = t.app;
    const headers = { token, authorization: `Bearer ${token}`, cookie: `s=${token}` };
    app.log.info({ req: { method: 'GET', url: '/x', headers }, headers, body: { password, newPassword: password }, token }, 'careless');
    const text = log.raw.join('\n');
    expect(text).not.toContain(token);
    expect(text).not.toContain(password);
    const careless = log.lines.find((l) => l.msg === 'careless') as { req: object; headers: object; body: object; token: string };
    expect(careless.req).toEqual({ method: 'GET', url: '/x' }); // a request is logged without its headers
    expect(careless.headers).toEqual({ token: '[Redacted]', authorization: '[Redacted]', cookie: '[Redacted]' });
    expect(careless.body).toEqual({ password: '[Redacted]', newPassword: '[Redacted]' });
    expect(careless.token).toBe('[Redacted]');
    const query = log.lines.find((l) => l.msg === 'request' && String(l.url).startsWith('/admins?'));
    expect(query?.url).toBe('/admins?token=%5BRedacted%5D&password=%5BRedacted%5D&q=x');
  });
});

describe('/metrics', () => {
  test('the request histogram by route pattern and status, the pool, the job queues, the sign-in refusals', async () => {
    const admin = await signedInAdmin(t);
    for (let i = 0; i < 3; i++) await t.call(admin.token, { method: 'GET', url: '/admins' });
    await t.call(admin.token, { method: 'GET', url: '/action-logs/987654' }); // 404 from the route
    const victim = await t.createAccount({});
    for (let i = 0; i < 4; i++) {
      await t.call(null, { method: 'POST', url: '/users/login', payload: { email: victim.email, password: 'wrong password!' } });
    }

    const response = await t.call(null, { method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const count = (route: string, status: number) =>
      Number(
        new RegExp(
          `phoenix_http_request_duration_seconds_count\\{service="bff",method="GET",route="${route}",status="${status}"\\} (\\d+)`,
        ).exec(text)?.[1],
      );
    expect(count('/admins', 200)).toBeGreaterThanOrEqual(3);
    expect(count('/action-logs/:id', 404)).toBe(1);
    expect(text).not.toContain('987654'); // the pattern, never the raw URL
    expect(text).toMatch(
      /phoenix_http_request_duration_seconds_bucket\{le="0.005",service="bff",method="GET",route="\/admins",status="200"\}/,
    );
    expect(text).toMatch(/phoenix_db_pool_connections\{state="in_use",service="bff"\} \d+/);
    expect(text).toMatch(/phoenix_db_pool_connections\{state="waiting",service="bff"\} \d+/);
    expect(text).toMatch(/phoenix_job_queue_jobs\{queue="[^"]+",state="failed",service="bff"\} \d+/);
    expect(text).toMatch(/phoenix_job_queue_oldest_waiting_seconds\{queue="[^"]+",service="bff"\} [\d.e+-]+/);
    expect(text).toMatch(/phoenix_sign_in_throttled_total\{service="bff"\} 2/);
    // The process and runtime series keep their stock names (the standard dashboards read them).
    expect(text).toMatch(/^process_cpu_seconds_total\{service="bff"\} /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="bff"\} /m);
    expect(text).not.toMatch(/phoenix_(process|nodejs)_/);
    console.log(`metrics: ${text.split('\n').filter((l) => l && !l.startsWith('#')).length} series lines after a few requests`);
  });

  test('behind METRICS_TOKEN: refused without it or with another, read with it; off without one when deployed', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const guarded = await createTestApp({ metrics: { token } });
    try {
      const get = (authorization?: string) =>
        guarded.call(null, { method: 'GET', url: '/metrics', ...(authorization ? { headers: { authorization } } : {}) });
      const none = await get();
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.headers['x-request-id']).toMatch(UUID);
      expect(none.json().error.code).toBe('unauthorized');
      expect((await get(`Bearer ${token}x`)).statusCode).toBe(401);
      expect((await get(token)).statusCode).toBe(401);
      const read = await get(`Bearer ${token}`);
      expect(read.statusCode).toBe(200);
      expect(read.body).toContain('phoenix_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
    const off = await createTestApp({ metrics: 'off' });
    try {
      const response = await off.call(null, { method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toContain('METRICS_TOKEN');
    } finally {
      await off.close();
    }
  });
});
