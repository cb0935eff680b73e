import { createTestApp, type TestApp } from './support/testApp';

// Scalar's plugin is ESM-only: compiled to CommonJS for jest, as fastify is (@phoenix/server/testing/commonJs).
jest.mock(require('@phoenix/server/testing/commonJs').resolveThrough(['@scalar/fastify-api-reference']), () =>
  require('@phoenix/server/testing/commonJs').esmPackageCommonJs(['@scalar/fastify-api-reference']),
);

/** The reference page where config.ts allows it (local and dev): public, reading /openapi.json, not in the document. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ apiReference: true });
});
afterAll(() => t.close());

test('/docs serves the reference page without a token, pointing at /openapi.json', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.body).toContain('/openapi.json');
  const script = page.body.match(/src="([^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();
  const asset = await t.app.inject({ method: 'GET', url: new URL(script!, 'http://x/docs/').pathname });
  expect(asset.statusCode).toBe(200);
});

test('the reference page is not in the document, and every other route still needs the token', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
  expect(Object.keys(document.paths).filter((path) => path.startsWith('/docs'))).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: '/news' })).statusCode).toBe(401);
});

test('the API reference page keeps its scripts: only the framing rule', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toBe("frame-ancestors 'none'");
  expect(page.headers['x-content-type-options']).toBe('nosniff');
});
