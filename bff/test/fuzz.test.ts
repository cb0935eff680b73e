import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import fc from 'fast-check';
import { MAX_INPUT_DEPTH } from '@phoenix/server/http';
import { shapeProblem, documentedRoutes, fetchOpenApi, type DocumentedRoute } from '@phoenix/server/testing';
import {
  bodiesFor,
  isOddParam,
  junkValue,
  pathParamsArb as paramsArb,
  queryValuesFor,
  RawJson,
  withPathParams,
} from '@phoenix/server/testing/arbitraries';
import { watchDatabase, type DbWatcher } from './support/dbFingerprint';

/**
 * Property-based input fuzzing of every mutating route in the BFF's OpenAPI document (generated
 * from the routes it registers, so a route added later is fuzzed without anyone adding it; the
 * document test checks it lists every registered route). Each route's body schema is the one the
 * document declares, the schema the route validates with; bodies come from it (valid-looking,
 * one field wrong), from junk and from nesting up to 10,000 deep; path parameters are sometimes
 * 100–10,000 characters or oddly encoded. Properties: never a 5xx; every error in the API's shape,
 * every answer with no-store; after a 4xx the database is unchanged.
 */
const RUNS_PER_ROUTE = 100;
/** Logging out (here or everywhere) would end the fuzzing session; neither reads a body. */
const SKIPPED = new Set(['POST /users/logout', 'POST /security/sign-out-everywhere']);
/**
 * A refused sign-in (or forced password change) is meant to count an attempt and to be recorded:
 * the throttle's table and the action log change on a 401.
 */
/**
 * The 503 a route answers to every valid call while its setting is missing (this app has none): the
 * staking chain (STAKING_RPC_URL). Still checked: it changes nothing, and bad bodies get their 400.
 */
const UNCONFIGURED: Record<string, string> = { 'POST /staking-changes': 'staking_chain_not_configured' };

const EXPECTED_TO_CHANGE: Record<string, string[]> = {
  'POST /users/login': ['login_attempts', 'action_logs'],
  'POST /users/change-password': ['login_attempts', 'action_logs'],
  // An invitation link that opens nothing: counted and logged, like a refused sign-in.
  'POST /users/invitation': ['login_attempts', 'action_logs'],
  'POST /users/invitation/accept': ['login_attempts', 'action_logs'],
  // A wrong current password is a refused attempt too (400 on the field, counted and logged).
  'POST /security/password': ['login_attempts', 'action_logs'],
  // A refused code after the password: counted (the challenge's attempts, the throttle) and logged.
  'POST /users/login/second-factor': ['login_attempts', 'action_logs', 'sign_in_challenges'],
  // A refused first code of an enrolment is logged.
  'POST /security/factors/:id/confirm': ['action_logs'],
  // A passkey after the password: an unknown challenge is a refused sign-in (logged); a refused
  // answer is counted too, and spends what it answered.
  'POST /users/login/passkey/options': ['action_logs'],
  'POST /users/login/passkey': ['login_attempts', 'action_logs', 'sign_in_challenges', 'webauthn_challenges'],
  // A refused passkey answer at enrolment is logged (and spends its challenge).
  'POST /security/factors/passkey': ['action_logs', 'webauthn_challenges'],
  // A wrong step-up code: counted by the throttle and logged.
  'POST /security/step-up': ['login_attempts', 'action_logs', 'webauthn_challenges'],
  // The per-session rate of error reports counts every report, a refused one too (a flood of junk is limited as well).
  'POST /releases/reports': ['request_counts'],
};
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let token: string;
let db: DbWatcher;
let documented: DocumentedRoute[];
beforeAll(async () => {
  // The local seed gives every area records with ids from 1, so routes with :id reach their body parsing.
  // No job runs here: a distribution sent by one fuzzed request would otherwise deliver while a later
  // request's "4xx leaves the database unchanged" check looks.
  t = await createTestApp({
    seedLocalData: true,
    loginThrottle: { maxFailures: 5, windowMinutes: 15, maxFailuresPerClient: 20 },
    jobs: { runWorkers: false },
  });
  token = (await signedInAdmin(t)).token;
  await t.db.deleteFrom('players').where('id', '>', 20).execute(); // the fingerprint scans every table: keep them small
  db = await watchDatabase(t.db);
  documented = documentedRoutes(await fetchOpenApi(t.app));
});
afterAll(() => t.close());

/** Path parameters as given (default 1); `version` (the optimistic lock of DELETE) fuzzed too. Lone surrogates cannot be URL-encoded. */
const urlOf = (url: string, version: string, params: readonly string[]) =>
  `${withPathParams(url, params)}?version=${encodeURIComponent(version.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`;

function send(method: string, url: string, body: unknown, version = '1', params: readonly string[] = []) {
  const payload = body instanceof RawJson ? body.text : JSON.stringify(body);
  return t.call(token, {
    method: method as 'POST',
    url: urlOf(url, version, params),
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload }),
  });
}

const versionArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant('1') },
  { weight: 1, arbitrary: junkValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
);

test('fuzzing every mutating route: never a 5xx, and a 4xx leaves the database unchanged', async () => {
  const routes = documented.filter((r) => MUTATING.has(r.method) && !SKIPPED.has(`${r.method} ${r.url}`));
  expect(routes.length).toBeGreaterThanOrEqual(10);

  const summary: string[] = [];
  let bodies = 0;
  let serverErrors = 0;
  let refused = 0;
  let deepBodies = 0;
  let oddParams = 0;
  const deepStatuses = new Map<number, number>();
  const paramStatuses = new Map<number, number>();
  const started = Date.now();
  let marked = false; // a 4xx check leaves the watcher marked; anything else needs a new mark
  for (const { method, url, body: schema } of routes) {
    const route = `${method} ${url}`;
    const routeStarted = Date.now();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodiesFor(schema), versionArb, paramsArb, async (body, version, params) => {
        if (!marked) await db.mark();
        marked = false;
        const response = await send(method, url, body, version, url.includes(':') ? params : []);
        bodies++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (body instanceof RawJson) {
          deepBodies++;
          deepStatuses.set(response.statusCode, (deepStatuses.get(response.statusCode) ?? 0) + 1);
        }
        if (url.includes(':') && isOddParam(params)) {
          oddParams++;
          paramStatuses.set(response.statusCode, (paramStatuses.get(response.statusCode) ?? 0) + 1);
        }
        // A route that refuses every call for want of its setting (documented, not caused by the input).
        const unconfigured = response.statusCode === 503 && response.json().error?.code === UNCONFIGURED[route];
        if (response.statusCode >= 500 && !unconfigured) {
          serverErrors++;
          throw new Error(`${route} answered ${response.statusCode}: ${response.body}`);
        }
        const problem = shapeProblem(response);
        if (problem) throw new Error(`${route} answered ${response.statusCode}: ${problem}`);
        if (body instanceof RawJson && body.depth > MAX_INPUT_DEPTH && response.statusCode < 400) {
          throw new Error(`${route} accepted a body nested ${body.depth} deep (${response.statusCode})`);
        }
        if (response.statusCode >= 400) {
          refused++;
          const changed = await db.changedTables(EXPECTED_TO_CHANGE[route]);
          marked = true;
          if (changed.length) throw new Error(`${route} answered ${response.statusCode} but changed ${changed.join(', ')}`);
        }
      }),
      { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: false },
    );
    const byStatus = byStatusOf(statuses);
    summary.push(`  ${route} (${schema ? 'schema-derived + junk' : 'junk only'}, ${Date.now() - routeStarted} ms): ${byStatus}`);
  }
  console.log(
    `fuzz: ${routes.length} mutating routes from openapi.json (${routes.filter((r) => r.body).length} with a body schema), ${bodies} bodies tried in ${((Date.now() - started) / 1000).toFixed(1)} s, ${refused} refused with 4xx (database unchanged each time), 5xx = ${serverErrors}\n` +
      `  nested up to 10,000 deep: ${deepBodies} bodies (${byStatusOf(deepStatuses)}); long or oddly encoded path parameters: ${oddParams} requests (${byStatusOf(paramStatuses)})\n${summary.join('\n')}`,
  );
  expect(serverErrors).toBe(0);
}, 300_000);

function byStatusOf(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
}

const QUERY_RUNS_PER_ROUTE = 40;

test('fuzzing the query string of every read route (filters, sort, paging): never a 5xx', async () => {
  const routes = documented.filter((r) => r.method === 'GET' && r.url !== '/health');
  expect(routes.length).toBeGreaterThanOrEqual(5);
  let queries = 0;
  let withSchema = 0;
  let oddParams = 0;
  const paramStatuses = new Map<number, number>();
  const failures: string[] = [];
  for (const { url, query: schema } of routes) {
    if (schema) withSchema++;
    await fc.assert(
      fc.asyncProperty(queryValuesFor(schema), paramsArb, async (pairs, params) => {
        const query = pairs
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`)
          .join('&');
        const path = withPathParams(url, params);
        const response = await t.call(token, { method: 'GET', url: `${path}?${query}` });
        queries++;
        if (url.includes(':') && isOddParam(params)) {
          oddParams++;
          paramStatuses.set(response.statusCode, (paramStatuses.get(response.statusCode) ?? 0) + 1);
        }
        const problem = response.statusCode >= 500 ? response.body : shapeProblem(response);
        if (problem) {
          failures.push(`GET ${path.slice(0, 200)}?${query} → ${response.statusCode}`);
          throw new Error(`GET ${path.slice(0, 200)}?${query} answered ${response.statusCode}: ${problem}`);
        }
      }),
      { numRuns: QUERY_RUNS_PER_ROUTE },
    );
  }
  console.log(
    `fuzz (query strings): ${routes.length} read routes from openapi.json (${withSchema} with a query schema), ${queries} queries tried, ` +
      `${oddParams} with long or oddly encoded path parameters (${byStatusOf(paramStatuses)}), 5xx or off-shape = ${failures.length}`,
  );
  expect(failures).toEqual([]);
}, 300_000);

test('the database watcher sees a committed write and ignores a rolled-back one (the check above can fail)', async () => {
  await db.mark();
  expect(await db.changedTables()).toEqual([]);
  await db.mark();
  await t.db
    .updateTable('news')
    .set({ pinned: true })
    .where('id', '=', (await t.db.selectFrom('news').select('id').limit(1).executeTakeFirstOrThrow()).id)
    .execute();
  expect(await db.changedTables()).toEqual(['news']);
  await db.mark();
  await t.db.deleteFrom('players').where('id', '=', 20).execute();
  // Its game sessions (seeded locally) go with it: a cascade is a change too.
  expect(await db.changedTables()).toEqual(['player_sessions', 'players']);
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
