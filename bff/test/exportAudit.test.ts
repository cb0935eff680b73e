import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import type { ActionLog } from '@phoenix/contract';

/** Every export leaves its row in the action log (shared/server/src/http/exportAudit.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The export rows of the log, newest first; written after the response, so waited for. */
async function exportRows(admin: { token: string }, expected: number): Promise<ActionLog[]> {
  for (let attempt = 0; ; attempt++) {
    const { items } = (await t.call(admin.token, { method: 'GET', url: '/action-logs?target=export&pageSize=50' })).json();
    if (items.length >= expected || attempt > 50) return items;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('an export writes who, the route, the filter, the rows sent and that it was complete', async () => {
  const admin = await signedInAdmin(t);
  for (const key of ['audit.one', 'audit.two', 'other.three']) {
    await t.call(admin.token, { method: 'POST', url: '/constant-variables', payload: { key, type: 'number', value: '1' } });
  }
  const response = await t.call(admin.token, { method: 'GET', url: '/constant-variables/export.csv?q=audit' });
  expect(response.statusCode).toBe(200);
  const sent = response.body.trim().split('\r\n').length - 1; // without the header
  const [row] = await exportRows(admin, 1);
  expect(row).toMatchObject({
    adminId: admin.id,
    adminEmail: admin.email,
    action: 'constant-variables.export',
    targetType: 'export',
    after: { route: 'GET /constant-variables/export.csv', filter: { q: 'audit' }, rows: sent, complete: true, status: 200 },
  });
  expect(sent).toBe(2);
});

test('an export refused by the guard writes nothing; each export that runs writes one row', async () => {
  const admin = await signedInAdmin(t);
  const before = (await exportRows(admin, 0)).length;
  const viewer = await t.createAccount({ roles: ['viewer'] });
  const viewerToken = await t.login(viewer.email, viewer.password);
  expect((await t.call(viewerToken, { method: 'GET', url: '/constant-variables/export.csv' })).statusCode).toBe(403);
  expect((await t.call(admin.token, { method: 'GET', url: '/action-logs/export.csv' })).statusCode).toBe(200);
  const rows = await exportRows(admin, before + 1);
  expect(rows.length).toBe(before + 1);
  expect(rows[0]).toMatchObject({ action: 'action-logs.export', adminId: admin.id });
});
