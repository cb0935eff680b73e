import { revokeSession } from '@phoenix/server/auth';
import path from 'node:path';
import type { ConsoleRole } from '@phoenix/contract';
import { checkRoleMatrixDocument, documentedRoutes, fetchOpenApi, roleMatrixDocument, runRoleMatrix } from '@phoenix/server/testing';
import { createPointsTestApp, sessionToken, signedInAdmin, type PointsTestApp } from './support/pointsTestApp';

/**
 * The points API's version of the BFF's matrix: generated from its OpenAPI document (itself made
 * from the routes it registers; openApi.test.ts), every route but /health, /ready, /metrics and
 * /openapi.json refuses a missing, malformed, revoked, expired token, a disabled admin (401)
 * and a role-1 account (403), all checked against the BFF's own session store.
 */
let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
});
afterAll(() => t.close());

/** Revokes the admin's session in the shared table, through the same block the BFF's sign-out uses. */
async function revokeRow(adminId: number): Promise<void> {
  const session = await t.shared.db.selectFrom('sessions').select('id').where('admin_id', '=', adminId).executeTakeFirstOrThrow();
  await t.shared.db.transaction().execute((trx) => revokeSession(trx, session.id, t.shared.clock.now()));
}

test('every points route × every refused caller → 401/403, and the admin gets through', async () => {
  const revoked = await signedInAdmin(t.shared);
  await revokeRow(revoked.id); // as the BFF's sign-out does
  const disabled = await signedInAdmin(t.shared);
  await t.shared.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', disabled.id).execute();
  const expiredAccount = await t.shared.createAccount({});
  const expired = await sessionToken(t.shared, expiredAccount.id, new Date(t.shared.clock.now().getTime() - 400 * 24 * 3600_000));
  // Signed in with the password alone where a second factor is required: it may only enrol one, at the BFF.
  const enrolling = await signedInAdmin(t.shared);
  await t.shared.db.updateTable('sessions').set({ enrolment_only: true }).where('admin_id', '=', enrolling.id).execute();

  const cases = [
    { name: 'no token', token: null, expected: 401 },
    { name: 'malformed token', token: 'not-a-token %%', expected: 401 },
    { name: 'revoked token', token: revoked.token, expected: 401 },
    { name: 'expired token', token: expired, expected: 401 },
    { name: 'disabled admin', token: disabled.token, expected: 401 },
    { name: 'role-1 account', token: t.operatorToken, expected: 403 },
    { name: 'session that may only enrol a second factor', token: enrolling.token, expected: 403 },
  ] as const;

  const operatorEndpoints = ['/health', '/ready', '/metrics', '/openapi.json']; // public; /metrics has its own token
  const open = t.points.routeTable.filter((r) => r.auth !== 'admin' && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
  // The game server's routes have their own token (GAME_SERVER_TOKEN: lotteryPurchase.test.ts).
  const gameServer = ['POST /game/lottery/rounds/:id/tickets'];
  expect(open.sort()).toEqual([...operatorEndpoints.map((url) => `GET ${url}`), ...gameServer].sort());
  const document = await fetchOpenApi(t.points);
  const documented = documentedRoutes(document);
  expect(
    documented
      .filter((r) => !r.needsToken)
      .map((r) => `${r.method} ${r.url}`)
      .sort(),
  ).toEqual(open.filter((route) => !gameServer.includes(route)).sort());
  // The game server's route documents its own credential, not the admin token.
  const purchase = (document as { paths: Record<string, Record<string, { security?: unknown }>> }).paths[
    '/game/lottery/rounds/{id}/tickets'
  ];
  expect(purchase?.post?.security).toEqual([{ gameServer: [] }]);
  const routes = documented.filter((r) => !operatorEndpoints.includes(r.url) && !gameServer.includes(`${r.method} ${r.url}`));
  expect(routes.length).toBeGreaterThanOrEqual(15);
  const mismatches: string[] = [];
  for (const { method, url } of routes) {
    const concrete = url.replace(/:\w+/g, '1');
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
    for (const caller of cases) {
      const response = await t.call(method as 'GET', concrete, body, caller.token);
      if (response.statusCode !== caller.expected) mismatches.push(`${method} ${url} as ${caller.name}: ${response.statusCode}`);
    }
  }
  expect(mismatches).toEqual([]);
  console.log(`points authorization matrix: ${routes.length} routes from openapi.json × ${cases.length} refused callers`);
});

test('the signed-in admin reaches the points API with the shared token; its sign-out (the session revoked) ends it here too', async () => {
  const admin = await signedInAdmin(t.shared);
  expect((await t.call('GET', '/settings/maintenance', undefined, admin.token)).statusCode).toBe(200);
  await revokeRow(admin.id);
  expect((await t.call('GET', '/settings/maintenance', undefined, admin.token)).statusCode).toBe(401);
});

test('/health answers without a token', async () => {
  const response = await t.call('GET', '/health', undefined, null);
  expect(response.json()).toEqual({ ok: true, service: 'points' });
});

test('step-up holds here too: an admin with a second factor exports wallets only within 10 minutes of proving it', async () => {
  const admin = await signedInAdmin(t.shared);
  const now = t.shared.clock.now();
  await t.shared.db
    .insertInto('admin_factors')
    .values({ admin_id: admin.id, kind: 'totp', label: 'Phone', secret: 'JBSWY3DPEHPK3PXP', confirmed_at: now, created_at: now })
    .execute();
  const verifiedAgo = (minutes: number) =>
    t.shared.db
      .updateTable('sessions')
      .set({ factor_verified_at: new Date(now.getTime() - minutes * 60_000) })
      .where('admin_id', '=', admin.id)
      .execute();
  await verifiedAgo(11);
  const refused = await t.call('GET', '/point-accounts/export.csv', undefined, admin.token);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error.code).toBe('step_up_required');
  expect((await t.call('GET', '/point-accounts', undefined, admin.token)).statusCode).toBe(200);
  await verifiedAgo(2);
  expect((await t.call('GET', '/point-accounts/export.csv', undefined, admin.token)).statusCode).toBe(200);
});

test('role matrix: every points route × every console role, held to its scope (docs/authorization-matrix/points.md)', async () => {
  const admins = new Map<ConsoleRole, number>();
  const tokenFor = async (role: ConsoleRole) => {
    if (!admins.has(role)) admins.set(role, (await t.shared.createAccount({ roles: [role] })).id);
    return sessionToken(t.shared, admins.get(role)!);
  };
  const requestFor = (method: string, url: string) => ({
    method: method as 'GET',
    url: url.replace(/:\w+/g, '1'),
    ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
  });
  const result = await runRoleMatrix({ app: t.points, tokenFor, requestFor });
  console.log(
    `points role matrix: ${result.rows.length} routes × 6 roles = ${result.requests} requests, ${result.mismatches.length} mismatches`,
  );
  expect(result.rows.length).toBeGreaterThanOrEqual(40);
  expect(result.mismatches).toEqual([]);
  const file = path.join(__dirname, '../../docs/authorization-matrix/points.md');
  expect(checkRoleMatrixDocument(file, roleMatrixDocument('points service', result.rows))).toBeNull();
});
