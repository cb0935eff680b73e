import path from 'node:path';
import { createTestApp, sessionToken, signedInAdmin, type TestApp } from './support/testApp';
import type { InjectOptions } from 'fastify';
import type { ConsoleRole } from '@phoenix/contract';
import {
  checkRoleMatrixDocument,
  documentedRoutes,
  fetchOpenApi,
  roleMatrixDocument,
  runRoleMatrix,
  type DocumentedRoute,
} from '@phoenix/server/testing';

/**
 * Generated from the BFF's OpenAPI document (itself generated from the routes the app registers;
 * openApi.test.ts checks it lists every one): a route added later is in the matrix without anyone
 * adding it. Every route but the sign-in calls, the operator endpoints (/health, /ready; /metrics
 * has its own token, operatorSignals.test.ts) and the document itself × every kind of caller that
 * must be refused.
 */
const OPEN_ROUTES = new Set([
  'POST /users/login',
  'POST /users/change-password',
  'POST /users/login/second-factor',
  'POST /users/login/passkey/options',
  'POST /users/login/passkey',
  // The invitation link: its token is the proof (single-use, expiring, throttled).
  'POST /users/invitation',
  'POST /users/invitation/accept',
  // The live stream (EventSource sends no token header): its ticket, from POST /events/ticket, is the proof.
  'GET /events',
  'HEAD /events',
  'POST /users/info',
  'POST /users/logout',
  'GET /health',
  'HEAD /health',
  'GET /ready',
  'HEAD /ready',
  'GET /metrics',
  'HEAD /metrics',
  'GET /openapi.json',
  'HEAD /openapi.json',
]);

let t: TestApp;
let documented: DocumentedRoute[];
beforeAll(async () => {
  t = await createTestApp();
  documented = documentedRoutes(await fetchOpenApi(t.app));
});
afterAll(() => t.close());

interface Case {
  name: string;
  token: string | null;
  expected: 401 | 403;
  /** Refused on 'admin' routes only (a session that may only enrol a second factor reaches those routes). */
  adminRoutesOnly?: boolean;
}

/** The routes a session that may only enrol a second factor reaches: the Security page's factor routes. */
const ENROLMENT_ROUTES = [
  'GET /security/factors',
  'POST /security/factors/totp',
  'POST /security/factors/:id/confirm',
  'PATCH /security/factors/:id',
  'DELETE /security/factors/:id',
  'POST /security/recovery-codes',
  'POST /security/factors/passkey/options',
  'POST /security/factors/passkey',
];

async function refusedCallers(): Promise<Case[]> {
  const revoked = await signedInAdmin(t);
  expect((await t.call(revoked.token, { method: 'POST', url: '/users/logout' })).statusCode).toBe(200);

  const expiredAccount = await t.createAccount({});
  const longAgo = new Date(t.clock.now().getTime() - t.ctx.settings.tokenTtlMs - 60_000);
  const expired = await sessionToken(t, expiredAccount.id, longAgo);

  const disabled = await signedInAdmin(t);
  await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', disabled.id).execute();

  const operator = await t.createAccount({ role: 1 });
  const enrolling = await signedInAdmin(t);
  await t.db.updateTable('sessions').set({ enrolment_only: true }).where('admin_id', '=', enrolling.id).execute();
  return [
    { name: 'no token', token: null, expected: 401 },
    { name: 'malformed token', token: 'not-a-token %% \u00e9', expected: 401 },
    { name: 'revoked token', token: revoked.token, expected: 401 },
    { name: 'expired token', token: expired, expected: 401 },
    { name: 'disabled admin', token: disabled.token, expected: 401 },
    { name: 'role-1 account', token: await sessionToken(t, operator.id), expected: 403 },
    { name: 'session that may only enrol a second factor', token: enrolling.token, expected: 403, adminRoutesOnly: true },
  ];
}

function requestFor(method: string, url: string): InjectOptions {
  const withParams = url.replace(/:\w+/g, '1');
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return { method: method as InjectOptions['method'], url: withParams, ...(hasBody ? { payload: {} } : {}) };
}

test('authorization matrix: every registered route × every refused caller → 401/403', async () => {
  const routes = documented.filter((r) => !OPEN_ROUTES.has(`${r.method} ${r.url}`));
  expect(routes.length).toBeGreaterThanOrEqual(20); // the app registers its routes: the matrix is not empty

  const cases = await refusedCallers();
  const mismatches: string[] = [];
  let requests = 0;
  const enrolmentRoutes = new Set(ENROLMENT_ROUTES);
  for (const { method, url } of routes) {
    for (const caller of cases) {
      if (caller.adminRoutesOnly && enrolmentRoutes.has(`${method} ${url}`)) continue;
      const response = await t.call(caller.token, requestFor(method, url));
      requests++;
      if (response.statusCode !== caller.expected) {
        mismatches.push(`${method} ${url} with ${caller.name}: ${response.statusCode}, expected ${caller.expected}`);
      }
    }
  }
  console.log(
    `authorization matrix: ${routes.length} routes from openapi.json × ${cases.length} cases = ${requests} requests, ` +
      `${requests - mismatches.length} refused as expected, ${mismatches.length} mismatches`,
  );
  expect(mismatches).toEqual([]);
});

test('control: a valid admin token is let through on every read route (the matrix is not refusing everyone)', async () => {
  const admin = await signedInAdmin(t);
  const reads = documented.filter((r) => r.method === 'GET' && !OPEN_ROUTES.has(`GET ${r.url}`));
  expect(reads.length).toBeGreaterThan(0);
  for (const { method, url } of reads) {
    const response = await t.call(admin.token, requestFor(method, url));
    expect({ route: `${method} ${url}`, refused: [401, 403].includes(response.statusCode) }).toEqual({
      route: `${method} ${url}`,
      refused: false,
    });
  }
});

test('the open routes are exactly the sign-in calls, /health, /ready, /metrics and /openapi.json, in the guard and in the document', () => {
  const levelOf = (level: string) =>
    t.app.routeTable.filter((r) => r.auth === level && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
  const open = [...levelOf('public'), ...levelOf('session')];
  const expected = [...OPEN_ROUTES].filter((r) => !r.startsWith('HEAD')).sort();
  expect(open.sort()).toEqual(expected);
  expect(levelOf('enrolment').sort()).toEqual([...ENROLMENT_ROUTES].sort());
  // The document says which need the token: every one but the public routes and the session ones' own check.
  const withoutToken = documented.filter((r) => !r.needsToken).map((r) => `${r.method} ${r.url}`);
  const sessionRoutes = t.app.routeTable.filter((r) => r.auth === 'session').map((r) => `${r.method} ${r.url}`);
  expect(withoutToken.sort()).toEqual(expected.filter((r) => !sessionRoutes.includes(r)));
});

test('role matrix: every guarded route × every console role, held to its scope (docs/authorization-matrix/bff.md)', async () => {
  const admins = new Map<ConsoleRole, number>();
  const tokenFor = async (role: ConsoleRole) => {
    if (!admins.has(role)) admins.set(role, (await t.createAccount({ roles: [role] })).id);
    return sessionToken(t, admins.get(role)!); // a new session each call: a route may end the one it is called with
  };
  const result = await runRoleMatrix({ app: t.app, tokenFor, requestFor });
  console.log(`role matrix: ${result.rows.length} routes × 6 roles = ${result.requests} requests, ${result.mismatches.length} mismatches`);
  expect(result.rows.length).toBeGreaterThanOrEqual(150);
  expect(result.mismatches).toEqual([]);
  const file = path.join(__dirname, '../../docs/authorization-matrix/bff.md');
  expect(checkRoleMatrixDocument(file, roleMatrixDocument('BFF', result.rows))).toBeNull();
});
