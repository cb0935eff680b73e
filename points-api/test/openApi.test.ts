import { documentedRoutes, fetchOpenApi, registeredRoutes, validateOpenApi, type OpenApiDocument } from '@phoenix/server/testing';
import { createPointsTestApp, type PointsTestApp } from './support/pointsTestApp';

/** The points API's GET /openapi.json: valid OpenAPI 3.1, listing exactly the routes it registers. */
let t: PointsTestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createPointsTestApp();
  document = await fetchOpenApi(t.points);
});
afterAll(() => t.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

test('every registered points route is in openapi.json, and nothing else', () => {
  const registered = registeredRoutes(t.points).map(key).sort();
  const documented = documentedRoutes(document).map(key).sort();
  console.log(`points: ${registered.length} routes registered, ${documented.length} in openapi.json`);
  expect(registered.length).toBeGreaterThanOrEqual(20);
  expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
  expect(documented.filter((r) => !registered.includes(r))).toEqual([]);
});

test('the points openapi.json is a valid OpenAPI 3.1 document', () => {
  expect(document.openapi).toBe('3.1.0');
  const result = validateOpenApi(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
});

test('the ledger routes document the idempotency-key header, the token and the 409', () => {
  const adjust = document.paths['/point-accounts/{id}/adjustments']!.post as {
    parameters: { in: string; name: string; required?: boolean }[];
    responses: Record<string, unknown>;
    security: unknown[];
  };
  expect(adjust.parameters).toEqual(
    expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true })]),
  );
  expect(Object.keys(adjust.responses)).toEqual(['200', '201', '400', '401', '403', '404', '409', '500']);
  expect(adjust.security).toEqual([{ token: [] }]);
});
