import { createTestApp, type TestApp } from './support/testApp';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
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
  expect(route('GET', '/news').responses).toEqual(['200', '400', '401', '403', '500']);
  expect(route('PUT', '/news/:id').responses).toEqual(['200', '400', '401', '403', '404', '409', '500']);
  expect(route('DELETE', '/news/:id').responses).toEqual(['200', '400', '401', '403', '404', '409', '500']);
  expect(route('POST', '/news').responses).toEqual(['201', '400', '401', '403', '500']);
  for (const r of routes) {
    // Every route can refuse its input (400); every route that needs the token can refuse it (401).
    const missing = ['400', ...(r.needsToken ? ['401'] : [])].filter((status) => !r.responses.includes(status));
    expect({ route: key(r), missing }).toEqual({ route: key(r), missing: [] });
  }
  // The 400 is the shape the console's forms read: one named answer, its body the ApiError schema.
  const news = document.paths['/news']!.get as { responses: Record<string, unknown> };
  expect(news.responses['400']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
  const components = document.components as {
    responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    schemas: Record<string, unknown>;
  };
  expect(components.responses.ValidationFailed!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
  expect(components.schemas.ApiError).toMatchObject({
    properties: { error: { properties: { fieldErrors: { type: 'object' }, messageKey: { type: 'string' }, code: { type: 'string' } } } },
  });
});

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op: op as unknown as Operation })),
  );

test('every operation has its operationId (unique), summary and declared tag, derived from its route and feature', () => {
  const all = operations();
  const ids = all.map(({ op }) => op.operationId);
  expect(new Set(ids).size).toBe(all.length);
  const declared = ((document as { tags?: { name: string }[] }).tags ?? []).map((tag) => tag.name);
  for (const { method, path, op } of all) {
    expect({ route: `${method} ${path}`, summary: typeof op.summary, tags: op.tags?.every((tag) => declared.includes(tag)) }).toEqual({
      route: `${method} ${path}`,
      summary: 'string',
      tags: true,
    });
  }
  const news = document.paths['/news/{id}']!.put as unknown as Operation;
  expect(news).toMatchObject({ operationId: 'putNewsById', summary: 'Update a news item (its version: 409 when stale)', tags: ['news'] });
  expect((document.paths['/ready']!.get as unknown as Operation).tags).toEqual(['service']);
  expect((document as { servers?: unknown[] }).servers).toEqual([expect.objectContaining({ url: '/' })]);
});

test('every success answer has its schema; a schema used in several places is one named component', () => {
  const missing = operations().flatMap(({ method, path, op }) =>
    Object.entries(op.responses)
      .filter(([status]) => status.startsWith('2'))
      .filter(([, answer]) => !Object.values(answer.content ?? {}).every((media) => media.schema))
      .map(([status]) => `${method} ${path} ${status}`),
  );
  expect(missing).toEqual([]);
  const news = document.paths['/news']!.get as unknown as Operation;
  expect(news.responses['200']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/NewsItemPage' });
  const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
  expect(schemas.NewsItemPage).toMatchObject({ properties: { items: { items: { $ref: '#/components/schemas/NewsItem' } } } });
  // Only what the operations use: no points API schema in the BFF's document.
  expect(schemas.LotteryRound).toBeUndefined();
});

test('the document goes compressed when the client accepts it, as it is otherwise', async () => {
  const plain = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  const gzip = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.headers.vary).toMatch(/accept-encoding/i);
  expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  const br = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  console.log(`bff openapi.json: ${plain.rawPayload.length} bytes, ${gzip.rawPayload.length} gzip, ${br.rawPayload.length} brotli`);
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
