// First: its jest.mock calls make kysely (ESM-only), PGlite and Fastify loadable in jest.
import { documentedRoutes, fetchOpenApi, shapeProblem } from '@phoenix/server/testing';
import { bodiesFor, fc, isOddParam, pathParamsArb, RawJson, withPathParams } from '@phoenix/server/testing/arbitraries';
import { MAX_INPUT_DEPTH } from '@phoenix/server/http';
import { createPointsTestApp, type PointsTestApp } from './support/pointsTestApp';

/**
 * The BFF's input fuzzing, for what the points API shares with it (JSON parser, input guards,
 * router errors, schema validation): every route in its OpenAPI document, signed in, with bodies
 * derived from the route's documented body schema (valid-looking or one field wrong), nested up
 * to 10,000 deep or junk, and path parameters of 100–10,000 characters or odd encodings. Never a 5xx, every error in
 * the API's shape, every answer no-store, no body past the depth limit accepted.
 */
const RUNS_PER_ROUTE = 40;

let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
});
afterAll(() => t.close());

test('fuzzing every points route with deep bodies and long or odd path parameters', async () => {
  const routes = documentedRoutes(await fetchOpenApi(t.points)).filter((r) => r.url !== '/health');
  expect(routes.length).toBeGreaterThanOrEqual(15);
  const statuses = new Map<number, number>();
  let requests = 0;
  let deep = 0;
  let oddParams = 0;
  const failures: string[] = [];
  for (const { method, url, body: schema } of routes) {
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
    await fc.assert(
      fc.asyncProperty(bodiesFor(schema), pathParamsArb, async (body, params) => {
        const path = withPathParams(url, url.includes(':') ? params : []);
        const response = await t.points.inject({
          method: method as 'POST',
          url: method === 'DELETE' ? `${path}?version=1` : path,
          // A fresh idempotency key, so a valid-looking ledger change reaches its handler.
          headers: {
            token: t.token,
            'idempotency-key': `fuzz-key-${requests}`,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: body instanceof RawJson ? body.text : JSON.stringify(body) } : {}),
        });
        requests++;
        if (hasBody && body instanceof RawJson) deep++;
        if (url.includes(':') && isOddParam(params)) oddParams++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const problem =
          response.statusCode >= 500
            ? response.body
            : (shapeProblem(response) ??
              (hasBody && body instanceof RawJson && body.depth > MAX_INPUT_DEPTH && response.statusCode < 400
                ? 'accepted a too-deep body'
                : null));
        if (problem) {
          failures.push(`${method} ${path.slice(0, 120)} → ${response.statusCode}`);
          throw new Error(`${method} ${path.slice(0, 200)} answered ${response.statusCode}: ${problem}`);
        }
      }),
      { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
  }
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `points fuzz: ${routes.length} routes from openapi.json (${routes.filter((r) => r.body).length} with a body schema), ${requests} requests (${deep} bodies nested up to 10,000 deep, ${oddParams} with long or odd path parameters): ${byStatus}; 5xx or off-shape = ${failures.length}`,
  );
  expect(failures).toEqual([]);
}, 300_000);
