import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { openFromMenu, useConsole } from '../support/suite.mjs';

describe('maintenance window', () => {
  const ctx = useConsole();

  it('switches maintenance on at the planned start and off at the planned end by itself, with a countdown, logged by the system', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Maintenance Status', /\/admin\/maintenance$/);
    await main.getByRole('heading', { name: /Maintenance is OFF/ }).waitFor();
    await main.getByText('No automatic switch pending.').waitFor();

    // A window a few seconds long: the form's fields are minute-precise, so it is saved through the API.
    const saved = await page.evaluate(async (api) => {
      const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
      const headers = { token, 'content-type': 'application/json' };
      const doc = await (await fetch(`${api}/maintenance`, { headers })).json();
      const now = Date.now();
      const body = {
        enabled: false,
        message: 'Window (e2e)',
        plannedStart: new Date(now + 12_000).toISOString(),
        plannedEnd: new Date(now + 24_000).toISOString(),
        version: doc.version,
      };
      return (await fetch(`${api}/maintenance`, { method: 'PUT', headers, body: JSON.stringify(body) })).status;
    }, ctx.stack.apiUrl);
    assert.equal(saved, 200);

    // The dashboard counts down to it.
    await page.goto(`${ctx.stack.hostUrl}/admin`);
    const dashboard = page.getByRole('region', { name: 'Game maintenance' });
    assert.match(await dashboard.getByTestId('dashboard-next-switch').innerText(), /Turns on by itself at .+, in 0:00:\d\d/);

    // The page too; it shows each switch when it happens, without a reload.
    await page.getByRole('link', { name: 'Open the maintenance status' }).click();
    await page.waitForURL(/\/admin\/maintenance$/);
    assert.match(await main.getByTestId('maintenance-next-switch').innerText(), /Maintenance turns on by itself at .+, in 0:00:\d\d/);
    await assertAccessible(page, 'maintenance with a pending switch');
    await main.getByRole('heading', { name: /Maintenance is ON/ }).waitFor({ timeout: 30_000 });
    await main.getByText(/Maintenance turns off by itself at/).waitFor({ timeout: 10_000 });
    await main.getByRole('heading', { name: /Maintenance is OFF/ }).waitFor({ timeout: 30_000 });
    await main.getByText('No automatic switch pending.').waitFor({ timeout: 10_000 });

    const logs = await page.evaluate(async (api) => {
      const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
      const response = await fetch(`${api}/action-logs?pageSize=10&target=maintenance`, { headers: { token } });
      return (await response.json()).items.map((log) => `${log.action} ${log.adminEmail}`);
    }, ctx.stack.apiUrl);
    assert.deepEqual(logs.slice(0, 2), [
      'maintenance.disable system (maintenance window)',
      'maintenance.enable system (maintenance window)',
    ]);
    await context.close();
  });
});
