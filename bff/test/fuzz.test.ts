import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { observeParsedInputs } from '../src/http/validate';
import { bodiesFor, junkValue } from './support/arbitraries';
import { watchDatabase, type DbWatcher } from './support/dbFingerprint';

/**
 * Property-based input fuzzing of every mutating route the app registers (found at run time, so
 * a route added later is fuzzed without anyone adding it). Each route's body schema is the one
 * it really parses, observed on a probe request; bodies come from that schema (valid-looking,
 * one field wrong) and from junk. Properties: never a 5xx; after a 4xx the database is unchanged.
 */
const RUNS_PER_ROUTE = 100;
/** Logging out would end the fuzzing session; its body is ignored anyway. */
const SKIPPED = new Set(['POST /users/logout']);
/** A refused sign-in is meant to count an attempt: the throttle's table changes on a 401. */
const EXPECTED_TO_CHANGE: Record<string, string[]> = { 'POST /users/login': ['login_attempts'] };
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROBE = { __fuzzProbe__: true };

let t: TestApp;
let token: string;
let db: DbWatcher;
beforeAll(async () => {
  // The local seed gives every area records with ids from 1, so routes with :id reach their body parsing.
  t = await createTestApp({ seedLocalData: true, loginThrottle: { maxFailures: 5, windowMinutes: 15, maxFailuresPerClient: 20 } });
  token = (await signedInAdmin(t)).token;
  await t.db.deleteFrom('players').where('id', '>', 20).execute(); // the fingerprint scans every table: keep them small
  db = await watchDatabase(t.db);
});
afterAll(async () => {
  observeParsedInputs(null);
  await t.close();
});

/** Path parameters 1; `version` (the optimistic lock of DELETE) fuzzed too. Lone surrogates cannot be URL-encoded. */
const urlOf = (url: string, version: string) =>
  `${url.replace(/:\w+/g, '1')}?version=${encodeURIComponent(version.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`;

function send(method: string, url: string, body: unknown, version = '1') {
  return t.call(token, {
    method: method as 'POST',
    url: urlOf(url, version),
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  });
}

/** The schema a route parses its body with: the one whose input was our probe body. */
async function bodySchemaOf(method: string, url: string): Promise<z.ZodType | undefined> {
  let found: z.ZodType | undefined;
  observeParsedInputs((schema, input) => {
    if (isDeepStrictEqual(input, PROBE)) found = schema;
  });
  try {
    await send(method, url, PROBE);
  } finally {
    observeParsedInputs(null);
  }
  return found;
}

const versionArb = fc.oneof({ weight: 4, arbitrary: fc.constant('1') }, { weight: 1, arbitrary: junkValue.map((v) => String(v)) });

test('fuzzing every mutating route: never a 5xx, and a 4xx leaves the database unchanged', async () => {
  const routes = t.app.routeTable.filter((r) => MUTATING.has(r.method) && !SKIPPED.has(`${r.method} ${r.url}`));
  expect(routes.length).toBeGreaterThanOrEqual(10);

  const summary: string[] = [];
  let bodies = 0;
  let serverErrors = 0;
  let refused = 0;
  const started = Date.now();
  for (const { method, url } of routes) {
    const route = `${method} ${url}`;
    const routeStarted = Date.now();
    const schema = await bodySchemaOf(method, url);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodiesFor(schema), versionArb, async (body, version) => {
        await db.mark();
        const response = await send(method, url, body, version);
        bodies++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          serverErrors++;
          throw new Error(`${route} answered ${response.statusCode}: ${response.body}`);
        }
        if (response.statusCode >= 400) {
          refused++;
          const changed = await db.changedTables(EXPECTED_TO_CHANGE[route]);
          if (changed.length) throw new Error(`${route} answered ${response.statusCode} but changed ${changed.join(', ')}`);
        }
      }),
      { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: false },
    );
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    summary.push(`  ${route} (${schema ? 'schema-derived + junk' : 'junk only'}, ${Date.now() - routeStarted} ms): ${byStatus}`);
  }
  console.log(
    `fuzz: ${routes.length} mutating routes, ${bodies} bodies tried in ${((Date.now() - started) / 1000).toFixed(1)} s, ${refused} refused with 4xx (database unchanged each time), 5xx = ${serverErrors}\n${summary.join('\n')}`,
  );
  expect(serverErrors).toBe(0);
}, 300_000);

test('the database watcher sees a committed write and ignores a rolled-back one (the check above can fail)', async () => {
  await db.mark();
  expect(await db.changedTables()).toEqual([]);
  await db.mark();
  await t.db.updateTable('news').set({ pinned: true }).where('id', '=', (await t.db.selectFrom('news').select('id').limit(1).executeTakeFirstOrThrow()).id).execute();
  expect(await db.changedTables()).toEqual(['news']);
  await db.mark();
  await t.db.deleteFrom('players').where('id', '=', 20).execute();
  expect(await db.changedTables()).toEqual(['players']);
  await db.mark();
  await t.db
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('active_flags').execute();
      throw new Error('roll back');
    })
    .catch(() => undefined);
  expect(await db.changedTables()).toEqual([]);
});
