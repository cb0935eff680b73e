import { createTestApp, type TestApp } from './support/testApp';
import { documentedRoutes, fetchOpenApi, registeredRoutes, validateOpenApi, type OpenApiDocument } from '@phoenix/server/testing';

/**
 * GET /openapi.json: a valid OpenAPI 3.1 document (checked by a maintained validator) listing
 * exactly the routes the BFF registers (Fastify's route table), each with its auth requirement
 * and its error answers. Served without a token.
 */
let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  document = await fetchOpenApi(t.app);
});
afterAll(() => t.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

test('every registered route is in openapi.json, and nothing else', () => {
  const registered = registeredRoutes(t.app).map(key).sort();
  const documented = documentedRoutes(document).map(key).sort();
  console.log(`bff: ${registered.length} routes registered, ${documented.length} in openapi.json`);
  expect(registered.length).toBeGreaterThan(100);
  expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
  expect(documented.filter((r) => !registered.includes(r))).toEqual([]);
});

test('openapi.json is a valid OpenAPI 3.1 document', () => {
  expect(document.openapi).toBe('3.1.0');
  const result = validateOpenApi(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
});

test('the validator refuses a broken document (the check above can fail)', () => {
  const broken = structuredClone(document);
  (broken.paths['/news'] as Record<string, unknown>).get = { responses: 'none' };
  expect(validateOpenApi(broken).valid).toBe(false);
});

test('each route states its token requirement, request schemas and error answers', () => {
  expect(document.components?.securitySchemes).toEqual({ token: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'token' }) });
  const routes = documentedRoutes(document);
  const route = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)!;

  expect(route('POST', '/users/login')).toMatchObject({ needsToken: false, body: { type: 'object', required: ['email', 'password'] } });
  expect(route('POST', '/users/login').responses).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
  expect(route('GET', '/news')).toMatchObject({
    needsToken: true,
    query: { properties: expect.objectContaining({ page: expect.anything() }) },
  });
  expect(route('GET', '/news').responses).toEqual(['200', '400', '401', '403']);
  expect(route('PUT', '/news/:id').responses).toEqual(['200', '400', '401', '403', '404', '409']);
  expect(route('DELETE', '/news/:id').responses).toEqual(['200', '400', '401', '403', '404', '409']);
  expect(route('POST', '/news').responses).toEqual(['201', '400', '401', '403']);
  for (const r of routes) {
    // Every route can refuse its input (400); every route that needs the token can refuse it (401).
    const missing = ['400', ...(r.needsToken ? ['401'] : [])].filter((status) => !r.responses.includes(status));
    expect({ route: key(r), missing }).toEqual({ route: key(r), missing: [] });
  }
  // The 400 is the shape the console's forms read.
  const news = document.paths['/news']!.get as { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
  expect(news.responses['400']!.content['application/json']!.schema).toMatchObject({
    properties: { error: { properties: { fieldErrors: { type: 'object' } } } },
  });
});

test('a body refused by its route schema answers the 400 the forms read (fieldErrors by field path)', async () => {
  const response = await t.call(null, { method: 'POST', url: '/users/login', payload: { email: 'not-an-email', password: '' } });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: {
      code: 'validation_failed',
      message: 'Some fields are invalid',
      messageKey: 'some_fields_are_invalid',
      fieldErrors: { email: [expect.any(String)], password: [expect.any(String)] },
      // The message keys the console translates (shared/contract errorMessages.ts).
      fieldErrorKeys: { email: ['enter_a_valid_email_address'], password: ['password_is_required'] },
    },
  });
});

test('/docs is not served unless asked for (local and dev: config.ts apiReference)', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
});
