import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';

/** The APIs' headers (@fastify/helmet, shared/server/src/http/securityHeaders.ts), on the BFF (the points API registers the same; the reference page's: apiReference.test.ts). */
let local: TestApp;
let deployed: TestApp;
beforeAll(async () => {
  local = await createTestApp({ corsOrigins: ['http://localhost:8080'] });
  deployed = await createTestApp({ hsts: true });
});
afterAll(async () => {
  await local.close();
  await deployed.close();
});

test('a JSON answer: nosniff, no referrer, never framed, nothing to run, read by other origins only through CORS', async () => {
  const admin = await signedInAdmin(local);
  for (const response of [
    await local.call(admin.token, { method: 'GET', url: '/news?page=1&pageSize=5' }),
    await local.app.inject({ method: 'GET', url: '/news' }), // refused (401): the same headers
    await local.app.inject({ method: 'GET', url: '/health' }),
  ]) {
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-frame-options': 'SAMEORIGIN',
    });
    // Locally there is no TLS to insist on.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  }
});

test('deployed: Strict-Transport-Security for a year, subdomains included', async () => {
  const response = await deployed.app.inject({ method: 'GET', url: '/health' });
  expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

test('a browser preflight from the console still passes CORS', async () => {
  const preflight = await local.app.inject({
    method: 'OPTIONS',
    url: '/news',
    headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET', 'access-control-request-headers': 'token' },
  });
  expect(preflight.statusCode).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:8080');
});
