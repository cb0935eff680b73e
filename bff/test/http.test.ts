import { createTestApp, signedInAdmin, type TestApp, postRaw } from './support/testApp';
import { sql } from 'kysely';
import { apiErrorSchema } from '@phoenix/contract';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ corsOrigins: ['http://localhost:8080'] });
  token = (await signedInAdmin(t)).token;
});
afterAll(() => t.close());

test('GET /health needs no token', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ ok: true });
});

test('malformed JSON → 400 in the error shape', async () => {
  const response = await postRaw(t, token, '/constant-variables', '{"key": "a",');
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: { code: 'validation_failed', message: 'The request body is not valid JSON', messageKey: 'the_request_body_is_not_valid_json' },
  });
  const login = await postRaw(t, null, '/users/login', 'not json');
  expect(login.statusCode).toBe(400);
});

test('unknown route → 404 JSON', async () => {
  const response = await t.call(token, { method: 'GET', url: '/no/such/route' });
  expect(response.statusCode).toBe(404);
  expect(response.json().error.code).toBe('not_found');
  expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
  expect((await t.call(null, { method: 'GET', url: '/no/such/route' })).statusCode).toBe(404);
});

test('a non-JSON content type → 415 in the error shape', async () => {
  const response = await postRaw(t, token, '/constant-variables', '<hello/>', 'application/xml');
  expect(response.statusCode).toBe(415);
  expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
});

test('every route except login, the one-time password change, info, logout and the operator endpoints refuses a request without a token', async () => {
  const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  expect(routes.length).toBeGreaterThanOrEqual(12);
  const notAdminOnly = routes.filter((r) => r.auth !== 'admin').map((r) => `${r.method} ${r.url} ${r.auth}`);
  expect(notAdminOnly.sort()).toEqual([
    // The Security page's factor routes: a session that may only enrol a second factor reaches them (still a token).
    'DELETE /security/factors/:id enrolment',
    // Live updates: EventSource sends no header, so the stream checks its short-lived ticket itself (features/liveEvents).
    'GET /events public',
    'GET /health public',
    // Operator endpoints: /metrics checks METRICS_TOKEN itself (shared/server/src/http/metrics.ts).
    'GET /metrics public',
    // The API's description (OpenAPI 3.1): its shape, no data (docs/api.md).
    'GET /openapi.json public',
    'GET /ready public',
    'GET /security/factors enrolment',
    'PATCH /security/factors/:id enrolment',
    'POST /security/factors/:id/confirm enrolment',
    'POST /security/factors/passkey enrolment',
    'POST /security/factors/passkey/options enrolment',
    'POST /security/factors/totp enrolment',
    'POST /security/recovery-codes enrolment',
    // Proves the one-time password itself (no token exists yet), throttled like login.
    'POST /users/change-password public',
    'POST /users/info session',
    'POST /users/invitation public',
    'POST /users/invitation/accept public',
    'POST /users/login public',
    // The code after the password: proves the challenge the login answered (no token yet), throttled.
    // A passkey after the password: options for, then an answer to, the login's challenge (no token yet).
    'POST /users/login/passkey public',
    'POST /users/login/passkey/options public',
    'POST /users/login/second-factor public',
    'POST /users/logout session',
  ]);
  for (const { method, url, auth } of routes) {
    if (auth === 'public') continue;
    const response = await t.app.inject({ method: method as 'GET', url: url.replace(/:\w+/g, '1') });
    expect({ route: `${method} ${url}`, status: response.statusCode }).toEqual({ route: `${method} ${url}`, status: 401 });
  }
  // and a role-1 token is refused everywhere but info and logout
  const operator = await signedInAdmin(t, 1);
  for (const { method, url, auth } of routes) {
    if (auth !== 'admin') continue;
    const response = await t.call(operator.token, { method: method as 'GET', url: url.replace(/:\w+/g, '1') });
    expect({ route: `${method} ${url}`, status: response.statusCode }).toEqual({ route: `${method} ${url}`, status: 403 });
  }
});

test('CORS: allowed origin gets headers, preflight allows the token header', async () => {
  const preflight = await t.app.inject({
    method: 'OPTIONS',
    url: '/constant-variables/1',
    headers: {
      origin: 'http://localhost:8080',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'token,content-type',
    },
  });
  expect(preflight.statusCode).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:8080');
  expect(String(preflight.headers['access-control-allow-headers'])).toContain('token');
  const denied = await t.app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://evil.example' } });
  expect(denied.headers['access-control-allow-origin']).toBeUndefined();
});

test('an unexpected error → 500 without internals', async () => {
  await sql`alter table constant_variables rename to constant_variables_gone`.execute(t.db);
  try {
    const response = await t.call(token, { method: 'GET', url: '/constant-variables' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong. Try again later.' } });
  } finally {
    await sql`alter table constant_variables_gone rename to constant_variables`.execute(t.db);
  }
});

describe('400, never 500, for values PostgreSQL would refuse', () => {
  const news = (overrides: Record<string, unknown>) => ({
    title: 'Hello',
    body: 'World',
    category: 'update',
    publishStart: '2030-01-01T00:00:00Z',
    publishEnd: null,
    pinned: false,
    ...overrides,
  });
  const expectFieldError = (
    response: { statusCode: number; json(): { error: { code: string; fieldErrors: Record<string, string[]> } } },
    field: string,
  ) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
  };

  test('a NUL character in a text field, a key, a query filter or a path parameter', async () => {
    expectFieldError(await t.call(token, { method: 'POST', url: '/news', payload: news({ title: 'a\u0000b' }) }), 'title');
    expectFieldError(await t.call(token, { method: 'POST', url: '/news', payload: { ...news({}), 'x\u0000': 1 } }), 'x\u0000');
    // In a list: a string entry, and a key of an object entry (the path names the entry's index).
    const validate = (ids: unknown[]) => t.call(token, { method: 'POST', url: '/players/validate-ids', payload: { ids } });
    expectFieldError(await validate([1, 2, 'a\u0000']), 'ids.2');
    expectFieldError(await validate([1, { ok: 'x', ['k\u0000']: 1 }]), 'ids.1.k\u0000');
    expectFieldError(await validate([1, [3, ['\u0000']]]), 'ids.1.1.0');
    expectFieldError(await t.call(token, { method: 'GET', url: '/news?q=a%00b' }), 'q');
    expectFieldError(await t.call(token, { method: 'GET', url: '/action-logs?action=a%00b' }), 'action');
    expectFieldError(await t.call(token, { method: 'GET', url: '/constant-variables?q=%00' }), 'q');
    expect((await t.call(token, { method: 'GET', url: '/news/1%00' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/users/login', payload: { email: 'a\u0000@b.c', password: 'x' } })).statusCode).toBe(
      400,
    );
  });

  test('a path id past the largest PostgreSQL integer', async () => {
    expectFieldError(await t.call(token, { method: 'GET', url: '/news/2147483648' }), 'id');
    expectFieldError(await t.call(token, { method: 'DELETE', url: '/news/99999999999999999999?version=1' }), 'id');
    expect((await t.call(token, { method: 'GET', url: '/news/2147483647' })).statusCode).toBe(404);
  });

  test('a version past the largest PostgreSQL integer', async () => {
    const created = await t.call(token, { method: 'POST', url: '/news', payload: news({}) });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expectFieldError(await t.call(token, { method: 'DELETE', url: `/news/${id}?version=2147483648` }), 'version');
  });

  test.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['a year a driver would read back as 20xx', '0001-01-01T00:00:00Z'],
    ['an offset past +15:59', '2030-01-01T00:00:00+16:00'],
    ['an offset past -15:59', '2030-01-01T00:00:00-23:59'],
    ['past year 9999 in UTC', '9999-12-31T23:59:59-15:59'],
  ])('a datetime the schema format allows but PostgreSQL refuses: %s', async (_name, value) => {
    expectFieldError(await t.call(token, { method: 'POST', url: '/news', payload: news({ publishStart: value }) }), 'publishStart');
  });

  test('a datetime at the edges PostgreSQL accepts is stored', async () => {
    const response = await t.call(token, {
      method: 'POST',
      url: '/news',
      payload: news({ publishStart: '1900-01-01T15:59:00+15:59', publishEnd: '9999-12-31T08:00:00-15:59' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().publishStart).toBe('1900-01-01T00:00:00.000Z');
    expect(response.json().publishEnd).toBe('9999-12-31T23:59:00.000Z');
  });

  test('a value the schemas let through but the database refuses is still a 400', async () => {
    await sql`alter table news add constraint news_test_no_zzz check (title <> 'zzz')`.execute(t.db);
    try {
      const response = await t.call(token, { method: 'POST', url: '/news', payload: news({ title: 'zzz' }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'validation_failed',
        message: 'Some fields are invalid',
        messageKey: 'some_fields_are_invalid',
        fieldErrors: { _form: ['A value is out of range or not allowed'] },
        fieldErrorKeys: { _form: ['a_value_is_out_of_range_or_not_allowed'] },
      });
    } finally {
      await sql`alter table news drop constraint news_test_no_zzz`.execute(t.db);
    }
  });
});
